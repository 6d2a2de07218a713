import { Trans, useLingui } from '@lingui/react/macro';
import type { ClockView } from '../../../../../contract/working-days';
import { clockWords } from '../../clock-words';
import styles from './clock-line.module.css';

/**
 * The clock of one case. At risk and overdue are said in words and with a mark, not by colour
 * alone (amber and red are hard to tell apart for many people, and invisible in grey print).
 */
export function ClockLine({ clock }: { clock: ClockView | null | undefined }) {
  const { i18n } = useLingui();
  const words = clockWords(clock, i18n.locale);
  if (!clock || !words) return <span className={styles.none}>–</span>;
  return (
    <span className={`${styles.clock} ${styles[clock.tone]}`} data-tone={clock.tone}>
      {clock.tone === 'overdue' && (
        <strong className={styles.flag}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M8 1.5 15 14H1z" fill="currentColor" />
            <path d="M8 6v4M8 11.5v1" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          <Trans>Overdue</Trans>
        </strong>
      )}
      {clock.tone === 'at-risk' && (
        <strong className={styles.flag}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          <Trans>At risk</Trans>
        </strong>
      )}
      {clock.tone === 'paused' && (
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className={styles.icon}>
          <path d="M5 3v10M11 3v10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      )}
      <span>{words}</span>
    </span>
  );
}
