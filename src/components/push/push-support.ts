/** Can this browser show pushed notifications at all? (cheap: the subscription code loads later) */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The subscription code, fetched only when a citizen acts on it. */
export const loadPush = () => import('../../lib/push');

/**
 * Asks for the permission first, in the citizen's press (browsers refuse a prompt that comes later),
 * then subscribes. Returns the permission the citizen gave.
 */
export async function askAndTurnOn(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission === 'granted') await (await loadPush()).turnPushOn();
  return permission;
}

/** Does this browser hold a subscription already (without asking the server)? */
export async function hasBrowserSubscription(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  const reg = await navigator.serviceWorker.getRegistration();
  return Boolean(await reg?.pushManager.getSubscription());
}
