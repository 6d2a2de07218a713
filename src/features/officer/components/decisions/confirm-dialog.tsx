import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { NOTES_MAX, NOTES_REQUIRED, type OfficerAction } from '../../../../../contract/officer';
import { TextAreaField } from '../../../../components/ui/field';
import { runOfficerAction } from '../../api/officer-api';
import { ACTIONS } from '../../labels';
import { DecisionDialog } from './decision-dialog';

/**
 * An action of the status machine that needs no reasons from the catalogue: said in full before
 * it is done. A proof refused or a revocation asked for needs a note (the citizen or the second
 * officer reads it); for the others a note for the record is optional, and Enter confirms.
 */
export function ConfirmDialog({
  caseId,
  ticket,
  action,
  onClose,
  onDone,
  onStale,
}: {
  caseId: number;
  ticket: string;
  action: OfficerAction | null;
  onClose(): void;
  onDone(action: OfficerAction): void;
  onStale?(): void;
}) {
  const { t, i18n } = useLingui();
  const [notes, setNotes] = useState('');
  const text = action ? ACTIONS[action] : null;
  const required = !!action && NOTES_REQUIRED.includes(action);
  const close = () => {
    setNotes('');
    onClose();
  };
  return (
    <DecisionDialog
      onStale={onStale}
      isOpen={!!action}
      onClose={close}
      title={
        text ? (
          <>
            {i18n._(text.label)} · {ticket}
          </>
        ) : null
      }
      explain={text ? i18n._(text.explain) : null}
      submitLabel={text ? i18n._(text.label) : ''}
      variant={text?.variant === 'danger' ? 'danger' : 'primary'}
      focusSubmit={!required}
      check={() => (required && !notes.trim() ? t`Write the reason: it is required for this action.` : null)}
      send={(key) => runOfficerAction(caseId, action!, notes.trim() ? { notes: notes.trim() } : {}, key)}
      onSent={() => {
        const done = action!;
        setNotes('');
        onDone(done);
      }}
    >
      <TextAreaField
        label={required ? <Trans>Reason</Trans> : <Trans>Note for the record (optional)</Trans>}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        maxLength={NOTES_MAX}
        required={required}
        aria-required={required || undefined}
        autoFocus={required}
        rows={3}
      />
    </DecisionDialog>
  );
}
