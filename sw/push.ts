/**
 * Web Push in the service worker: the server's message (title, body, the screen to open, already
 * in the language the device subscribed in) becomes a notification; a tap focuses an open window
 * of the app on that screen, or opens one.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of this app: nothing else is ever opened. */
  url: string;
}

const FALLBACK: PushMessage = { title: 'Resident certificate', body: '', url: '/home' };
export const PUSH_ICON = '/icons/icon-192.png';

/** The message of a push event; a message without a usable path opens the home screen. */
export function readPushMessage(data: { json(): unknown } | null | undefined, origin: string): PushMessage {
  let raw: Partial<PushMessage> = {};
  try {
    raw = (data?.json() ?? {}) as Partial<PushMessage>;
  } catch {
    // Not JSON: show the app's name; the app itself says what changed.
  }
  const title = typeof raw.title === 'string' && raw.title ? raw.title : FALLBACK.title;
  const body = typeof raw.body === 'string' ? raw.body : FALLBACK.body;
  let url = FALLBACK.url;
  if (typeof raw.url === 'string' && raw.url.startsWith('/') && !raw.url.startsWith('//')) {
    const parsed = new URL(raw.url, origin);
    if (parsed.origin === origin) url = parsed.pathname + parsed.search;
  }
  return { title, body, url };
}

/** What of the service worker's scope this needs (typed here: the unit test runs it with fakes). */
interface Waiting {
  waitUntil(p: Promise<unknown>): void;
}
interface PushEventLike extends Waiting {
  data: { json(): unknown } | null;
}
interface ClickEventLike extends Waiting {
  notification: { close(): void; data?: { url?: unknown } | null };
}
interface WindowLike {
  url: string;
  focus(): Promise<{ navigate(url: string): Promise<unknown> }>;
}
export interface PushScope {
  location: { origin: string };
  addEventListener(type: 'push', handler: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', handler: (event: ClickEventLike) => void): void;
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

export function installPush(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const message = readPushMessage(event.data, scope.location.origin);
    event.waitUntil(
      scope.registration.showNotification(message.title, {
        body: message.body,
        icon: PUSH_ICON,
        badge: PUSH_ICON,
        // One notice per screen: a newer change of the same application replaces the older one.
        tag: message.url,
        data: { url: message.url },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = readPushMessage({ json: () => ({ url: event.notification.data?.url }) }, scope.location.origin).url;
    const target = new URL(path, scope.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((w: WindowLike) => new URL(w.url).origin === scope.location.origin);
        if (open) {
          const focused = await open.focus();
          await focused.navigate(target).catch(() => undefined);
          return;
        }
        await scope.clients.openWindow(target);
      })(),
    );
  });
}
