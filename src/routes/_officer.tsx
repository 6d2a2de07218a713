import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession, validToken } from '../lib/session';

/** Back office (DECISIONS §1): officers only. Signed out → /login; a citizen → their /home. */
export const Route = createFileRoute('/_officer')({
  beforeLoad: () => {
    if (!validToken()) throw redirect({ to: '/login', replace: true });
    if (useSession.getState().role !== 'officer') throw redirect({ to: '/home', replace: true });
  },
  component: OfficerArea,
});

/** Leaves the back office the moment the session ends (expiry, logout, a 401 from the server). */
function OfficerArea() {
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
