import { useId, type ReactNode } from 'react';
import styles from './empty-state.module.css';

/** A list with nothing in it yet: a calm picture, what that means, and where to go from here. */
export function EmptyState({ title, children, action }: { title: ReactNode; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.empty} aria-labelledby={id}>
      <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
        <rect
          x="20"
          y="12"
          width="56"
          height="72"
          rx="8"
          fill="var(--blue-50)"
          stroke="var(--blue-100)"
          strokeWidth="2"
        />
        <path d="M32 34h32M32 46h32M32 58h20" stroke="var(--grey-400)" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h2 id={id}>{title}</h2>
      <p>{children}</p>
      {action}
    </section>
  );
}
