import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { ButtonLink } from '../../../components/ui/button';
import { refreshOutbox, useOutbox } from '../../../lib/outbox/outbox-store';
import { OutboxEntryCard } from './outbox-entry-card';
import { QueuedNotice } from '../../../components/outbox/queued-notice';
import styles from './outbox.module.css';

/**
 * /outbox: what the citizen did that waits on this phone, newest first, with its state: waiting,
 * being confirmed, sending, sent (with the ticket), needs your action (with the reason), not sent.
 */
export function OutboxScreen({ queued }: { queued?: string }) {
  const { entries, loaded } = useOutbox();
  const just = queued ? entries.find((e) => e.id === queued) : undefined;
  // Read again every few seconds, so a "sending" whose sender is gone turns back into "waiting".
  useEffect(() => {
    const timer = window.setInterval(() => void refreshOutbox(), 5_000);
    return () => window.clearInterval(timer);
  }, []);
  const newestFirst = [...entries].reverse();
  return (
    <Page header={<AppHeader title={<Trans>Outbox</Trans>} back="/home" bell />}>
      {just && (just.state === 'waiting' || just.state === 'sending') && (
        <QueuedNotice confirming={just.maybeReached} outboxLink={false} />
      )}
      <p className={styles.intro}>
        <Trans>
          Requests made without a connection wait here and are sent by themselves when you are back online. Keep this
          app installed until they are sent.
        </Trans>
      </p>
      {!loaded && <SkeletonCard lines={3} />}
      {loaded && !entries.length && (
        <EmptyState
          title={<Trans>Nothing waiting</Trans>}
          action={
            <ButtonLink to="/home" variant="secondary">
              <Trans>Back to home</Trans>
            </ButtonLink>
          }
        >
          <Trans>Everything you did has reached the office.</Trans>
        </EmptyState>
      )}
      {entries.length > 0 && (
        <ul className={styles.list}>
          {newestFirst.map((e) => (
            <OutboxEntryCard key={e.id} entry={e} />
          ))}
        </ul>
      )}
    </Page>
  );
}
