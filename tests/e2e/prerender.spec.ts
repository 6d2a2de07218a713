import { expect, test, type Browser } from '@playwright/test';

/**
 * The public screens are HTML rendered at build time (dist/pages), one file per language, and the
 * app hydrates over them: what a citizen reads before the script runs is what they read after.
 */
const SCREENS = [
  { path: '/', heading: { en: 'Citizen services portal', lo: 'ລະບົບບໍລິການພົນລະເມືອງ' } },
  { path: '/login', heading: { en: 'Login', lo: 'ເຂົ້າສູ່ລະບົບ' } },
  { path: '/register', heading: { en: 'Create account', lo: 'ສ້າງບັນຊີ' } },
  { path: '/forgot-password', heading: { en: 'Forgot password', lo: 'ລືມລະຫັດຜ່ານ' } },
  { path: '/verify/NO-SUCH-CODE', heading: { en: 'Certificate verification', lo: 'ກວດສອບໃບຢັ້ງຢືນ' } },
] as const;

const LOCALE = { en: 'en-US', lo: 'lo-LA' } as const;

// Ten fresh browser contexts per language (each screen without script, then hydrated): about a
// minute on a machine busy with other work.
test.describe.configure({ timeout: 180_000 });

async function withoutScript(browser: Browser, language: 'en' | 'lo', path: string, heading: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: LOCALE[language] });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const text = await page.locator('#root').innerText();
  await context.close();
  return text;
}

for (const language of ['en', 'lo'] as const) {
  test(`public screens in ${language}: painted without script, hydrated with the same text and no error`, async ({
    browser,
  }) => {
    for (const { path, heading } of SCREENS) {
      const prerendered = await withoutScript(browser, language, path, heading[language]);

      const context = await browser.newContext({ locale: LOCALE[language] });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      // Counts elements the app removes from #root: hydration keeps every one; a fresh render replaces them.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const root = document.getElementById('root')!;
          (window as unknown as { removed: number }).removed = 0;
          new MutationObserver((records) => {
            for (const r of records) (window as unknown as { removed: number }).removed += r.removedNodes.length;
          }).observe(root, { childList: true, subtree: true });
        });
      });
      // The verification answer is held back until the frame is compared (it is the real server's answer).
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/v1/verify/**', async (route) => {
        await held;
        await route.continue();
      });

      await page.goto(path);
      // Hydration attaches React to the existing <main>, instead of drawing a new one.
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('main') ?? {}).some((k) => k.startsWith('__reactFiber$')),
      );
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.locator('#root').innerText(), `${path} in ${language}`).toBe(prerendered);
      expect(
        await page.evaluate(() => (window as unknown as { removed: number }).removed),
        `${path}: elements replaced`,
      ).toBe(0);
      release();
      expect(errors, `${path}: console errors`).toEqual([]);
      await context.close();
    }
  });
}

test('the server answers in the stored language first, then the browser’s; other paths get the wordless app shell', async ({
  request,
}) => {
  const lo = await request.get('/login', { headers: { 'Accept-Language': 'lo-LA,lo;q=0.9,en;q=0.5' } });
  expect(await lo.text()).toContain('<html lang="lo"');
  expect(lo.headers()['vary']).toMatch(/Accept-Language/i);
  const en = await request.get('/login', { headers: { 'Accept-Language': 'fr-FR,en;q=0.8' } });
  expect(await en.text()).toContain('<html lang="en"');
  // The stored choice (mirrored in the cookie by the app) beats the browser's languages.
  const stored = await request.get('/register', { headers: { 'Accept-Language': 'lo', Cookie: `language=en` } });
  expect(await stored.text()).toContain('<html lang="en"');
  const shell = await (await request.get('/account', { headers: { 'Accept-Language': 'lo' } })).text();
  expect(shell).toContain('aria-busy="true"');
  expect(shell).not.toMatch(/data-route=/);
  // The signed-in home paints its frame (services, news) in the language, with the citizen's part
  // still loading; the app draws it afresh (no route to hydrate).
  const home = await (await request.get('/home', { headers: { 'Accept-Language': 'lo' } })).text();
  expect(home).toContain('<html lang="lo"');
  expect(home).toContain('ໃບຢັ້ງຢືນທີ່ຢູ່');
  expect(home).toContain('aria-busy="true"');
  expect(home).toContain('<div id="root" inert>');
  // Nothing in a page fetches the app before it is painted: the start script asks for it afterwards.
  for (const html of [await lo.text(), await en.text(), shell, home]) {
    expect(html).not.toMatch(/<script type="module"|rel="(modulepreload|stylesheet)"/);
    expect(html).toMatch(
      /<script data-entry="\/assets\/index-[\w-]+\.js" data-modules="[^"]+" data-styles="\/assets\/index-[\w-]+\.css[^"]*">/,
    );
  }
});

test('choosing a language stores it in a cookie too, and the service worker answers offline in it', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: /Change language/ }).click();
  await page.getByRole('menuitemradio', { name: 'ພາສາລາວ' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('lo');

  await context.setOffline(true);
  await page.goto('/forgot-password');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await expect(page.getByRole('heading', { level: 1, name: 'ລືມລະຫັດຜ່ານ' })).toBeVisible();
  await context.close();
});

test('the verify page asks the registry once, with the page rather than after the app has started', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/verify/')) asked.push(request.url());
  });
  const response = await page.goto('/verify/NO-SUCH-CODE');
  expect(response?.headers().link).toBe('</api/v1/verify/NO-SUCH-CODE>; rel=preload; as=fetch; crossorigin=anonymous');
  await expect(page.getByRole('heading', { level: 2, name: 'No certificate has this code' })).toBeVisible();
  // The app's own ask took the answer the page's preload brought: the registry was asked once.
  expect(asked).toHaveLength(1);
  await context.close();
});
