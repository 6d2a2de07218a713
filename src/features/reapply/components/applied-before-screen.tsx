import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { HistoryItem } from '../../../../contract/application';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/error-messages';
import { fetchRejected } from '../api/fetch-rejected';
import { AppliedBeforeCard } from './applied-before-card';
import styles from './applied-before-screen.module.css';

type State = { status: 'loading' } | { status: 'ready'; items: HistoryItem[] } | { status: 'failed'; error: unknown };

/**
 * /history-applied-before: the rejected applications. A refused session signs out (the API client
 * does it and the guard goes to /login, spec §4); a lost connection only offers a retry.
 */
export function AppliedBeforeScreen() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchRejected(controller.signal).then(
      (items) => setState({ status: 'ready', items }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'failed', error }),
    );
    return () => controller.abort();
  }, [attempt]);

  return (
    <Page header={<AppHeader title={<Trans>Applied before</Trans>} back="/resident-certificate" bell />}>
      {state.status === 'loading' && <div aria-busy="true" className={styles.list}><SkeletonCard lines={3} /><SkeletonCard lines={3} /></div>}
      {state.status === 'failed' && (
        <Banner tone="error">
          {errorMessage(state.error)}{' '}
          <Button variant="ghost" onPress={() => { setState({ status: 'loading' }); setAttempt((n) => n + 1); }}><Trans>Try again</Trans></Button>
        </Banner>
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <section className={styles.empty} aria-labelledby="applied-before-empty-title">
          <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
            <rect x="20" y="12" width="56" height="72" rx="8" fill="var(--blue-50)" stroke="var(--blue-100)" strokeWidth="2" />
            <path d="M32 34h32M32 46h32M32 58h20" stroke="var(--grey-400)" strokeWidth="4" strokeLinecap="round" />
          </svg>
          <h2 id="applied-before-empty-title"><Trans>No application before</Trans></h2>
          <p><Trans>None of your applications was rejected, so there is nothing to submit again.</Trans></p>
          <ButtonLink to="/application-history" variant="secondary"><Trans>See all my applications</Trans></ButtonLink>
        </section>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <>
          <p className={styles.intro}><Trans>These applications were rejected. Open one to read the officer's notes, correct your data and submit it again.</Trans></p>
          <ul className={styles.list}>
            {state.items.map((item) => <li key={item.id}><AppliedBeforeCard item={item} /></li>)}
          </ul>
        </>
      )}
    </Page>
  );
}
