import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { useLeaveGuard } from '../../../features/registration/components/leave-guard';
import { RegistrationSteps } from '../../../features/registration/components/registration-steps';
import { UploadChoice } from '../../../features/registration/components/upload-choice';

/** Registration, step 2: photo or file of the ID card. Without a draft e-mail, back to /register. */
export const Route = createFileRoute('/_guest/register/upload')({
  beforeLoad: async () => {
    const { requireDraftEmail } = await import('../../../features/registration/stores/draft-guard');
    await requireDraftEmail('/register');
  },
  component: UploadScreen,
});

function UploadScreen() {
  const { askToLeave, dialog } = useLeaveGuard('/register');
  return (
    <Page header={<AppHeader title={<Trans>ID card</Trans>} back={askToLeave} />}>
      <RegistrationSteps current={2} />
      <UploadChoice />
      {dialog}
    </Page>
  );
}
