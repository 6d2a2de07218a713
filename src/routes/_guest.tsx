import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { validToken } from '../lib/session';

/** Guest-only area: a signed-in citizen goes to /home (docs/specification.md#route-groups-and-guards). */
export const Route = createFileRoute('/_guest')({
  beforeLoad: () => {
    if (validToken()) throw redirect({ to: '/home', replace: true });
  },
  component: Outlet,
});
