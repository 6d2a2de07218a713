import { Trans, useLingui } from '@lingui/react/macro';
import { CORRECTABLE_FIELDS, REQUESTABLE_DOCUMENTS } from '../../../../../contract/application';
import { NOTES_MAX } from '../../../../../contract/officer';
import { TextAreaField } from '../../../../components/ui/field';
import { APPLICANT_LABELS, DOCUMENT_LABELS } from '../../../../lib/application-labels';
import type { CaseDraft } from '../../api/case-draft';
import { runOfficerAction } from '../../api/officer-api';
import { ACTIONS } from '../../labels';
import { DecisionDialog } from './decision-dialog';
import { ReasonPicker } from './reason-picker';
import { useReasons } from './use-reasons';
import styles from './decisions.module.css';

type RequestDraft = NonNullable<CaseDraft['request']>;
const EMPTY: RequestDraft = { reason_codes: [], message: '', documents: [], fields: [] };

function toggle<T>(list: T[], item: T, on: boolean): T[] {
  return on ? [...list, item] : list.filter((x) => x !== item);
}

/**
 * "Ask the citizen" instead of rejecting: the documents to send again and the fields to correct,
 * at least one reason from the catalogue, and a message if needed. The clock stops until the
 * citizen answers. Saved as the case's draft while it is being written.
 */
export function RequestDialog({
  caseId,
  ticket,
  isOpen,
  draft,
  onDraft,
  onClose,
  onDone,
  onStale,
}: {
  caseId: number;
  ticket: string;
  isOpen: boolean;
  draft: RequestDraft | undefined;
  onDraft(draft: RequestDraft): void;
  onClose(): void;
  onDone(): void;
  onStale?(): void;
}) {
  const { t, i18n } = useLingui();
  const { reasons } = useReasons(isOpen);
  const value = { ...EMPTY, ...draft };
  const set = (patch: Partial<RequestDraft>) => onDraft({ ...value, ...patch });
  const text = ACTIONS['request-information'];
  return (
    <DecisionDialog
      onStale={onStale}
      isOpen={isOpen}
      onClose={onClose}
      title={
        <>
          {i18n._(text.label)} · {ticket}
        </>
      }
      explain={i18n._(text.explain)}
      submitLabel={t`Send to the citizen`}
      check={() =>
        value.documents.length + value.fields.length === 0
          ? t`Choose at least one document to send again or one field to correct.`
          : value.reason_codes.length === 0
            ? t`Choose at least one reason from the list.`
            : null
      }
      send={(key) =>
        runOfficerAction(
          caseId,
          'request-information',
          {
            reason_codes: value.reason_codes,
            documents: value.documents,
            fields: value.fields,
            ...(value.message.trim() ? { message: value.message.trim() } : {}),
          },
          key,
        )
      }
      onSent={onDone}
    >
      <div className={styles.columns}>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>
            <Trans>Documents to send again</Trans>
          </legend>
          {REQUESTABLE_DOCUMENTS.map((kind) => (
            <label key={kind} className={styles.check}>
              <input
                type="checkbox"
                checked={value.documents.includes(kind)}
                onChange={(e) => set({ documents: toggle(value.documents, kind, e.target.checked) })}
              />
              <span>{i18n._(DOCUMENT_LABELS[kind])}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>
            <Trans>Fields to correct</Trans>
          </legend>
          <div className={styles.fieldChecks}>
            {CORRECTABLE_FIELDS.map((field) => (
              <label key={field} className={styles.check}>
                <input
                  type="checkbox"
                  checked={value.fields.includes(field)}
                  onChange={(e) => set({ fields: toggle(value.fields, field, e.target.checked) })}
                />
                <span>{i18n._(APPLICANT_LABELS[field])}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <ReasonPicker
        reasons={reasons}
        loading={!reasons}
        usage="request"
        selected={value.reason_codes}
        onChange={(reason_codes) => set({ reason_codes })}
      />
      <TextAreaField
        label={<Trans>Message to the citizen (optional)</Trans>}
        value={value.message}
        onChange={(e) => set({ message: e.target.value })}
        maxLength={NOTES_MAX}
        rows={3}
      />
    </DecisionDialog>
  );
}
