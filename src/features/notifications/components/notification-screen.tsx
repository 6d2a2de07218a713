import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useLoad } from '../../../lib/use-load';
import { fetchNotifications, markAllRead } from '../api/notifications';
import styles from './notification-screen.module.css';

/** /notification: the citizen's messages with their time; unread ones are marked until the next visit. */
export function NotificationScreen() {
  const { t } = useLingui();
  const language = currentLanguage();
  const state = useLoad((signal) => fetchNotifications(signal), [language]);
  const items = state.status === 'ready' ? state.data : null;
  useEffect(() => {
    if (items?.some((n) => !n.read)) void markAllRead().catch(() => undefined);
  }, [items]);

  return (
    <Page header={<AppHeader title={t`Notifications`} />}>
      {state.status === 'loading' && (
        <div aria-busy="true">
          <p className="visually-hidden">
            <Trans>Loading…</Trans>
          </p>
          <SkeletonCard lines={2} />
          <SkeletonCard lines={2} />
        </div>
      )}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={state.retry} />}
      {state.status === 'ready' && state.data.length === 0 && (
        <Card className={styles.empty}>
          <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
            <path
              d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
          </svg>
          <h2>
            <Trans>No notifications yet</Trans>
          </h2>
          <p>
            <Trans>We will let you know here when something happens with your applications.</Trans>
          </p>
        </Card>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className={styles.list}>
          {state.data.map((n) => {
            const body = (
              <>
                {!n.read && (
                  <span className={styles.dot}>
                    <span className="visually-hidden">
                      <Trans>New:</Trans>{' '}
                    </span>
                  </span>
                )}
                <span className={styles.message}>{n.message}</span>
                <time className={styles.time} dateTime={n.created_at}>
                  {formatDateTime(n.created_at)}
                </time>
              </>
            );
            return (
              <li key={n.id} className={`${styles.item} ${n.read ? '' : styles.unread}`}>
                {n.application_id ? (
                  <Link to="/detail-application/$id" params={{ id: String(n.application_id) }} className={styles.link}>
                    {body}
                  </Link>
                ) : (
                  <div className={styles.link}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
