import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { AppHeader } from '../../../components/layout/app-header';
import { Page } from '../../../components/layout/page';
import { AccountForm } from '../../../features/registration/components/account-form';
import { RegistrationSteps } from '../../../features/registration/components/registration-steps';

type Search = { taken?: 'email' | 'phone' };

/** Registration, step 1: e-mail, phone and password. Back goes to /. */
export const Route = createFileRoute('/_guest/register/')({
  validateSearch: (search: Record<string, unknown>): Search =>
    search.taken === 'email' || search.taken === 'phone' ? { taken: search.taken } : {},
  // The draft comes back from IndexedDB first, so a returning citizen finds the fields filled.
  beforeLoad: async () => {
    const { draftReady } = await import('../../../features/registration/stores/registration-draft');
    await draftReady();
  },
  component: RegisterScreen,
});

function RegisterScreen() {
  const { taken } = Route.useSearch();
  return (
    <Page header={<AppHeader title={<Trans>Create account</Trans>} back="/" />}>
      <RegistrationSteps current={1} />
      <AccountForm taken={taken} />
    </Page>
  );
}
