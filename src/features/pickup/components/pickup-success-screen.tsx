import { Trans, useLingui } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page } from '../../../components/layout/page';
import { ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { SuccessPanel } from '../../../components/ui/success-panel';
import { useApplication } from '../../../lib/application-detail';
import { formatCalendarDate, formatSlotTime } from '../../../lib/format';
import styles from './pickup-success-screen.module.css';

/** /success-set-pick-up?id=: 'all set', with the booking as the server recorded it, and a home link. */
export function PickupSuccessScreen({ id }: { id: number | undefined }) {
  const { i18n } = useLingui();
  const state = useApplication(id ?? 0);
  const a = state.application;
  return (
    <Page header={<AppHeader title={<Trans>Pick-up date</Trans>} bell />}>
      <SuccessPanel title={<Trans>You're all set!</Trans>}>
        <p>
          <Trans>Pick-up confirmed. Please come to the office with your ID card at the time you chose.</Trans>
        </p>
      </SuccessPanel>
      {a?.pickup_date ? (
        <Card as="section">
          <dl className={styles.booking}>
            <dt>
              <Trans>Application</Trans>
            </dt>
            <dd>{a.ticket_number}</dd>
            <dt>
              <Trans>Date</Trans>
            </dt>
            <dd data-testid="booked-date">{formatCalendarDate(a.pickup_date, i18n.locale)}</dd>
            <dt>
              <Trans>Time</Trans>
            </dt>
            <dd data-testid="booked-time">{formatSlotTime(a.pickup_time ?? '', i18n.locale)}</dd>
          </dl>
        </Card>
      ) : state.status === 'loading' && id ? (
        <Card>
          <Skeleton width="70%" />
          <Skeleton width="50%" />
        </Card>
      ) : null}
      <div className={styles.actions}>
        <ButtonLink to="/home" wide>
          <Trans>Back to home</Trans>
        </ButtonLink>
        {a && (
          <ButtonLink to="/detail-application/$id" params={{ id: String(a.id) }} variant="secondary" wide>
            <Trans>Check detail</Trans>
          </ButtonLink>
        )}
      </div>
    </Page>
  );
}
