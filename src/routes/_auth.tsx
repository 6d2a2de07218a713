import { createFileRoute, redirect } from '@tanstack/react-router';
import { loadSignedInWords } from '../lib/i18n';
import { CitizenArea } from './-citizen-area';
import { useSession, validToken } from '../lib/session';

/** Protected area: without a valid token, to /login (docs/specification.md#route-groups-and-guards). */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ location }) => {
    if (!validToken()) throw redirect({ to: '/login', replace: true });
    // An officer's start page is the back office; the rest of the citizen area stays reachable.
    if (location.pathname === '/home' && useSession.getState().role === 'officer')
      throw redirect({ to: '/officer', replace: true });
    await loadSignedInWords();
  },
  component: CitizenArea,
});
