import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { Status } from '../../../../contract/status';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { SupportContacts } from '../../../components/layout/support-contacts';
import { Banner } from '../../../components/ui/banner';
import { ButtonLink } from '../../../components/ui/button';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { useApplication } from '../../../lib/application-detail';
import { QueuedNotice } from '../../../components/outbox/queued-notice';
import { usePendingEntry } from '../../../lib/outbox/outbox-store';
import { Countdown } from './countdown';
import { ProofUploadForm } from './proof-upload-form';
import { VirtualAccountCard } from './virtual-account-card';
import styles from './payment-screens.module.css';
import { ApplicationProblem } from '../../../components/application/application-parts';
import { PushOffer } from '../../../components/push/push-offer';

/** /waiting-for-payment/{id}: the virtual account to pay, the time left, and the proof upload. */
export function WaitingForPaymentScreen({ id }: { id: number }) {
  const navigate = useNavigate();
  const state = useApplication(id);
  const [expired, setExpired] = useState(false);
  const onExpired = useCallback(() => setExpired(true), []);
  const app = state.application;
  const open = app?.status === Status.pending && app.payment.payment_status === 'unpaid' && !expired;
  // A proof waiting in the outbox: say so instead of asking for it again.
  const queuedProof = usePendingEntry('upload-payment', id);

  return (
    <Page header={<AppHeader title={<Trans>Waiting for payment</Trans>} back="/application-history" bell />}>
      {state.status === 'loading' && (
        <>
          <SkeletonCard lines={2} />
          <SkeletonCard lines={5} />
          <SkeletonCard lines={3} />
        </>
      )}
      <ApplicationProblem state={state} />
      {app && (
        <>
          <p className={styles.ticket}>
            <Trans>Application {app.ticket_number}</Trans>
          </p>
          {app.status === Status.pending && (
            <Card as="section">
              {expired || new Date(app.payment.deadline).getTime() <= Date.now() ? (
                <Banner tone="warning">
                  <Trans>The payment deadline has passed. Please apply again.</Trans>
                </Banner>
              ) : (
                <Countdown deadline={app.payment.deadline} onExpired={onExpired} />
              )}
            </Card>
          )}
          {app.status === Status.waitingForApprove && (
            <Banner tone="success">
              <Trans>We received your proof of payment. It will be checked within 3 working days.</Trans>
            </Banner>
          )}
          {app.status === Status.rejected && (
            <Banner tone="warning">
              <Trans>This application was rejected.</Trans> {app.notes}
            </Banner>
          )}
          <Card as="section">
            <h2 className={styles.heading}>
              <Trans>Transfer to this virtual account</Trans>
            </h2>
            <VirtualAccountCard payment={app.payment} />
            <div className={styles.links}>
              <ButtonLink to="/how-to-payment" search={{ id }} variant="secondary">
                <Trans>How to pay</Trans>
              </ButtonLink>
              <ButtonLink to="/detail-application/$id" params={{ id: String(id) }} variant="ghost">
                <Trans>Check payment status</Trans>
              </ButtonLink>
            </div>
          </Card>
          {open && queuedProof && (
            <Card as="section">
              <h2 className={styles.heading}>
                <Trans>Upload proof of payment</Trans>
              </h2>
              <QueuedNotice confirming={queuedProof.maybeReached} />
            </Card>
          )}
          {open && !queuedProof && (
            <Card as="section">
              <h2 className={styles.heading}>
                <Trans>Upload proof of payment</Trans>
              </h2>
              <p className={styles.muted}>
                <Trans>After paying, upload a photo or screenshot of the receipt.</Trans>
              </p>
              <ProofUploadForm
                applicationId={id}
                onUploaded={() => void navigate({ to: '/payment-success', search: { id }, replace: true })}
              />
            </Card>
          )}
          <PushOffer />
          <SupportContacts />
        </>
      )}
    </Page>
  );
}
