import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { IdCardCamera } from '../../../features/registration/components/id-card-camera';
import { useLeaveGuard } from '../../../features/registration/components/leave-guard';
import { RegistrationSteps } from '../../../features/registration/components/registration-steps';

/** Registration, step 2 by camera: capture, retake, read on the device. */
export const Route = createFileRoute('/_guest/register/foto')({
  beforeLoad: async () => {
    const { requireDraftEmail } = await import('../../../features/registration/stores/draft-guard');
    await requireDraftEmail('/register');
  },
  component: FotoScreen,
});

function FotoScreen() {
  const { dialog } = useLeaveGuard('/register/upload');
  return (
    <Page header={<AppHeader title={<Trans>Take a photo of your ID card</Trans>} back="/register/upload" />}>
      <RegistrationSteps current={2} />
      <IdCardCamera />
      {dialog}
    </Page>
  );
}
