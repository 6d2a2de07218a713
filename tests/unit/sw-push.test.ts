import { describe, expect, it, vi } from 'vitest';
import { installPush, PUSH_ICON, readPushMessage } from '../../sw/push';

const ORIGIN = 'https://egov.example.la';
type Handler = (event: unknown) => void;

/** A service worker scope of fakes: the handlers installPush adds, and what they ask of the browser. */
function fakeScope(windows: { url: string }[] = []) {
  const handlers = new Map<string, Handler>();
  const focused = { navigate: vi.fn(async () => undefined) };
  const clients = windows.map((w) => ({ ...w, focus: vi.fn(async () => focused) }));
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, h: Handler) => handlers.set(type, h),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => null) },
  };
  installPush(scope as never);
  const fire = async (type: string, event: object) => {
    let pending: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { scope, clients, focused, fire };
}

describe('Web Push in the service worker', () => {
  it('shows the message with the icon and keeps the screen to open', async () => {
    const { scope, fire } = fakeScope();
    const message = { title: 'ໃບຢັ້ງຢືນທີ່ຢູ່', body: 'ການຊຳລະເງິນຂອງ RC-1 ໄດ້ຮັບການຢືນຢັນແລ້ວ.', url: '/detail-application/7' };
    await fire('push', { data: { json: () => message } });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(message.title, {
      body: message.body,
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      tag: message.url,
      data: { url: message.url },
    });
  });

  it('opens only paths of the app', () => {
    const read = (url: unknown) => readPushMessage({ json: () => ({ title: 't', body: 'b', url }) }, ORIGIN).url;
    expect(read('/answer-request/3')).toBe('/answer-request/3');
    expect(read('https://evil.example/x')).toBe('/home');
    expect(read('//evil.example/x')).toBe('/home');
    expect(read(undefined)).toBe('/home');
    expect(readPushMessage({ json: () => JSON.parse('not json') }, ORIGIN).title).toBe('Resident certificate');
  });

  it('focuses an open window on the screen, or opens one', async () => {
    const open = fakeScope([{ url: `${ORIGIN}/home` }]);
    const close = vi.fn();
    await open.fire('notificationclick', { notification: { close, data: { url: '/detail-application/7' } } });
    expect(close).toHaveBeenCalled();
    expect(open.clients[0].focus).toHaveBeenCalled();
    expect(open.focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/detail-application/7`);
    expect(open.scope.clients.openWindow).not.toHaveBeenCalled();

    const none = fakeScope();
    await none.fire('notificationclick', { notification: { close, data: { url: '/certificate-approval/9' } } });
    expect(none.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/certificate-approval/9`);
  });
});
