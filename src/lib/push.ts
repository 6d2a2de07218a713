import type { PushSubscriptionBody } from '../../contract/web-push';
import { api, ApiError } from './api-client';
import { currentLanguage } from './i18n';

/**
 * This device's Web Push subscription (docs/security.md#web-push). Loaded only when a citizen looks
 * at the offer or the switch: no first screen carries it.
 */

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

const toBytes = (base64url: string) => {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/** Is this device subscribed for the signed-in citizen (the browser and the server agree)? */
export async function pushIsOn(): Promise<boolean> {
  if (Notification.permission !== 'granted') return false;
  const sub = await (await registration()).pushManager.getSubscription();
  if (!sub) return false;
  const { data } = await api<{ data: { subscribed: boolean } }>('/v1/push/subscriptions/status', {
    body: { endpoint: sub.endpoint },
  });
  return data.subscribed;
}

/**
 * Asks the browser for a subscription (permission must already be granted, from the citizen's
 * press) and gives it to the server with the language the notices should speak.
 */
export async function turnPushOn(): Promise<void> {
  const reg = await registration();
  const { data } = await api<{ data: { public_key: string } }>('/v1/push/public-key', { auth: false });
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another server key (the key changed) cannot be used: start again.
  const key = sub?.options.applicationServerKey;
  if (
    sub &&
    key &&
    btoa(String.fromCharCode(...new Uint8Array(key))) !== btoa(String.fromCharCode(...toBytes(data.public_key)))
  ) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toBytes(data.public_key) });
  const json = sub.toJSON();
  const body: PushSubscriptionBody = {
    endpoint: sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    language: currentLanguage(),
  };
  await api('/v1/push/subscriptions', { body });
}

/**
 * Stops the notices on this device: the server forgets it, then the browser. Offline, the browser
 * still drops it: the push service then answers 410 to the server's next message, which forgets it.
 */
export async function turnPushOff(): Promise<void> {
  const sub = await (await registration()).pushManager.getSubscription();
  if (!sub) return;
  try {
    await api('/v1/push/subscriptions/remove', { body: { endpoint: sub.endpoint } });
  } catch (err) {
    // Not this citizen's any more (404), or no connection: the browser's unsubscribe below ends it.
    if (!(err instanceof ApiError)) throw err;
  } finally {
    await sub.unsubscribe();
  }
}
