import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ApplicationDetail } from '../../../../contract/application';
import type { ApplicationDocumentKind } from '../../../../contract/documents';
import { CERTIFICATE_READY, Status } from '../../../../contract/status';
import { ApplicantDataList, ApplicationProblem, SummaryTop } from '../../../components/application/application-parts';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { Banner } from '../../../components/ui/banner';
import { ButtonLink } from '../../../components/ui/button';
import { DataList } from '../../../components/ui/data-list';
import { DocumentViewer, type DocumentSource } from '../../../components/ui/document-viewer';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { StatusBadge } from '../../../components/ui/status-badge';
import { Tabs } from '../../../components/ui/tabs';
import { applicationNotes, DOCUMENT_LABELS } from '../../../lib/application-labels';
import { useApplication } from '../../../lib/application-detail';
import { formatCalendarDate, formatDate, formatSlotTime } from '../../../lib/format';
import { AccessLogTab } from './access-log-tab';
import { DocumentsTab } from './documents-tab';
import { PaymentTab } from './payment-tab';

function Summary({ application: a }: { application: ApplicationDetail }) {
  const { t, i18n } = useLingui();
  return (
    <Card as="section">
      <SummaryTop ticket={a.ticket_number}>
        <StatusBadge status={a.status} />
      </SummaryTop>
      <DataList
        items={[
          { label: t`Applied on`, value: formatDate(a.applied_on, i18n.locale) },
          ...(a.pickup_date
            ? [
                {
                  label: t`Pick-up`,
                  value: `${formatCalendarDate(a.pickup_date, i18n.locale)}, ${formatSlotTime(a.pickup_time ?? '', i18n.locale)}`,
                },
              ]
            : []),
          { label: t`Notes`, value: applicationNotes(a, (d) => i18n._(d)), wide: true },
        ]}
      />
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
      {a.reapplied_by && (
        <Link to="/detail-application/$id" params={{ id: String(a.reapplied_by) }}>
          <Trans>See the new application</Trans>
        </Link>
      )}
    </Card>
  );
}

/**
 * /detail-application/{id}: header, then the tabs — applicant data, documents, payment
 * (docs/specification.md#history-and-detail), and who saw my data.
 */
export function DetailScreen({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const state = useApplication(id);
  const [viewing, setViewing] = useState<{ title: string; source: DocumentSource } | null>(null);
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
          <Tabs
            label={t`Application detail`}
            items={[
              {
                id: 'applicant',
                label: <Trans>Applicant data</Trans>,
                content: (
                  <Card>
                    <ApplicantDataList data={a.applicant_data} />
                  </Card>
                ),
              },
              {
                id: 'documents',
                label: <Trans>Documents</Trans>,
                content: (
                  <Card>
                    <DocumentsTab documents={a.document_submit} onView={viewDocument} />
                  </Card>
                ),
              },
              {
                id: 'payment',
                label: <Trans>Payment</Trans>,
                content: (
                  <Card>
                    <PaymentTab application={a} onViewProof={(path) => viewDocument('proof_of_payment', path)} />
                  </Card>
                ),
              },
              {
                id: 'access',
                label: <Trans>Who saw my data</Trans>,
                content: (
                  <Card>
                    <AccessLogTab applicationId={a.id} />
                  </Card>
                ),
              },
            ]}
          />
        </>
      )}
      <DocumentViewer
        isOpen={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        title={viewing?.title ?? t`Document`}
        source={viewing?.source ?? null}
      />
    </Page>
  );
}
