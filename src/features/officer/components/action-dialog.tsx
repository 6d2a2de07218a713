import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { NOTES_MAX, NOTES_REQUIRED, type OfficerAction } from '../../../../contract/officer';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { newIdempotencyKey } from '../../../lib/api-client';
import { errorMessage, fieldMessage } from '../../../lib/error-messages';
import { runOfficerAction } from '../api/officer-api';
import { ACTIONS } from '../labels';

interface Props {
  applicationId: number;
  ticket: string;
  action: OfficerAction | null;
  onClose(): void;
  /** Called after the server accepted the action. */
  onDone(action: OfficerAction): void;
  /** Called when the server refused it because the application changed meanwhile (409). */
  onStale(message: string): void;
}

/**
 * Every action is confirmed in a dialog that says what will happen. Refusing a proof and rejecting
 * need notes (the citizen reads them); for the others a note for the record is optional.
 */
export function ActionDialog({ applicationId, ticket, action, onClose, onDone, onStale }: Props) {
  const { t, i18n } = useLingui();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const notesRef = useRef<HTMLTextAreaElement>(null);
  // One key per opened dialog: pressing again after a lost answer replays instead of acting twice.
  const key = useMemo(() => (action ? newIdempotencyKey() : ''), [action]);
  useEffect(() => {
    setNotes('');
    setError(null);
    setFailure(null);
  }, [action]);
  if (!action) return null;
  const text = ACTIONS[action];
  const required = NOTES_REQUIRED.includes(action);

  const submit = async () => {
    setError(null);
    setFailure(null);
    if (required && !notes.trim()) {
      setError(t`This field is required`);
      notesRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      await runOfficerAction(applicationId, action, notes, key);
      setPending(false);
      onDone(action);
    } catch (err) {
      setPending(false);
      const apiErr = err as { status?: number; fields?: Record<string, string> };
      if (apiErr.fields?.notes) {
        setError(fieldMessage('notes', apiErr.fields.notes) ?? errorMessage(err));
      } else if (apiErr.status === 409) {
        onStale(errorMessage(err));
      } else {
        setFailure(errorMessage(err));
      }
    }
  };

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && !pending && onClose()}
      title={
        <>
          {i18n._(text.label)} · {ticket}
        </>
      }
    >
      {failure && <Banner tone="error">{failure}</Banner>}
      <p>{i18n._(text.explain)}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <TextAreaField
          ref={notesRef}
          label={
            required ? <Trans>Reason (the citizen will read it)</Trans> : <Trans>Note for the record (optional)</Trans>
          }
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          maxLength={NOTES_MAX}
          required={required}
          aria-required={required || undefined}
          error={error ?? undefined}
          autoFocus={required}
        />
      </form>
      <DialogActions>
        <Button variant="secondary" onPress={onClose} isDisabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant={text.variant} onPress={() => void submit()} pending={pending} pendingLabel={t`Saving...`}>
          {i18n._(text.label)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
