import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { ErrorCode } from '../../../contract/errors';
import { AppHeader } from '../../components/layout/app-header';
import { Page } from '../../components/layout/page';
import { LoginForm, type SecondFactorLogin } from '../../features/auth/components/login-form';
import { PasskeyLogin } from '../../features/auth/components/passkey-login';
import { ApiError } from '../../lib/api-client';

type Search = { reset?: 'success' };

/** /login; ?reset=success after a password reset shows success_reset_password. */
export const Route = createFileRoute('/_guest/login')({
  validateSearch: (search: Record<string, unknown>): Search => (search.reset === 'success' ? { reset: 'success' } : {}),
  component: LoginScreen,
});

function LoginScreen() {
  const { reset } = Route.useSearch();
  const navigate = useNavigate();

  // x009 (docs/specification.md#login-and-password-recovery): ask for a code, then the code screen
  // with the account's e-mail. Rare, so its code (the draft store and IndexedDB) loads only then,
  // not with the login screen.
  const onUnverified = async (email: string) => {
    const [{ resendOtp }, { useRegistrationDraft }] = await Promise.all([
      import('../../features/registration/api/otp'),
      import('../../features/registration/stores/registration-draft'),
    ]);
    try {
      await resendOtp(email);
    } catch (err) {
      // A code left moments ago (just registered): the code screen counts down to the next one.
      if (!(err instanceof ApiError && err.code === ErrorCode.tooManyRequests)) throw err;
    }
    useRegistrationDraft.getState().update({ email, otpSentAt: Date.now() });
    await navigate({ to: '/register/otp' });
  };

  // An officer's right password: the second step (passkey or app code) comes next. Its code is
  // loaded only then, never with a citizen's login screen.
  const onSecondFactor = async (data: SecondFactorLogin) => {
    const { holdPendingSignIn } = await import('../../features/officer-sign-in/pending');
    holdPendingSignIn(data);
    await navigate({ to: '/officer-sign-in' });
  };

  return (
    <Page header={<AppHeader title={<Trans>Login</Trans>} back="/" />}>
      <LoginForm resetDone={reset === 'success'} onUnverified={onUnverified} onSecondFactor={onSecondFactor} />
      <PasskeyLogin />
    </Page>
  );
}
