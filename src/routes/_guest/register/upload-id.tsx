import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { IdCardUpload } from '../../../features/registration/components/id-card-upload';
import { useLeaveGuard } from '../../../features/registration/components/leave-guard';
import { RegistrationSteps } from '../../../features/registration/components/registration-steps';

/** Registration, step 2 by file: pick, preview, read on the device. Warns on unload. */
export const Route = createFileRoute('/_guest/register/upload-id')({
  beforeLoad: async () => {
    const { requireDraftEmail } = await import('../../../features/registration/stores/draft-guard');
    await requireDraftEmail('/register');
  },
  component: UploadIdScreen,
});

function UploadIdScreen() {
  const { dialog } = useLeaveGuard('/register/upload');
  return (
    <Page header={<AppHeader title={<Trans>Upload your ID card</Trans>} back="/register/upload" />}>
      <RegistrationSteps current={2} />
      <IdCardUpload />
      {dialog}
    </Page>
  );
}
