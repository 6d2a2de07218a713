import { Link, useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Status } from '../../../../contract/status';
import {
  ApplicationProblem,
  DecisionClock,
  InformationRequestSummary,
} from '../../../components/application/application-parts';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { QueuedNotice } from '../../../components/outbox/queued-notice';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { useApplication } from '../../../lib/application-detail';
import { usePendingEntry } from '../../../lib/outbox/outbox-store';
import { AnswerForm } from './answer-form';
import styles from './answer-request.module.css';

/**
 * /answer-request/{id}: what an officer asks of the citizen — the reasons with what to do, the
 * officer's message, the day to answer by — and the answer: only the documents and fields asked.
 * An answer already waiting on the phone is shown instead of the form, so it is never sent twice.
 */
export function AnswerRequestScreen({ id }: { id: number }) {
  const navigate = useNavigate();
  const state = useApplication(id);
  const waiting = usePendingEntry('answer-request', id);
  const a = state.application;
  const request = a?.status === Status.informationRequested ? a.information_request : null;
  const toDetail = (
    <Link to="/detail-application/$id" params={{ id: String(id) }}>
      <Trans>See the application</Trans>
    </Link>
  );
  return (
    <Page
      header={
        <AppHeader
          title={<Trans>What is asked</Trans>}
          back={() => void navigate({ to: '/detail-application/$id', params: { id: String(id) } })}
          bell
        />
      }
    >
      {state.status === 'loading' && (
        <div aria-busy="true">
          <SkeletonCard lines={5} />
          <br />
          <SkeletonCard lines={4} />
        </div>
      )}
      <ApplicationProblem state={state} />
      {a && !request && (
        <Card as="section">
          <p>
            <Trans>Nothing is asked of you on this application now.</Trans>
          </p>
          {toDetail}
        </Card>
      )}
      {a && request && (
        <>
          <Card as="section">
            <p className={styles.ticket}>
              <Trans>Application {a.ticket_number}</Trans>
            </p>
            <InformationRequestSummary request={request} />
            {a.clock && <DecisionClock clock={a.clock} />}
          </Card>
          {waiting ? (
            <Card as="section">
              <QueuedNotice confirming={waiting.maybeReached} />
              {toDetail}
            </Card>
          ) : (
            <AnswerForm key={request.id} application={a} request={request} onRefused={state.reload} />
          )}
        </>
      )}
    </Page>
  );
}
