import { api } from '../../../lib/api-client';
import { forgetProfile } from '../../../lib/profile';
import { useSession } from '../../../lib/session';
import { hasBrowserSubscription, loadPush } from '../../../components/push/push-support';

/**
 * Ends the session on the server (so a copied token stops working) and then on this device.
 * Offline or with an already expired session the server call fails: the device is signed out anyway.
 * A phone that was told of this citizen's applications stops first: whoever uses it next must not
 * read them on its lock screen.
 */
export async function logout(): Promise<void> {
  if (await hasBrowserSubscription().catch(() => false))
    await loadPush()
      .then((push) => push.turnPushOff())
      .catch(() => undefined);
  await api('/v1/auth/logout', { method: 'POST' }).catch(() => undefined);
  forgetProfile();
  useSession.getState().signOut();
}
