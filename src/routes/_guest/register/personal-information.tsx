import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { useLeaveGuard } from '../../../features/registration/components/leave-guard';
import { PersonalInformationForm } from '../../../features/registration/components/personal-information-form';
import { RegistrationSteps } from '../../../features/registration/components/registration-steps';

/** Registration, step 3: the data read from the card, checked and completed. */
export const Route = createFileRoute('/_guest/register/personal-information')({
  beforeLoad: async () => {
    const { requireDraftEmail } = await import('../../../features/registration/stores/draft-guard');
    await requireDraftEmail('/register');
  },
  component: PersonalInformationScreen,
});

function PersonalInformationScreen() {
  const { dialog } = useLeaveGuard('/register/upload');
  return (
    <Page header={<AppHeader title={<Trans>Personal information</Trans>} back="/register/upload" />}>
      <RegistrationSteps current={3} />
      <PersonalInformationForm />
      {dialog}
    </Page>
  );
}
