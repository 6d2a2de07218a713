import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { OutboxEntry } from '../../../lib/outbox/entry';
import { outcomeSentence } from '../../../lib/outbox/outbox-text';
import styles from './outbox.module.css';

/** Long enough to read twice on a small screen; the Outbox screen keeps the record. */
const SENT_NOTICE_MS = 15_000;

/**
 * How a queued request ended, told wherever the citizen is in the app. "Sent" goes by itself after
 * a while so it never sits over the screen; a refusal stays until the citizen closes it.
 */
export function OutboxToasts({ entries, onDismiss }: { entries: OutboxEntry[]; onDismiss(id: string): void }) {
  const { t } = useLingui();
  const sentIds = entries
    .filter((e) => e.state === 'sent')
    .map((e) => e.id)
    .join(',');
  useEffect(() => {
    if (!sentIds) return;
    const timer = window.setTimeout(() => sentIds.split(',').forEach(onDismiss), SENT_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [sentIds, onDismiss]);
  if (!entries.length) return null;
  return (
    <div className={styles.toasts} role="status">
      {entries.slice(-3).map((e) => (
        <div
          key={e.id}
          className={`${styles.toast} ${e.state === 'sent' ? styles.toastSent : styles.toastAction}`}
          data-testid="outbox-toast"
        >
          <p className={styles.toastText}>{outcomeSentence(e)}</p>
          <div className={styles.toastActions}>
            <Link to="/outbox" className={styles.toastLink} onClick={() => onDismiss(e.id)}>
              <Trans>Open the outbox</Trans>
            </Link>
            <button type="button" className={styles.toastClose} onClick={() => onDismiss(e.id)} aria-label={t`Close`}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
