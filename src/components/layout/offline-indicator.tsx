import { Trans } from '@lingui/react/macro';
import { useConnectivity } from '../../lib/connectivity';
import styles from './offline-indicator.module.css';

/**
 * A quiet mark while the server cannot be reached: a thin line along the foot of the header (a
 * pill beside the title would squeeze it on a 390 px phone), or a pill on the landing's dark bar.
 * The live region is always there (empty when online) so screen readers announce the change.
 */
export function OfflineIndicator({ tone = 'strip' }: { tone?: 'strip' | 'dark' }) {
  const offline = useConnectivity((s) => s.status === 'offline');
  return (
    <span role="status" className={tone === 'strip' ? styles.stripRegion : styles.pillRegion}>
      {offline && (
        <span className={`${styles.indicator} ${styles[tone]}`} data-testid="offline-indicator">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path
              d="M7 18h10a4 4 0 0 0 .7-7.94A6 6 0 0 0 6.2 8.4 5 5 0 0 0 7 18zM4 4l16 16"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>
            <Trans>Offline</Trans>
          </span>
        </span>
      )}
    </span>
  );
}
