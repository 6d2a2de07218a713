import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { CERTIFICATE_READY, Status } from '../../../../contract/status';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { SupportContacts } from '../../../components/layout/support-contacts';
import { Banner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useApplication } from '../../../lib/application-detail';
import { formatCalendarDate, formatDate, formatSlotTime } from '../../../lib/format';
import { downloadCertificate } from '../api/download-certificate';
import styles from './certificate-approval-screen.module.css';
import { ApplicationProblem } from '../../../components/application/application-parts';
import { SatisfactionQuestion } from './satisfaction-question';
import { WalletOfferCard } from './wallet-offer';

/**
 * The certificate exists from issue on; it stays downloadable after pick-up
 * (docs/decisions.md#the-application-status-machine).
 */
const DOWNLOADABLE: readonly Status[] = [Status.certificateIssued, Status.waitingToPickup, Status.pickedUp];
/** The download notice lasts 3 seconds, as the specification has it. */
const NOTICE_MS = 3000;

function CertificateMark() {
  return (
    <svg viewBox="0 0 120 120" width="104" height="104" aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill="var(--green-50)" />
      <rect x="34" y="26" width="52" height="66" rx="6" fill="var(--white)" stroke="var(--blue-800)" strokeWidth="4" />
      <path d="M45 44h30M45 55h30M45 66h18" stroke="var(--blue-800)" strokeWidth="4" strokeLinecap="round" />
      <circle cx="80" cy="84" r="16" fill="var(--green-700)" />
      <path
        d="M72 84l6 6 10-11"
        fill="none"
        stroke="var(--white)"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * /certificate-approval/{id}: congratulations, the e-certificate download and the office pick-up
 * (docs/specification.md#certificate-and-pick-up).
 */
export function CertificateApprovalScreen({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const state = useApplication(id);
  const [downloading, setDownloading] = useState(false);
  const [notice, setNotice] = useState<'downloaded' | 'failed' | null>(null);
  const a = state.application;

  useEffect(() => {
    if (notice !== 'downloaded') return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  async function download() {
    if (!a) return;
    setDownloading(true);
    setNotice(null);
    try {
      if (await downloadCertificate(a.id, a.ticket_number)) setNotice('downloaded');
    } catch {
      setNotice('failed');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Page header={<AppHeader title={<Trans>Resident certificate</Trans>} back="/application-history" bell />}>
      {state.status === 'loading' && (
        <div aria-busy="true">
          <SkeletonCard lines={5} />
        </div>
      )}
      <ApplicationProblem state={state} />
      {a && !DOWNLOADABLE.includes(a.status) && (
        <Card as="section">
          <div className={styles.pending}>
            <StatusBadge status={a.status} />
            <p>
              <Trans>
                The certificate for application {a.ticket_number} is not issued yet. We will notify you when it is
                ready.
              </Trans>
            </p>
            <ButtonLink to="/detail-application/$id" params={{ id: String(a.id) }} variant="secondary" wide>
              <Trans>Check detail</Trans>
            </ButtonLink>
          </div>
        </Card>
      )}
      {a?.revocation && (
        <Card as="section">
          <div className={styles.pending}>
            <Banner tone="warning" focusOnShow={false}>
              <Trans>
                Your certificate was revoked on {formatDate(a.revocation.at, i18n.locale)} and is no longer valid.
                Reason: {a.revocation.reason}
              </Trans>
            </Banner>
            {!a.reapplied_by && (
              <ButtonLink to="/history-applied-before-detail/$id" params={{ id: String(a.id) }} variant="primary" wide>
                <Trans>Apply for a new certificate</Trans>
              </ButtonLink>
            )}
            <ButtonLink to="/detail-application/$id" params={{ id: String(a.id) }} variant="secondary" wide>
              <Trans>Check detail</Trans>
            </ButtonLink>
          </div>
        </Card>
      )}
      {a && !a.revocation && DOWNLOADABLE.includes(a.status) && (
        <>
          <section className={styles.hero} aria-labelledby="certificate-title">
            <CertificateMark />
            <h2 id="certificate-title" className={styles.title}>
              <Trans>Congratulations!</Trans>
            </h2>
            <p>
              <Trans>Your resident certificate is issued for application</Trans>
            </p>
            <p className={styles.ticket} data-testid="ticket-number">
              <span className={styles.prefix}>
                <Trans>ID:</Trans>
              </span>{' '}
              {a.ticket_number}
            </p>
            <StatusBadge status={a.status} />
          </section>

          {a.status === Status.waitingToPickup && a.pickup_date && (
            <Card as="section">
              <h3 className={styles.cardTitle}>
                <Trans>Pick-up at the office</Trans>
              </h3>
              <p className={styles.pickup} data-testid="pickup-booking">
                {formatCalendarDate(a.pickup_date, i18n.locale)}, {formatSlotTime(a.pickup_time ?? '', i18n.locale)}
              </p>
              <p className={styles.muted}>
                <Trans>Bring your ID card. You can change the time until the booked slot begins.</Trans>
              </p>
            </Card>
          )}

          {notice === 'downloaded' && (
            <Banner tone="success">
              <Trans>File downloaded</Trans>
            </Banner>
          )}
          {notice === 'failed' && (
            <Banner tone="error" onDismiss={() => setNotice(null)}>
              <Trans>Download failed. Please try again.</Trans>
            </Banner>
          )}

          <SatisfactionQuestion id={a.id} />

          <WalletOfferCard id={a.id} />

          <div className={styles.actions}>
            <Button onPress={download} pending={downloading} pendingLabel={t`Downloading…`} wide>
              <Trans>Download e-certificate</Trans>
            </Button>
            {CERTIFICATE_READY.includes(a.status) && (
              <ButtonLink to="/pick-up-date/$id" params={{ id: String(a.id) }} variant="secondary" wide>
                {a.status === Status.waitingToPickup ? (
                  <Trans>Change pick-up date</Trans>
                ) : (
                  <Trans>Pick up at the office</Trans>
                )}
              </ButtonLink>
            )}
            <ButtonLink to="/detail-application/$id" params={{ id: String(a.id) }} variant="ghost" wide>
              <Trans>Check detail</Trans>
            </ButtonLink>
          </div>
        </>
      )}
      <SupportContacts />
    </Page>
  );
}
