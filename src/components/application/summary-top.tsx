import type { ReactNode } from 'react';
import styles from './summary-top.module.css';

/** The ticket number as the summary's heading, with its status badges beside it. */
export function SummaryTop({ ticket, children }: { ticket: string; children: ReactNode }) {
  return (
    <div className={styles.summaryTop}>
      <h2 className={styles.ticket}>{ticket}</h2>
      {children}
    </div>
  );
}
