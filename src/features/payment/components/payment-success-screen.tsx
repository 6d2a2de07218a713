import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { SupportContacts } from '../../../components/layout/support-contacts';
import { ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { SuccessPanel, TicketReference } from '../../../components/ui/success-panel';
import { useApplication } from '../../../lib/application-detail';

/**
 * /payment-success?id=: reached after the proof upload; shows the real ticket number
 * (docs/decisions.md#payment-success-shows-the-real-ticket).
 */
export function PaymentSuccessScreen({ id }: { id: number | undefined }) {
  const state = useApplication(id ?? 0);
  const ticket = state.application?.ticket_number;
  return (
    <Page header={<AppHeader title={<Trans>Payment</Trans>} back="/application-history" bell />}>
      <SuccessPanel title={<Trans>Payment successful</Trans>}>
        {ticket ? (
          <>
            <p>
              <Trans>Your application</Trans>
            </p>
            <TicketReference>{ticket}</TicketReference>
            <p>
              <Trans>has been received and will be processed in 3 working days.</Trans>
            </p>
          </>
        ) : state.status === 'loading' && id ? (
          <Skeleton width="60%" height={24} />
        ) : (
          <p>
            <Trans>Your application has been received and will be processed in 3 working days.</Trans>
          </p>
        )}
        <ButtonLink to="/application-history" wide>
          <Trans>Check Application Status</Trans>
        </ButtonLink>
      </SuccessPanel>
      <SupportContacts />
    </Page>
  );
}
