import { ProgressBar as AriaProgressBar } from 'react-aria-components';
import type { ReactNode } from 'react';
import styles from './progress-bar.module.css';

/** Long work (sending megabytes on a weak line) shows how far it got. */
export function ProgressBar({ label, value }: { label: ReactNode; /** 0…1 */ value: number }) {
  return (
    <AriaProgressBar value={Math.round(value * 100)} className={styles.progress}>
      {({ percentage, valueText }) => (
        <>
          <div className={styles.top}>
            <span>{label}</span>
            <span>{valueText}</span>
          </div>
          <div className={styles.track}>
            <div className={styles.fill} style={{ width: `${percentage}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
