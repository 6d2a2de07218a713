import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { NOTES_MAX } from '../../../../../contract/officer';
import { SelectField, TextAreaField } from '../../../../components/ui/field';
import { useLoad } from '../../../../lib/use-load';
import type { CaseDraft } from '../../api/case-draft';
import { fetchColleagues } from '../../api/colleagues';
import { escalateCase } from '../../api/internal-notes';
import { handOverCase } from '../../api/claims';
import { ROLES } from '../../labels';
import { DecisionDialog } from './decision-dialog';

type EscalateDraft = NonNullable<CaseDraft['escalate']>;
const EMPTY: EscalateDraft = { officer_id: null, note: '' };

/**
 * Escalate: a named senior officer is asked to decide, with a note saying what is in doubt.
 * With `handOver` (an admin), the claim itself goes to the officer chosen; no note is needed.
 */
export function EscalateDialog({
  caseId,
  ticket,
  isOpen,
  handOver,
  draft,
  onDraft,
  onClose,
  onDone,
}: {
  caseId: number;
  ticket: string;
  isOpen: boolean;
  handOver?: boolean;
  draft?: EscalateDraft;
  onDraft?(draft: EscalateDraft): void;
  onClose(): void;
  onDone(): void;
}) {
  const { t, i18n } = useLingui();
  const colleagues = useLoad(isOpen ? (signal) => fetchColleagues(signal) : null, [isOpen]);
  // A hand-over is not a draft of the case: it is held here while the dialog is open.
  const [local, setLocal] = useState<EscalateDraft>(EMPTY);
  const value = onDraft ? (draft ?? EMPTY) : local;
  const set = (patch: Partial<EscalateDraft>) => (onDraft ?? setLocal)({ ...value, ...patch });
  return (
    <DecisionDialog
      isOpen={isOpen}
      onClose={onClose}
      title={
        <>
          {handOver ? <Trans>Hand over</Trans> : <Trans>Escalate</Trans>} · {ticket}
        </>
      }
      explain={
        handOver ? (
          <Trans>The case goes to the officer you choose; they find it among the cases they hold.</Trans>
        ) : (
          <Trans>A senior officer is asked to decide. Say what is in doubt: they read your note first.</Trans>
        )
      }
      submitLabel={handOver ? t`Hand over` : t`Escalate`}
      check={() =>
        !value.officer_id
          ? t`Choose an officer.`
          : !handOver && !value.note.trim()
            ? t`Write a note saying what is in doubt.`
            : null
      }
      send={(key) =>
        handOver
          ? handOverCase(caseId, value.officer_id!)
          : escalateCase(caseId, value.officer_id!, value.note.trim(), key)
      }
      onSent={onDone}
    >
      <SelectField
        label={<Trans>Officer</Trans>}
        placeholder={colleagues.status === 'loading' ? t`Loading…` : t`Choose an officer`}
        loading={colleagues.status === 'loading'}
        options={(colleagues.data ?? []).map((c) => ({
          id: c.id,
          name: `${c.name || c.email} · ${i18n._(ROLES[c.role])}`,
        }))}
        value={value.officer_id ?? ''}
        onChange={(e) => set({ officer_id: Number(e.target.value) || null })}
        autoFocus
      />
      {!handOver && (
        <TextAreaField
          label={<Trans>Note for the senior officer</Trans>}
          value={value.note}
          onChange={(e) => set({ note: e.target.value })}
          maxLength={NOTES_MAX}
          rows={3}
        />
      )}
    </DecisionDialog>
  );
}
