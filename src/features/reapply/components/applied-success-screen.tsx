import { Trans } from '@lingui/react/macro';
import { ticketNumber } from '../../../../contract/application';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { SupportContacts } from '../../../components/layout/support-contacts';
import { ButtonLink } from '../../../components/ui/button';
import { SuccessPanel, TicketReference } from '../../../components/ui/success-panel';


/** /applied-success/{id}: the new application's ticket reference (RC0000 + id, spec §9). */
export function AppliedSuccessScreen({ id }: { id: number }) {
  return (
    <Page header={<AppHeader title={<Trans>Applied successfully</Trans>} back="/application-history" bell />}>
      <SuccessPanel title={<Trans>Applied again successfully</Trans>}>
        <p><Trans>Your new application</Trans></p>
        <TicketReference>{ticketNumber(id)}</TicketReference>
        <p><Trans>has been received and will be processed in 3 working days. You will get a notification when its status changes.</Trans></p>
        <ButtonLink to="/application-history" wide><Trans>Check Application Status</Trans></ButtonLink>
      </SuccessPanel>
      <SupportContacts />
    </Page>
  );
}
