import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../components/layout/app-header';
import { Page } from '../../components/layout/page';
import { CheckEmail } from '../../features/auth/components/check-email';

/** /check-email: the reset link was sent, with a link to /. */
export const Route = createFileRoute('/_guest/check-email')({
  component: () => (
    <Page header={<AppHeader title={<Trans>Check your email</Trans>} back="/" />}>
      <CheckEmail />
    </Page>
  ),
});
