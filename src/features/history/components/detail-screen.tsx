import { useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ApplicationDetail } from '../../../../contract/application';
import type { ApplicationDocumentKind } from '../../../../contract/documents';
import { CERTIFICATE_READY, Status } from '../../../../contract/status';
import {
  ApplicationProblem,
  DecisionClock,
  InformationRequestSummary,
  SummaryCard,
} from '../../../components/application/application-parts';
import { ApplicationTabs } from '../../../components/application/application-tabs';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { QueuedNotice } from '../../../components/outbox/queued-notice';
import { Banner } from '../../../components/ui/banner';
import { ButtonLink } from '../../../components/ui/button';
import { DocumentViewer, type ShownDocument } from '../../../components/ui/document-viewer';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { StatusBadge } from '../../../components/ui/status-badge';
import { applicationNotes, DOCUMENT_LABELS } from '../../../lib/application-labels';
import { useApplication } from '../../../lib/application-detail';
import { formatDate } from '../../../lib/format';
import { useOutbox } from '../../../lib/outbox/outbox-store';
import { isPending } from '../../../lib/outbox/entry';
import { AccessLogTab } from './access-log-tab';
import { DocumentsTab } from './documents-tab';
import { PaymentTab } from './payment-tab';

/**
 * The citizen's answer to an officer: waiting on this phone, or sent and back in review. The
 * server's detail drops a request once it is answered, so "sent" is what this phone knows (the screen
 * that has just sent it, or the outbox's sent entry), or `answered_at` should the detail carry it.
 */
function useAnswer(a: ApplicationDetail | null, justSent: boolean) {
  const entries = useOutbox((s) => s.entries);
  if (!a) return { waiting: undefined, sent: false };
  const mine = entries.filter((e) => e.kind === 'answer-request' && e.applicationId === a.id);
  const waiting = a.status === Status.informationRequested ? mine.find(isPending) : undefined;
  const sent =
    a.status === Status.inValidation &&
    (!!a.information_request?.answered_at || justSent || mine.some((e) => e.state === 'sent'));
  return { waiting, sent };
}

/** The officer's request on the detail: what is asked, and the way to answer it (or that the answer waits). */
function AskedOfYou({
  application: a,
  waiting,
}: {
  application: ApplicationDetail;
  waiting?: { maybeReached: boolean };
}) {
  if (!a.information_request) return null;
  return (
    <Card as="section">
      <InformationRequestSummary request={a.information_request} lists />
      {waiting ? (
        <QueuedNotice confirming={waiting.maybeReached} />
      ) : (
        <ButtonLink to="/answer-request/$id" params={{ id: String(a.id) }} variant="primary" wide>
          <Trans>Answer the office</Trans>
        </ButtonLink>
      )}
    </Card>
  );
}

function Summary({ application: a, answered }: { application: ApplicationDetail; answered: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <SummaryCard
      application={a}
      detailOf="/detail-application/$id"
      badges={<StatusBadge status={a.status} paymentStatus={a.payment.payment_status} />}
      items={(rows) => [
        rows.appliedOn,
        ...rows.pickup,
        { label: t`Notes`, value: applicationNotes(a, (d) => i18n._(d)), wide: true },
      ]}
    >
      {answered && (
        <Banner tone="success" focusOnShow={false}>
          <span data-testid="answer-sent">
            <Trans>Answer sent — back with the officer.</Trans>
          </span>
        </Banner>
      )}
      {a.clock && <DecisionClock clock={a.clock} />}
      {a.revocation && (
        <Banner tone="warning" focusOnShow={false}>
          <span data-testid="revocation">
            <Trans>
              Your certificate was revoked on {formatDate(a.revocation.at, i18n.locale)} and is no longer valid. Reason:{' '}
              {a.revocation.reason}
            </Trans>
          </span>
        </Banner>
      )}
      {a.revocation && !a.reapplied_by && (
        <ButtonLink to="/history-applied-before-detail/$id" params={{ id: String(a.id) }} variant="primary" wide>
          <Trans>Apply for a new certificate</Trans>
        </ButtonLink>
      )}
      {CERTIFICATE_READY.includes(a.status) && !a.revocation && (
        <ButtonLink to="/certificate-approval/$id" params={{ id: String(a.id) }} variant="success" wide>
          <Trans>Your certificate is ready</Trans>
        </ButtonLink>
      )}
      {a.status === Status.rejected && !a.reapplied_by && (
        <ButtonLink to="/history-applied-before-detail/$id" params={{ id: String(a.id) }} variant="secondary" wide>
          <Trans>Apply again</Trans>
        </ButtonLink>
      )}
    </SummaryCard>
  );
}

/**
 * /detail-application/{id}: header, the summary (with the decision clock), what an officer asks
 * of the citizen if anything, then the tabs — applicant data, documents, payment
 * (docs/specification.md#history-and-detail), and who saw my data.
 */
export function DetailScreen({ id }: { id: number }) {
  const { i18n } = useLingui();
  // Set by the screen that has just sent an answer to the officer (src/router.tsx's HistoryState).
  const answered = useRouterState({ select: (s) => s.location.state.answered === true });
  const state = useApplication(id);
  const [viewing, setViewing] = useState<ShownDocument | null>(null);
  const a = state.application;
  const answer = useAnswer(a, answered);
  const viewDocument = (kind: ApplicationDocumentKind | 'proof_of_payment', path: string, name?: string) =>
    setViewing({ title: i18n._(DOCUMENT_LABELS[kind]), source: { path, name } });

  return (
    <Page header={<AppHeader title={<Trans>Application detail</Trans>} back="/application-history" bell />}>
      {state.status === 'loading' && (
        <div aria-busy="true">
          <SkeletonCard lines={4} />
          <br />
          <SkeletonCard lines={8} />
        </div>
      )}
      <ApplicationProblem state={state} />
      {a && (
        <>
          <Summary application={a} answered={answer.sent} />
          {a.status === Status.informationRequested && <AskedOfYou application={a} waiting={answer.waiting} />}
          <ApplicationTabs
            applicant={a.applicant_data}
            documents={<DocumentsTab documents={a.document_submit} onView={viewDocument} />}
            payment={<PaymentTab application={a} onViewProof={(path) => viewDocument('proof_of_payment', path)} />}
            last={{
              id: 'access',
              label: <Trans>Who saw my data</Trans>,
              content: <AccessLogTab applicationId={a.id} />,
            }}
          />
        </>
      )}
      <DocumentViewer shown={viewing} onClose={() => setViewing(null)} />
    </Page>
  );
}
