import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignedInOutlet } from '../components/layout/signed-in-outlet';
import { loadBackOfficeWords } from '../lib/i18n';
import { useSession, validToken } from '../lib/session';

/**
 * Back office (docs/decisions.md#the-api-and-the-back-office-are-ours): officers only. Signed out →
 * /login; a citizen → their /home.
 */
export const Route = createFileRoute('/_officer')({
  beforeLoad: async () => {
    if (!validToken()) throw redirect({ to: '/login', replace: true });
    if (useSession.getState().role !== 'officer') throw redirect({ to: '/home', replace: true });
    await loadBackOfficeWords();
  },
  component: SignedInOutlet,
});
