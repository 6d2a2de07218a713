import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { HistoryItem } from '../../../../contract/application';
import { AppHeader } from '../../../components/layout/app-header';
import { BottomNav } from '../../../components/layout/bottom-nav';
import { Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/error-messages';
import { fetchHistory } from '../api/fetch-history';
import { ApplicationCard } from './application-card';
import styles from './history-screen.module.css';

type State = { status: 'loading' } | { status: 'ready'; items: HistoryItem[] } | { status: 'failed'; error: unknown };

/**
 * /application-history. A refused session signs out (the API client does it, the guard goes to
 * /login, spec §4); a lost connection only shows a retry, so nobody is logged out for being offline.
 */
export function HistoryScreen() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchHistory(undefined, controller.signal).then(
      (items) => setState({ status: 'ready', items }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'failed', error }),
    );
    return () => controller.abort();
  }, [attempt]);

  return (
    <Page header={<AppHeader title={<Trans>Application history</Trans>} back="/home" bell />} bottomBar={<BottomNav />}>
      {state.status === 'loading' && <div aria-busy="true" className={styles.list}><SkeletonCard lines={3} /><SkeletonCard lines={3} /><SkeletonCard lines={3} /></div>}
      {state.status === 'failed' && (
        <Banner tone="error">
          {errorMessage(state.error)}{' '}
          <Button variant="ghost" onPress={() => { setState({ status: 'loading' }); setAttempt((n) => n + 1); }}><Trans>Try again</Trans></Button>
        </Banner>
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <section className={styles.empty} aria-labelledby="history-empty-title">
          <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
            <rect x="20" y="12" width="56" height="72" rx="8" fill="var(--blue-50)" stroke="var(--blue-100)" strokeWidth="2" />
            <path d="M32 34h32M32 46h32M32 58h20" stroke="var(--grey-400)" strokeWidth="4" strokeLinecap="round" />
          </svg>
          <h2 id="history-empty-title"><Trans>No Application History</Trans></h2>
          <p><Trans>You have not submitted any resident certificate application yet.</Trans></p>
          <ButtonLink to="/application-resident-certificate"><Trans>Apply for a resident certificate</Trans></ButtonLink>
        </section>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <ul className={styles.list}>
          {state.items.map((item) => <li key={item.id}><ApplicationCard item={item} /></li>)}
        </ul>
      )}
    </Page>
  );
}
