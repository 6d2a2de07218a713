import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OutboxEntry } from '../core/entry';
import { outcomeSentence } from '../outbox-text';
import styles from './outbox.module.css';

/** How a queued request ended, told wherever the citizen is in the app. */
export function OutboxToasts({ entries, onDismiss }: { entries: OutboxEntry[]; onDismiss(id: string): void }) {
  const { t } = useLingui();
  if (!entries.length) return null;
  return (
    <div className={styles.toasts} role="status">
      {entries.slice(-3).map((e) => (
        <div key={e.id} className={`${styles.toast} ${e.state === 'sent' ? styles.toastSent : styles.toastAction}`} data-testid="outbox-toast">
          <p className={styles.toastText}>{outcomeSentence(e)}</p>
          <div className={styles.toastActions}>
            <Link to="/outbox" className={styles.toastLink} onClick={() => onDismiss(e.id)}><Trans>Open the outbox</Trans></Link>
            <button type="button" className={styles.toastClose} onClick={() => onDismiss(e.id)} aria-label={t`Close`}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" /></svg>
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
