import { api } from '../../../lib/api-client';
import { forgetProfile } from '../../../lib/profile';
import { useSession } from '../../../lib/session';

/**
 * Ends the session on the server (so a copied token stops working) and then on this device.
 * Offline or with an already expired session the server call fails: the device is signed out anyway.
 */
export async function logout(): Promise<void> {
  await api('/v1/auth/logout', { method: 'POST' }).catch(() => undefined);
  forgetProfile();
  useSession.getState().signOut();
}
