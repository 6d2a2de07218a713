import { Trans } from '@lingui/react/macro';
import { ticketNumber } from '../../../../contract/application';
import { Status } from '../../../../contract/status';
import { AppHeader } from '../../../components/layout/app-header';
import { Card, Page, Stack } from '../../../components/layout/page';
import { SupportContacts } from '../../../components/layout/support-contacts';
import { PushOffer } from '../../../components/push/push-offer';
import { Banner } from '../../../components/ui/banner';
import { ButtonLink } from '../../../components/ui/button';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { SuccessPanel, TicketReference } from '../../../components/ui/success-panel';
import { useApplication } from '../../../lib/application-detail';
import { formatDateTime, formatMoney } from '../../../lib/format';

function PaymentDue({ amount, deadline }: { amount: string; deadline: string }) {
  return (
    <Banner tone="warning" focusOnShow={false}>
      <Trans>
        This new application still has to be paid: transfer {amount} to its virtual account before {deadline}, or it
        will be rejected.
      </Trans>
    </Banner>
  );
}

/**
 * /applied-success/{id}: the new application's ticket reference (RC0000 + id), and what
 * is left to do: unless the rejected application's payment carried over, the new one must be paid
 * before its deadline — with the way to its virtual account.
 */
export function AppliedSuccessScreen({ id }: { id: number }) {
  const state = useApplication(id);
  const app = state.application;
  const toPay = app?.status === Status.pending && app.payment.payment_status === 'unpaid';
  return (
    <Page header={<AppHeader title={<Trans>Applied successfully</Trans>} back="/application-history" bell />}>
      <SuccessPanel title={<Trans>Applied again successfully</Trans>}>
        <p>
          <Trans>Your new application</Trans>
        </p>
        <TicketReference>{ticketNumber(id)}</TicketReference>
        {toPay ? (
          <p>
            <Trans>has been received. It will be processed once it is paid.</Trans>
          </p>
        ) : (
          <p>
            <Trans>
              has been received and will be processed in 3 working days. You will get a notification when its status
              changes.
            </Trans>
          </p>
        )}
        {!toPay && (
          <ButtonLink to="/application-history" wide>
            <Trans>Check Application Status</Trans>
          </ButtonLink>
        )}
      </SuccessPanel>
      {state.status === 'loading' && <SkeletonCard lines={3} />}
      {app && toPay && (
        <Card as="section">
          <Stack gap={3}>
            <PaymentDue amount={formatMoney(app.payment.amount)} deadline={formatDateTime(app.payment.deadline)} />
            <ButtonLink to="/waiting-for-payment/$id" params={{ id: String(id) }} wide>
              <Trans>Pay now</Trans>
            </ButtonLink>
            <ButtonLink to="/application-history" variant="ghost" wide>
              <Trans>Check Application Status</Trans>
            </ButtonLink>
          </Stack>
        </Card>
      )}
      <PushOffer />
      <SupportContacts />
    </Page>
  );
}
