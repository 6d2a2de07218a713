import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { registerCitizen, signIn } from './fixtures/citizen';

test('the landing page offers login and registration', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Citizen services portal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
});

test('the language switch changes the text and survives a reload', async ({ page }) => {
  await page.goto('/');
  // The landing is painted from prerendered HTML; its button answers once the app has started.
  await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: /Change language/ }).click();
  await page.getByRole('menuitemradio', { name: 'ພາສາລາວ' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page.getByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('lo');
  await page.reload();
  await expect(page.getByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).toBeVisible();
  await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: /ປ່ຽນພາສາ/ }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a browser that prefers Lao opens in Lao when nothing is stored', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'lo-LA' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await context.close();
});

test('unknown paths show the 404 page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'We could not find this page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
});

test('guards: protected screens send a guest to /login, guest screens send a citizen to /home', async ({
  page,
  request,
}) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/detail-application/12');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, await registerCitizen(request));
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/applicattion-resident-certificate');
  await expect(page).toHaveURL(/\/application-resident-certificate$/);
  // An expired session is cleared and counts as no session.
  await page.evaluate(() => localStorage.setItem('expiresAt', String(Date.now() - 1000)));
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('reset-password without its payload goes to the landing page', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/$/);
});

test('offline after one visit: the shell and the master data already seen still load', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Controlled by the service worker from the next load on; fetch the lists once through it.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const online = await page.evaluate(async () => {
    const provinces = await (await fetch('/api/v1/master-data/location/provinces')).json();
    await fetch(`/api/v1/master-data/location/district/${provinces.data[0].id}`);
    await fetch('/api/v1/master-data/bank');
    return provinces.data.length;
  });
  expect(online).toBe(18);
  await page.goto('/login');

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Citizen services portal' })).toBeVisible();
  await page.goto('/login');
  await expect(page.locator('#root')).not.toBeEmpty();
  const offline = await page.evaluate(async () => {
    const provinces = await (await fetch('/api/v1/master-data/location/provinces')).json();
    const districts = await (await fetch(`/api/v1/master-data/location/district/${provinces.data[0].id}`)).json();
    const banks = await (await fetch('/api/v1/master-data/bank')).json();
    return { provinces: provinces.data.length, districts: districts.data.length, banks: banks.data.length };
  });
  expect(offline.provinces).toBe(18);
  expect(offline.districts).toBeGreaterThan(0);
  expect(offline.banks).toBeGreaterThan(0);
  await context.close();
});

test('Chrome finds the app installable', async ({ baseURL }) => {
  // Installability is not reported in incognito contexts: use a persistent profile.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-install-'));
  const context = await chromium.launchPersistentContext(dir, { ...chromiumLaunchOptions(), baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  let errors: unknown[] = [];
  await expect
    .poll(
      async () => {
        errors = (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors;
        return errors.length;
      },
      { timeout: 15_000 },
    )
    .toBe(0);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/home' });
  expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  await context.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
