import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { BottomNav } from '../../../components/layout/bottom-nav';
import { Page } from '../../../components/layout/page';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { useLoad } from '../../../lib/use-load';
import { fetchHistory } from '../api/fetch-history';
import { ApplicationCard } from './application-card';
import styles from './history-screen.module.css';

/**
 * /application-history. A refused session signs out (the API client does it, the guard goes to
 * /login); a lost connection only shows a retry, so nobody is logged out for being offline.
 */
export function HistoryScreen() {
  const history = useLoad((signal) => fetchHistory(undefined, signal), []);
  return (
    <Page header={<AppHeader title={<Trans>Application history</Trans>} back="/home" bell />} bottomBar={<BottomNav />}>
      {history.status === 'loading' && (
        <div aria-busy="true" className={styles.list}>
          <SkeletonCard lines={3} />
          <SkeletonCard lines={3} />
          <SkeletonCard lines={3} />
        </div>
      )}
      {history.status === 'failed' && <LoadFailed error={history.error} onRetry={history.retry} />}
      {history.status === 'ready' && history.data.length === 0 && (
        <EmptyState
          title={<Trans>No Application History</Trans>}
          action={
            <ButtonLink to="/application-resident-certificate">
              <Trans>Apply for a resident certificate</Trans>
            </ButtonLink>
          }
        >
          <Trans>You have not submitted any resident certificate application yet.</Trans>
        </EmptyState>
      )}
      {history.status === 'ready' && history.data.length > 0 && (
        <ul className={styles.list}>
          {history.data.map((item) => (
            <li key={item.id}>
              <ApplicationCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
