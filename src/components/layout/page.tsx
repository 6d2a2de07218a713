import type { ReactNode } from 'react';
import { OfflineNotice } from '../ui/offline-notice';
import styles from './page.module.css';

interface PageProps {
  header?: ReactNode;
  children: ReactNode;
  /** Leaves room for the fixed 98 px bottom bar. */
  bottomBar?: ReactNode;
  /** Sticky actions at the foot of a form screen (Next, Submit). */
  footer?: ReactNode;
  /** Full-bleed content (the home hero); everything else sits in the centred mobile column. */
  wide?: boolean;
}

/** The mobile-app frame: designed at 390 px, centred as one column on wide screens. */
export function Page({ header, children, bottomBar, footer, wide }: PageProps) {
  return (
    <div className={`${styles.frame} ${wide ? styles.wide : ''}`} data-bottom-bar={bottomBar ? true : undefined}>
      {header}
      <main id="main" className={styles.main} tabIndex={-1}><OfflineNotice />{children}</main>
      {footer && <div className={styles.footer}>{footer}</div>}
      {bottomBar}
    </div>
  );
}

/** A vertical stack with the standard gap: the one way screens space their blocks. */
export function Stack({ children, gap = 4, as: Tag = 'div', className }: { children: ReactNode; gap?: 2 | 3 | 4 | 5 | 6; as?: 'div' | 'section' | 'form' | 'ul'; className?: string }) {
  return <Tag className={`${styles.stack} ${className ?? ''}`} style={{ gap: `var(--space-${gap})` }}>{children}</Tag>;
}

/** A white rounded surface for grouped content. */
export function Card({ children, as: Tag = 'div', className }: { children: ReactNode; as?: 'div' | 'section' | 'article' | 'li'; className?: string }) {
  return <Tag className={`${styles.card} ${className ?? ''}`}>{children}</Tag>;
}
