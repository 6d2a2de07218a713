import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Card } from '../../../components/layout/page';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { UploadProgress } from '../../../components/outbox/upload-progress';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import type { OutboxEntry, SendProgress } from '../../../lib/outbox/entry';
import { removeEntry } from '../../../lib/outbox/outbox-db';
import { useOutbox } from '../../../lib/outbox/outbox-store';
import { entryTitle, refusalReason, sentTicket, shownState, STATE_LABELS } from '../../../lib/outbox/outbox-text';
import { replayNow } from '../../../lib/outbox/replay-triggers';
import { canRestore, restoreEntry } from '../../../lib/outbox/restore';
import { NearestFreeTimes, nearestFreeTimes } from '../../../components/pickup/nearest-free-times';
import styles from './outbox.module.css';

/** Where the citizen fixes or does again what an entry asked for. */
function FormLink({ entry }: { entry: OutboxEntry }) {
  const id = String(entry.applicationId ?? '');
  switch (entry.kind) {
    case 'create-new':
      return (
        <ButtonLink to="/application-resident-certificate" variant="secondary">
          <Trans>Open the application form</Trans>
        </ButtonLink>
      );
    case 're-apply':
      return (
        <ButtonLink to="/document-applied-before/$id" params={{ id }} variant="secondary">
          <Trans>Open the form</Trans>
        </ButtonLink>
      );
    case 'upload-payment':
      return (
        <ButtonLink to="/waiting-for-payment/$id" params={{ id }} variant="secondary">
          <Trans>Open the payment</Trans>
        </ButtonLink>
      );
    case 'set-pickup-date':
      return (
        <ButtonLink to="/pick-up-date/$id" params={{ id }} variant="secondary">
          <Trans>Choose a pick-up time</Trans>
        </ButtonLink>
      );
    case 'answer-request':
      return (
        <ButtonLink to="/answer-request/$id" params={{ id }} variant="secondary">
          <Trans>See what is asked</Trans>
        </ButtonLink>
      );
  }
}

function SentLink({ entry }: { entry: OutboxEntry }) {
  const id = String(entry.resultId ?? entry.applicationId ?? '');
  if (entry.kind === 'create-new')
    return (
      <ButtonLink to="/waiting-for-payment/$id" params={{ id }} variant="secondary">
        <Trans>Pay for this application</Trans>
      </ButtonLink>
    );
  return (
    <ButtonLink to="/detail-application/$id" params={{ id }} variant="secondary">
      <Trans>See the application</Trans>
    </ButtonLink>
  );
}

/** A cut upload keeps what the server holds: only the rest travels on the next try. */
function PartlySent({ progress }: { progress: SendProgress }) {
  const sent = formatFileSize(progress.sent);
  const total = formatFileSize(progress.total);
  return (
    <p className={styles.meta}>
      <Trans>
        {sent} of {total} is already on the server; only the rest will be sent.
      </Trans>
    </p>
  );
}

export function OutboxEntryCard({ entry }: { entry: OutboxEntry }) {
  const { i18n } = useLingui();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [busy, setBusy] = useState(false);
  const held = useOutbox((s) => s.held);
  const state = shownState(entry, Date.now(), held);
  const ticket = sentTicket(entry);
  const unsettled = state === 'waiting' || state === 'confirming' || state === 'sending';
  const madeOn = formatDateTime(new Date(entry.createdAt).toISOString());
  const reason = refusalReason(entry);
  return (
    <Card as="li">
      <div className={styles.entryHead}>
        <h2 className={styles.entryTitle}>{entryTitle(entry)}</h2>
        <span className={`${styles.state} ${styles[state]}`}>{i18n._(STATE_LABELS[state])}</span>
      </div>
      <p className={styles.meta}>
        <Trans>Made on {madeOn}</Trans>
      </p>
      {state === 'waiting' && (
        <p className={styles.reason}>
          <Trans>It will be sent when you are back online.</Trans>
        </p>
      )}
      {state === 'confirming' && (
        <p className={styles.reason}>
          <Trans>The server may already have it. It is being confirmed; you do not need to send it again.</Trans>
        </p>
      )}
      {state === 'sending' &&
        (entry.progress ? (
          <UploadProgress progress={entry.progress} label={<Trans>Sending now…</Trans>} />
        ) : (
          <p className={styles.reason}>
            <Trans>Sending now…</Trans>
          </p>
        ))}
      {(state === 'waiting' || state === 'confirming') && entry.progress && entry.progress.sent > 0 && (
        <PartlySent progress={entry.progress} />
      )}
      {state === 'sent' && ticket && (
        <p className={styles.ticket}>
          <Trans>Ticket number: {ticket}</Trans>
        </p>
      )}
      {state === 'needs-action' && (
        <p className={styles.reason}>
          <Trans>Not accepted: {reason}</Trans>
        </p>
      )}
      {state === 'needs-action' && entry.kind === 'set-pickup-date' && entry.applicationId && (
        <NearestFreeTimes applicationId={entry.applicationId} times={nearestFreeTimes(entry.refusal)} />
      )}
      {state === 'expired' && (
        <p className={styles.reason}>
          <Trans>It waited 7 days without a connection and was not sent. Please do it again.</Trans>
        </p>
      )}
      {(state === 'needs-action' || state === 'expired') && entry.restored && (
        <p className={styles.meta}>
          <Trans>Your data is back in the form.</Trans>
        </p>
      )}
      <div className={styles.actions}>
        {unsettled && state !== 'sending' && (
          <Button variant="secondary" onPress={() => void replayNow()}>
            <Trans>Try now</Trans>
          </Button>
        )}
        {state === 'sent' && <SentLink entry={entry} />}
        {(state === 'needs-action' || state === 'expired') && !entry.restored && canRestore(entry) && (
          <Button
            variant="secondary"
            pending={busy}
            onPress={() => {
              setBusy(true);
              void restoreEntry(entry, true).finally(() => setBusy(false));
            }}
          >
            <Trans>Put back into the form</Trans>
          </Button>
        )}
        {(state === 'needs-action' || state === 'expired') && <FormLink entry={entry} />}
        {state !== 'sending' && (
          <Button variant="ghost" onPress={() => (unsettled ? setConfirmRemove(true) : void removeEntry(entry.id))}>
            {unsettled ? <Trans>Cancel sending</Trans> : <Trans>Remove from the list</Trans>}
          </Button>
        )}
      </div>
      <Dialog
        isOpen={confirmRemove}
        onOpenChange={setConfirmRemove}
        role="alertdialog"
        title={<Trans>Cancel sending?</Trans>}
      >
        <p>
          <Trans>
            It will be deleted from this phone and not sent. If the server already received it, it stays there.
          </Trans>
        </p>
        <DialogActions>
          <Button variant="secondary" onPress={() => setConfirmRemove(false)} autoFocus>
            <Trans>Keep it</Trans>
          </Button>
          <Button
            variant="danger"
            onPress={() => {
              setConfirmRemove(false);
              void removeEntry(entry.id);
            }}
          >
            <Trans>Yes, cancel</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
