import { useId, type ReactNode } from 'react';
import styles from './success-panel.module.css';

/** The green tick of a good outcome (also the verify screen's 'valid'). */
export function SuccessMark({ size = 112 }: { size?: number }) {
  return (
    <svg viewBox="0 0 120 120" width={size} height={size} aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill="var(--green-50)" />
      <circle cx="60" cy="60" r="40" fill="var(--green-700)" />
      <path
        d="M42 61l12 12 25-27"
        fill="none"
        stroke="var(--white)"
        strokeWidth="8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The green tick and headline that end a journey (payment, re-apply, pick-up), with what follows. */
export function SuccessPanel({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.success} aria-labelledby={id}>
      <SuccessMark />
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A ticket number set large, to be read out to an officer or on the phone. */
export function TicketReference({ children }: { children: ReactNode }) {
  return (
    <p className={styles.reference} data-testid="ticket-number">
      {children}
    </p>
  );
}
