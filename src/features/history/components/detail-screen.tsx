import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ApplicationDetail } from '../../../../contract/application';
import type { ApplicationDocumentKind } from '../../../../contract/documents';
import { CERTIFICATE_READY, Status } from '../../../../contract/status';
import { ApplicationProblem, SummaryCard } from '../../../components/application/application-parts';
import { ApplicationTabs } from '../../../components/application/application-tabs';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { ButtonLink } from '../../../components/ui/button';
import { DocumentViewer, type ShownDocument } from '../../../components/ui/document-viewer';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { StatusBadge } from '../../../components/ui/status-badge';
import { applicationNotes, DOCUMENT_LABELS } from '../../../lib/application-labels';
import { useApplication } from '../../../lib/application-detail';
import { formatDate } from '../../../lib/format';
import { AccessLogTab } from './access-log-tab';
import { DocumentsTab } from './documents-tab';
import { PaymentTab } from './payment-tab';

function Summary({ application: a }: { application: ApplicationDetail }) {
  const { t, i18n } = useLingui();
  return (
    <SummaryCard
      application={a}
      detailOf="/detail-application/$id"
      badges={<StatusBadge status={a.status} />}
      items={(rows) => [
        rows.appliedOn,
        ...rows.pickup,
        { label: t`Notes`, value: applicationNotes(a, (d) => i18n._(d)), wide: true },
      ]}
    >
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
 * /detail-application/{id}: header, then the tabs — applicant data, documents, payment
 * (docs/specification.md#history-and-detail), and who saw my data.
 */
export function DetailScreen({ id }: { id: number }) {
  const { i18n } = useLingui();
  const state = useApplication(id);
  const [viewing, setViewing] = useState<ShownDocument | null>(null);
  const a = state.application;
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
          <Summary application={a} />
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
