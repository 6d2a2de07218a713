import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { RegistrationSuccess } from '../../../features/registration/components/registration-success';

/** Account created, with a link to the homepage. */
export const Route = createFileRoute('/_guest/register/success')({
  component: () => (
    <Page header={<AppHeader title={<Trans>Account created</Trans>} back={false} />}>
      <RegistrationSuccess />
    </Page>
  ),
});
