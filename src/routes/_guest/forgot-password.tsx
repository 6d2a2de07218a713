import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../components/layout/app-header';
import { Page } from '../../components/layout/page';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

/** /forgot-password: back link to /login; success goes to /check-email. */
export const Route = createFileRoute('/_guest/forgot-password')({
  component: () => (
    <Page header={<AppHeader title={<Trans>Forgot password</Trans>} back="/login" />}>
      <ForgotPasswordForm />
    </Page>
  ),
});
