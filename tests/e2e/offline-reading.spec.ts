import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { createApplicationThroughApi } from './fixtures/application';

/**
 * Reading without a connection (docs/architecture.md#works-offline): signed-in screens once visited open from
 * their last data with a notice; help screens never visited open too; step 1's place selects work
 * for a district never opened; and all of it survives closing the browser.
 */

const BASE = '/api/v1/citizen/resident-certificate';
const NOTICE = /Offline — showing data from \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/;

async function createApplication(request: APIRequestContext, citizen: Citizen) {
  const { id } = await createApplicationThroughApi(request, citizen.token);
  const detail = await request.get(`${BASE}/${id}`, { headers: { authorization: `Bearer ${citizen.token}` } });
  return { id, ticket: (await detail.json()).data.ticket_number as string };
}

/** Visits the screens online, the detail's photo opened, so each has its last data on the device. */
async function visitOnline(page: Page, app: { id: number; ticket: string }) {
  await page.goto('/application-history');
  await expect(page.getByRole('link', { name: new RegExp(app.ticket) })).toBeVisible();
  await page.goto(`/detail-application/${app.id}`);
  await expect(page.getByRole('heading', { name: app.ticket })).toBeVisible();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.getByRole('button', { name: 'View Applicant photo' }).click();
  await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
}

/** The place list, the fee and the support contacts are stored after sign-in while the page is idle. */
async function referenceKept(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          Boolean(await caches.match('/api/v1/master-data/support-contacts?lang=en', { ignoreVary: true })),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('rc-reference-data');
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('lists')) return resolve(false);
                const get = db.transaction('lists').objectStore('lists').get('tree:en');
                get.onsuccess = () => resolve(Boolean(get.result));
                get.onerror = () => resolve(false);
              };
              open.onerror = () => resolve(false);
            }),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}

test('signed-in screens open offline from their last data; help and step 1 work without having been opened', async ({
  browser,
  request,
}) => {
  const citizen = await registerCitizen(request);
  const app = await createApplication(request, citizen);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, citizen);
  await page.goto('/home');
  // clientsClaim: the very first visit is controlled, no reload needed.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  await visitOnline(page, app);
  await page.goto(`/waiting-for-payment/${app.id}`);
  await expect(page.getByText(`Application ${app.ticket}`)).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByLabel('Email')).toHaveValue(citizen.email);
  await referenceKept(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue(citizen.email);
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toHaveText('Offline');

  await page.goto('/application-history');
  await expect(page.getByRole('link', { name: new RegExp(app.ticket) })).toBeVisible();
  await expect(page.getByText(NOTICE)).toBeVisible();
  await page.goto(`/waiting-for-payment/${app.id}`);
  await expect(page.getByText(`Application ${app.ticket}`)).toBeVisible();
  await expect(page.getByText(NOTICE)).toBeVisible();
  await page.goto(`/detail-application/${app.id}`);
  await expect(page.getByRole('heading', { name: app.ticket })).toBeVisible();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.getByRole('button', { name: 'View Applicant photo' }).click();
  await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
  await page.keyboard.press('Escape');

  // Never visited: the help screens' code is precached and the contacts were kept after sign-in.
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'FAQ', level: 1 })).toBeVisible();
  await expect(page.getByRole('button').first()).toBeVisible();
  await page.goto('/term-conditions');
  await expect(page.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible();
  await page.goto('/customer-services');
  await expect(page.getByRole('link', { name: /Call us/ })).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);

  // Step 1 for a province and district never opened: the last province's last district.
  await page.goto('/application-resident-certificate');
  const province = page.getByLabel('Province', { exact: true });
  await expect(province.locator('option')).toHaveCount(1 + 18);
  const last = await province.locator('option').last().getAttribute('value');
  await province.selectOption(last!);
  const district = page.getByLabel('District', { exact: true });
  await expect(district).toBeEnabled();
  await expect(district.locator('option')).not.toHaveCount(1);
  await district.selectOption((await district.locator('option').last().getAttribute('value'))!);
  const village = page.getByLabel('Village', { exact: true });
  await expect(village).toBeEnabled();
  await expect(village.locator('option')).not.toHaveCount(1);

  // Signing out (back online) removes every kept personal answer.
  await context.setOffline(false);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Yes, log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('rc-offline-data');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('responses')) return resolve(0);
              const count = db.transaction('responses').objectStore('responses').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      ),
    )
    .toBe(0);
  await context.close();
});

test('closed and reopened offline: history and detail render from the last data with the notice', async ({
  request,
  baseURL,
}) => {
  const citizen = await registerCitizen(request);
  const app = await createApplication(request, citizen);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-offline-'));
  const open = () =>
    chromium.launchPersistentContext(dir, {
      ...chromiumLaunchOptions(),
      baseURL,
      viewport: { width: 390, height: 844 },
    });
  let context: BrowserContext = await open();
  try {
    let page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, citizen);
    await page.goto('/home');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await visitOnline(page, app);
    await context.close();

    context = await open();
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/application-history');
    await expect(page.getByRole('link', { name: new RegExp(app.ticket) })).toBeVisible();
    await expect(page.getByText(NOTICE)).toBeVisible();
    await page.goto(`/detail-application/${app.id}`);
    await expect(page.getByRole('heading', { name: app.ticket })).toBeVisible();
    await expect(page.getByText(NOTICE)).toBeVisible();
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
