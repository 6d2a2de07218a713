import { Trans, useLingui } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApplication } from '../../../lib/application-detail';
import { formatCalendarDate } from '../../../lib/format';
import styles from './pickup-success-screen.module.css';

function DoneMark() {
  return (
    <svg viewBox="0 0 120 120" width="104" height="104" aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill="var(--green-50)" />
      <circle cx="60" cy="60" r="40" fill="var(--green-700)" />
      <path d="M42 61l12 12 25-27" fill="none" stroke="var(--white)" strokeWidth="8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** /success-set-pick-up?id=: 'all set', with the booking as the server recorded it, and a home link. */
export function PickupSuccessScreen({ id }: { id: number | undefined }) {
  const { i18n } = useLingui();
  const state = useApplication(id ?? 0);
  const a = state.application;
  return (
    <Page header={<AppHeader title={<Trans>Pick-up date</Trans>} bell />}>
      <section className={styles.success} aria-labelledby="pickup-success-title">
        <DoneMark />
        <h2 id="pickup-success-title" className={styles.title}><Trans>You're all set!</Trans></h2>
        <p><Trans>Pickup confirmed. Please come to the office with your ID card at the time you chose.</Trans></p>
      </section>
      {a?.pickup_date ? (
        <Card as="section">
          <dl className={styles.booking}>
            <dt><Trans>Application</Trans></dt>
            <dd>{a.ticket_number}</dd>
            <dt><Trans>Date</Trans></dt>
            <dd data-testid="booked-date">{formatCalendarDate(a.pickup_date, i18n.locale)}</dd>
            <dt><Trans>Time</Trans></dt>
            <dd data-testid="booked-time">{a.pickup_time}</dd>
          </dl>
        </Card>
      ) : state.status === 'loading' && id ? (
        <Card><Skeleton width="70%" /><Skeleton width="50%" /></Card>
      ) : null}
      <div className={styles.actions}>
        <ButtonLink to="/home" wide><Trans>Back to home</Trans></ButtonLink>
        {a && <ButtonLink to="/detail-application/$id" params={{ id: String(a.id) }} variant="secondary" wide><Trans>Check detail</Trans></ButtonLink>}
      </div>
    </Page>
  );
}
