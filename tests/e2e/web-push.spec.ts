import { expect, test } from '@playwright/test';

// Chromium here has no push service: DevTools' deliverPushMessage hands the service worker a
// message as a push service would (tests/api/web-push.test.ts covers the server's side).
test('the service worker shows a pushed message as a notification that keeps the screen to open', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  const registration = registrations.find((r) => r.scopeURL.startsWith(baseURL!))!;

  const message = {
    title: 'ໃບຢັ້ງຢືນທີ່ຢູ່',
    body: 'ການຊຳລະເງິນຂອງ RC00000007 ໄດ້ຮັບການຢືນຢັນແລ້ວ.',
    url: '/detail-application/7',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: registration.registrationId,
    data: JSON.stringify(message),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url: string }).url,
        })),
      ),
    )
    .toEqual([message]);
});
