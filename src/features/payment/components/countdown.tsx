import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { formatCountdown, formatDateTime } from '../../../lib/format';
import styles from './countdown.module.css';

/** The last stretch before the deadline, when the time left turns red; before, it is a calm figure, not an error. */
const URGENT_MS = 60 * 60_000;

/** Time left to pay, HH:MM:SS against the application's real deadline, ticking each second and stopping at zero. */
export function Countdown({ deadline, onExpired }: { deadline: string; onExpired?(): void }) {
  const { i18n } = useLingui();
  const end = new Date(deadline).getTime();
  const [now, setNow] = useState(() => Date.now());
  const left = end - now;
  useEffect(() => {
    if (left <= 0) {
      onExpired?.();
      return;
    }
    const timer = window.setTimeout(() => setNow(Date.now()), 1000 - (Date.now() % 1000) + 5);
    return () => window.clearTimeout(timer);
  }, [left, onExpired]);
  return (
    <div className={styles.countdown}>
      <p className={styles.caption}>
        <Trans>Complete the payment within</Trans>
      </p>
      <p
        className={`${styles.time} ${left < URGENT_MS ? styles.urgent : ''}`}
        role="timer"
        aria-live="off"
        data-testid="countdown"
      >
        {formatCountdown(left)}
      </p>
      <p className={styles.deadline}>
        <Trans>Pay before {formatDateTime(deadline, i18n.locale)}</Trans>
      </p>
    </div>
  );
}
