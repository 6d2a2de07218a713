import { Link, useRouter, type LinkProps } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useUnreadCount } from '../../lib/unread-notifications';
import { useOutboxBadge } from '../../lib/outbox/badge';
import { LanguageSwitcher } from './language-switcher';
import { OfflineIndicator } from './offline-indicator';
import styles from './app-header.module.css';

interface AppHeaderProps {
  title?: ReactNode;
  /** Where the back arrow goes; a function to ask first (e.g. leave-page confirmation); false hides it. */
  back?: LinkProps['to'] | (() => void) | false;
  /** Signed-in screens show the notification bell linking to /notification. */
  bell?: boolean;
}

/** The shared header: back button, title, language switcher, and the bell on signed-in screens. */
export function AppHeader({ title, back, bell = false }: AppHeaderProps) {
  const { t } = useLingui();
  const router = useRouter();
  const unread = useUnreadCount(bell);
  const outbox = useOutboxBadge((s) => (bell ? s.open : 0));
  const arrow = (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path
        d="M15 5l-7 7 7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
  return (
    <header className={styles.header}>
      <div className={styles.start}>
        {back === false ? null : typeof back === 'string' ? (
          <Link to={back} className={styles.icon} aria-label={t`Back`}>
            {arrow}
          </Link>
        ) : (
          <button
            type="button"
            className={styles.icon}
            aria-label={t`Back`}
            onClick={typeof back === 'function' ? back : () => router.history.back()}
          >
            {arrow}
          </button>
        )}
      </div>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.end}>
        <LanguageSwitcher />
        {outbox > 0 && (
          <Link to="/outbox" className={`${styles.icon} ${styles.bell}`} aria-label={t`Outbox, ${outbox} not sent yet`}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M4 13l2.5-8h11L20 13v6H4zM4 13h5l1 2h4l1-2h5M12 3v7M9 7l3 3 3-3"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            </svg>
            <span className={styles.unread} aria-hidden="true">
              {outbox > 9 ? '9+' : outbox}
            </span>
          </Link>
        )}
        {bell && (
          <Link
            to="/notification"
            className={`${styles.icon} ${styles.bell}`}
            aria-label={unread ? t`Notifications, ${unread} unread` : t`Notifications`}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
            {unread > 0 && (
              <span className={styles.unread} aria-hidden="true">
                {unread > 9 ? '9+' : unread}
              </span>
            )}
          </Link>
        )}
      </div>
      <OfflineIndicator />
    </header>
  );
}
