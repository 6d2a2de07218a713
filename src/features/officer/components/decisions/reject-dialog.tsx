import { Trans, useLingui } from '@lingui/react/macro';
import { NOTES_MAX } from '../../../../../contract/officer';
import { TextAreaField } from '../../../../components/ui/field';
import type { CaseDraft } from '../../api/case-draft';
import { runOfficerAction } from '../../api/officer-api';
import { ACTIONS } from '../../labels';
import { DecisionDialog } from './decision-dialog';
import { ReasonPicker } from './reason-picker';
import { useReasons } from './use-reasons';

type RejectDraft = NonNullable<CaseDraft['reject']>;
const EMPTY: RejectDraft = { reason_codes: [], notes: '' };

/**
 * Rejecting ends the application: at least one reason from the catalogue (the citizen reads it in
 * their language, with what to do about it), and notes if something more must be said. What is
 * chosen and typed is the case's draft, saved as it changes.
 */
export function RejectDialog({
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
  draft: RejectDraft | undefined;
  onDraft(draft: RejectDraft): void;
  onClose(): void;
  onDone(): void;
  onStale?(): void;
}) {
  const { t, i18n } = useLingui();
  const { reasons } = useReasons(isOpen);
  const value = draft ?? EMPTY;
  const set = (patch: Partial<RejectDraft>) => onDraft({ ...value, ...patch });
  return (
    <DecisionDialog
      onStale={onStale}
      isOpen={isOpen}
      onClose={onClose}
      title={
        <>
          {i18n._(ACTIONS.reject.label)} · {ticket}
        </>
      }
      explain={i18n._(ACTIONS.reject.explain)}
      submitLabel={i18n._(ACTIONS.reject.label)}
      variant="danger"
      check={() => (value.reason_codes.length === 0 ? t`Choose at least one reason from the list.` : null)}
      send={(key) =>
        runOfficerAction(
          caseId,
          'reject',
          { reason_codes: value.reason_codes, ...(value.notes.trim() ? { notes: value.notes.trim() } : {}) },
          key,
        )
      }
      onSent={onDone}
    >
      <ReasonPicker
        reasons={reasons}
        loading={!reasons}
        usage="reject"
        selected={value.reason_codes}
        onChange={(reason_codes) => set({ reason_codes })}
      />
      <TextAreaField
        label={<Trans>Notes for the citizen (optional)</Trans>}
        value={value.notes}
        onChange={(e) => set({ notes: e.target.value })}
        maxLength={NOTES_MAX}
        rows={3}
      />
    </DecisionDialog>
  );
}
