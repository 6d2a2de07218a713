import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { SupportContacts } from '../../../components/layout/support-contacts';
import { ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApplication } from '../../../lib/application-detail';
import styles from './payment-screens.module.css';

function SuccessMark() {
  return (
    <svg viewBox="0 0 120 120" width="112" height="112" aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill="var(--green-50)" />
      <circle cx="60" cy="60" r="40" fill="var(--green-700)" />
      <path d="M42 61l12 12 25-27" fill="none" stroke="var(--white)" strokeWidth="8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** /payment-success?id=: reached after the proof upload; shows the real ticket number (DECISIONS §2). */
export function PaymentSuccessScreen({ id }: { id: number | undefined }) {
  const state = useApplication(id ?? 0);
  const ticket = state.application?.ticket_number;
  return (
    <Page header={<AppHeader title={<Trans>Payment</Trans>} back="/application-history" bell />}>
      <section className={styles.success} aria-labelledby="payment-success-title">
        <SuccessMark />
        <h2 id="payment-success-title" className={styles.successTitle}><Trans>Payment successful</Trans></h2>
        {ticket ? (
          <>
            <p><Trans>Your application</Trans></p>
            <p className={styles.reference} data-testid="ticket-number">{ticket}</p>
            <p><Trans>has been received and will be processed in 3 working days.</Trans></p>
          </>
        ) : state.status === 'loading' && id ? (
          <Skeleton width="60%" height={24} />
        ) : (
          <p><Trans>Your application has been received and will be processed in 3 working days.</Trans></p>
        )}
        <ButtonLink to="/application-history" wide><Trans>Check Application Status</Trans></ButtonLink>
      </section>
      <SupportContacts />
    </Page>
  );
}
