import type { ReactNode } from 'react';
import styles from './data-list.module.css';

export interface DataItem {
  label: ReactNode;
  value: ReactNode;
  /** Long values (an address, a reason) take the full width. */
  wide?: boolean;
}

/** Read-only label/value pairs (preview, detail): a description list screen readers announce as such. */
export function DataList({ items }: { items: DataItem[] }) {
  return (
    <dl className={styles.list}>
      {items.map((item, i) => (
        <div key={i} className={`${styles.row} ${item.wide ? styles.wide : ''}`}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={styles.value}>{item.value === '' || item.value == null ? '-' : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
