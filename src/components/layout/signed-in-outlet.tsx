import { Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useLingui } from '@lingui/react';
import { keepReferenceData } from '../../lib/reference-data';
import { useSession, validToken } from '../../lib/session';

/**
 * The screens of a signed-in area (citizen or back office), left for /login the moment the session
 * ends while one is open: when it expires (60 minutes after login), on logout, or when the server
 * refused it (any 401 signs out).
 */
export function SignedInOutlet() {
  const navigate = useNavigate();
  const { token, expiresAt } = useSession();
  const { i18n } = useLingui();
  // Places, fee, banks and contacts on the device before they are needed offline (idle time).
  useEffect(() => keepReferenceData(), [token, i18n.locale]);
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
