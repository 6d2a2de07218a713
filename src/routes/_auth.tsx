import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession, validToken } from '../lib/session';

/** Protected area: without a valid token, to /login (spec §2, guards). */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ location }) => {
    if (!validToken()) throw redirect({ to: '/login', replace: true });
    // An officer's start page is the back office; the rest of the citizen area stays reachable.
    if (location.pathname === '/home' && useSession.getState().role === 'officer') throw redirect({ to: '/officer', replace: true });
  },
  component: SignedInArea,
});

/**
 * Leaves the signed-in area the moment the session ends while a screen is open: when it expires
 * (60 minutes after login) or when the server refused it (any 401 signs out).
 */
function SignedInArea() {
  const navigate = useNavigate();
  const { token, expiresAt } = useSession();
  useEffect(() => {
    if (!token) {
      void navigate({ to: '/login', replace: true });
      return;
    }
    const timer = window.setTimeout(() => validToken(), Math.max(0, (expiresAt ?? 0) - Date.now()) + 500);
    return () => window.clearTimeout(timer);
  }, [token, expiresAt, navigate]);
  return <Outlet />;
}
