import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { useLoad } from '../../../lib/use-load';
import { fetchRejected } from '../api/fetch-rejected';
import { AppliedBeforeCard } from './applied-before-card';
import styles from './applied-before-screen.module.css';

/**
 * /history-applied-before: the rejected applications. A refused session signs out (the API client
 * does it and the guard goes to /login); a lost connection only offers a retry.
 */
export function AppliedBeforeScreen() {
  const rejected = useLoad((signal) => fetchRejected(signal), []);
  return (
    <Page header={<AppHeader title={<Trans>Applied before</Trans>} back="/resident-certificate" bell />}>
      {rejected.status === 'loading' && (
        <div aria-busy="true" className={styles.list}>
          <SkeletonCard lines={3} />
          <SkeletonCard lines={3} />
        </div>
      )}
      {rejected.status === 'failed' && <LoadFailed error={rejected.error} onRetry={rejected.retry} />}
      {rejected.status === 'ready' && rejected.data.length === 0 && (
        <EmptyState
          title={<Trans>No application before</Trans>}
          action={
            <ButtonLink to="/application-history" variant="secondary">
              <Trans>See all my applications</Trans>
            </ButtonLink>
          }
        >
          <Trans>None of your applications was rejected, so there is nothing to submit again.</Trans>
        </EmptyState>
      )}
      {rejected.status === 'ready' && rejected.data.length > 0 && (
        <>
          <p className={styles.intro}>
            <Trans>
              These applications were rejected. Open one to read the officer's notes, correct your data and submit it
              again.
            </Trans>
          </p>
          <ul className={styles.list}>
            {rejected.data.map((item) => (
              <li key={item.id}>
                <AppliedBeforeCard item={item} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
