import { createFileRoute, redirect } from '@tanstack/react-router';
import { SecondFactorScreen } from '../../features/officer-sign-in/second-factor-screen';
import { pendingSignIn } from '../../features/officer-sign-in/pending';

/** After an officer's password: the passkey or the authenticator-app code. Without a password step, /login. */
export const Route = createFileRoute('/_guest/officer-sign-in')({
  beforeLoad: () => {
    const pending = pendingSignIn();
    if (!pending) throw redirect({ to: '/login', replace: true });
    return { pending };
  },
  component: function OfficerSignInRoute() {
    const { pending } = Route.useRouteContext();
    return <SecondFactorScreen pending={pending} />;
  },
});
