import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { OtpForm } from '../../../features/registration/components/otp-form';
import { RegistrationSteps } from '../../../features/registration/components/registration-steps';

/** Registration, step 4: the e-mailed code. Without a draft e-mail, to /. */
export const Route = createFileRoute('/_guest/register/otp')({
  beforeLoad: async () => {
    const { requireDraftEmail } = await import('../../../features/registration/stores/draft-guard');
    await requireDraftEmail('/');
  },
  component: OtpScreen,
});

function OtpScreen() {
  return (
    <Page header={<AppHeader title={<Trans>Verify your email</Trans>} />}>
      <RegistrationSteps current={4} />
      <OtpForm />
    </Page>
  );
}
