import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ComingSoonDialog } from './coming-soon-dialog';
import styles from './bottom-nav.module.css';

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** The fixed 98 px bottom bar: Home, History, the red 'Your ID' button, News, Account. */
export function BottomNav() {
  const { t } = useLingui();
  const [comingSoon, setComingSoon] = useState(false);
  return (
    <>
      <nav className={styles.bar} aria-label={t`Main`}>
        <Link to="/home" className={styles.item} activeProps={{ 'aria-current': 'page' }}>
          {icon('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z')}
          <span>
            <Trans>Home</Trans>
          </span>
        </Link>
        <Link to="/application-history" className={styles.item} activeProps={{ 'aria-current': 'page' }}>
          {icon('M12 8v5l3 2M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5')}
          <span>
            <Trans>History</Trans>
          </span>
        </Link>
        <button type="button" className={`${styles.item} ${styles.central}`} onClick={() => setComingSoon(true)}>
          <span className={styles.idCircle}>{icon('M4 6h16v12H4zM8 10h3M8 14h6M15 10h1')}</span>
          <span>
            <Trans>Your ID</Trans>
          </span>
        </button>
        <button type="button" className={styles.item} onClick={() => setComingSoon(true)}>
          {icon('M5 5h11v14H6a1 1 0 0 1-1-1zM16 9h3v9a1 1 0 0 1-1 1h-2M8 9h5M8 13h5')}
          <span>
            <Trans>News</Trans>
          </span>
        </button>
        <Link to="/account" className={styles.item} activeProps={{ 'aria-current': 'page' }}>
          {icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0')}
          <span>
            <Trans>Account</Trans>
          </span>
        </Link>
      </nav>
      <ComingSoonDialog isOpen={comingSoon} onClose={() => setComingSoon(false)} />
    </>
  );
}
