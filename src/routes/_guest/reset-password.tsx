import { createFileRoute, redirect } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../components/layout/app-header';
import { Page } from '../../components/layout/page';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** Reached from the e-mailed link: without its `payload` there is nothing to reset (spec: to /). */
export const Route = createFileRoute('/_guest/reset-password')({
  validateSearch: (search: Record<string, unknown>): { payload?: string } =>
    typeof search.payload === 'string' && search.payload ? { payload: search.payload } : {},
  beforeLoad: ({ search }) => {
    if (!search.payload) throw redirect({ to: '/', replace: true });
  },
  component: ResetPasswordScreen,
});

function ResetPasswordScreen() {
  const { payload } = Route.useSearch();
  return (
    <Page header={<AppHeader title={<Trans>Reset password</Trans>} back="/login" />}>
      <ResetPasswordForm payload={payload ?? ''} />
    </Page>
  );
}
