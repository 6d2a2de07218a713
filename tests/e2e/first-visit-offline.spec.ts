import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';

/**
 * A first visit keeps what it will need (docs/architecture.md#works-offline): a citizen signed in
 * once, who goes offline before opening a screen, finds its content or a plain "needs a connection"
 * message on it; and the place lists chosen on a first visit to step 1 are there after an offline
 * reload, every time (the page may not be controlled by the worker yet when it fetches them).
 */

// A first visit downloads the whole app: on a busy test machine its first screen can take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The worker has finished activating: what it warms at activation is stored. (Not a
 * `waitForFunction` of an async function: it takes the returned promise for a truthy answer at once,
 * which let the test go offline while the worker was still warming — the cause of this file's
 * occasional failure on a busy machine.)
 */
const workerActive = (page: Page) =>
  page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state === 'activated') return;
    await new Promise<void>((resolve) =>
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
      }),
    );
  });

async function firstVisit(browser: Browser, citizen: Citizen) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, citizen);
  await page.goto('/home');
  return { context, page };
}

test.describe.configure({ timeout: 120_000 });

test('customer services, never opened: offline right after the first sign-in it shows the office contacts', async ({
  browser,
  request,
}) => {
  const citizen = await registerCitizen(request);
  const { context, page } = await firstVisit(browser, citizen);
  await expect(page.getByRole('heading', { name: 'Services' })).toBeVisible();
  await workerActive(page);
  await context.setOffline(true);

  await page.goto('/customer-services');
  await expect(page.getByRole('link', { name: /Call us/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Email us/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Chat with us/ })).toBeVisible();
  await expect(page.getByText(/You are offline/)).toHaveCount(0);
  await context.close();
});

test('every screen reachable from home, opened offline for the first time, shows its content or says it needs a connection', async ({
  browser,
  request,
}, testInfo) => {
  const citizen = await registerCitizen(request);
  const { context, page } = await firstVisit(browser, citizen);
  await expect(page.getByRole('heading', { name: 'Services' })).toBeVisible();
  await workerActive(page);
  await context.setOffline(true);

  // What each screen must show: its own content, or the words that say a connection is needed.
  const notYet = /this screen has not been opened on this phone yet/;
  const screens: [string, RegExp][] = [
    ['/resident-certificate', /New certificate/],
    ['/customer-services', /Call us/],
    ['/application-history', notYet],
    ['/notification', notYet],
    ['/outbox', /Nothing waiting/],
    ['/account', /Log out/],
    // The home screen read the profile, so it is on the phone already.
    ['/profile', /Offline — showing data from/],
    ['/change-password', /Changing your password needs a connection/],
    ['/faq', /FAQ/],
    ['/term-conditions', /Terms and conditions/],
  ];
  for (const [path, shows] of screens) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.locator('body')).toContainText(shows);
      await page.screenshot({ path: testInfo.outputPath(`offline-first${path.replace(/\//g, '-')}.png`) });
    });
  }
  await context.close();
});

test('step 1 on a first visit: province, district and village chosen, then offline and reloaded, the three lists are there (5 times)', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  for (let run = 1; run <= 5; run++) {
    await test.step(`run ${run}`, async () => {
      const citizen = await registerCitizen(request);
      const context = await browser.newContext();
      // The whole place list would hide the per-list answers this checks: keep it from arriving.
      await context.route('**/api/v1/master-data/location/tree**', (route) => route.abort());
      const page = await context.newPage();
      await signIn(page, citizen);
      await page.goto('/application-resident-certificate');
      const province = page.getByLabel('Province', { exact: true });
      const district = page.getByLabel('District', { exact: true });
      const village = page.getByLabel('Village', { exact: true });
      /** Chooses the last place of a list once it has loaded (more than its placeholder). */
      const chooseLast = async (list: typeof province) => {
        await expect(list).toBeEnabled();
        await expect.poll(() => list.locator('option').count()).toBeGreaterThan(1);
        const value = await list.locator('option').last().getAttribute('value');
        await list.selectOption(value!);
        return value!;
      };
      // The very first load of the app on this context: the slowest moment of the run.
      await expect(province.locator('option')).toHaveCount(1 + 18, { timeout: 90_000 });
      const p = (await province.locator('option').nth(run).getAttribute('value'))!;
      await province.selectOption(p);
      const d = await chooseLast(district);
      const v = await chooseLast(village);
      // The app itself must be on the phone to open offline at all; the lists are what this checks.
      await workerActive(page);
      await context.setOffline(true);
      await page.reload();
      await expect(province.locator('option')).toHaveCount(1 + 18);
      await expect(province).toHaveValue(p);
      await expect(district).toHaveValue(d);
      await expect(village).toHaveValue(v);
      await context.close();
    });
  }
});
