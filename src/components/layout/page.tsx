import { lazy, Suspense, type ReactNode } from 'react';
import { useOfflineCopies } from '../../lib/offline-copies';
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

// Only screens showing kept data need the notice: its code stays off the public first screens.
const OfflineNotice = lazy(() => import('../ui/offline-notice').then((m) => ({ default: m.OfflineNotice })));

function OfflineNoticeSlot() {
  const any = useOfflineCopies((s) => Object.keys(s.shown).length > 0);
  return any ? (
    <div className={styles.notice}>
      <Suspense fallback={null}>
        <OfflineNotice />
      </Suspense>
    </div>
  ) : null;
}

/** The mobile-app frame: designed at 390 px, centred as one column on wide screens. */
export function Page({ header, children, bottomBar, footer, wide }: PageProps) {
  return (
    <div className={`${styles.frame} ${wide ? styles.wide : ''}`} data-bottom-bar={bottomBar ? true : undefined}>
      {header}
      <main id="main" className={styles.main} tabIndex={-1}>
        <OfflineNoticeSlot />
        {children}
      </main>
      {footer && <div className={styles.footer}>{footer}</div>}
      {bottomBar}
    </div>
  );
}

/** A vertical stack with the standard gap: the one way screens space their blocks. */
export function Stack({
  children,
  gap = 4,
  as: Tag = 'div',
  className,
}: {
  children: ReactNode;
  gap?: 2 | 3 | 4 | 5 | 6;
  as?: 'div' | 'section' | 'form' | 'ul';
  className?: string;
}) {
  return (
    <Tag className={`${styles.stack} ${className ?? ''}`} style={{ gap: `var(--space-${gap})` }}>
      {children}
    </Tag>
  );
}

/** A white rounded surface for grouped content. */
export function Card({
  children,
  as: Tag = 'div',
  className,
}: {
  children: ReactNode;
  as?: 'div' | 'section' | 'article' | 'li';
  className?: string;
}) {
  return <Tag className={`${styles.card} ${className ?? ''}`}>{children}</Tag>;
}
