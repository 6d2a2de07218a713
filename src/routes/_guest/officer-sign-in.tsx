import { createFileRoute } from '@tanstack/react-router';
import { OfficerSignIn } from '../../features/officer-sign-in/second-factor-screen';
import { loadBackOfficeWords } from '../../lib/i18n';

/**
 * After an officer's password: the passkey or the authenticator-app code. The route holds nothing
 * else: its code and words load with the screen, never with a citizen's /login.
 */
export const Route = createFileRoute('/_guest/officer-sign-in')({
  beforeLoad: loadBackOfficeWords,
  component: OfficerSignIn,
});
