import { expect, test } from '@playwright/test';
import { registerCitizen } from './fixtures/citizen';

/**
 * On a slow phone the login screen (prerendered HTML) is on the screen long before the app's
 * scripts arrive. A citizen who types and taps Login then must be signed in by that one tap: the
 * page's start script keeps the press and the app sends it once it runs (contract/start-app-script.ts).
 */
test('a login typed and tapped before the app has started signs in with that one tap', async ({ page, request }) => {
  const citizen = await registerCitizen(request);

  // The app's scripts are held back (a slow link) until the tap has been made.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  const pagePosts: string[] = [];
  const logins: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'POST') return;
    if (r.url().includes('/api/v1/auth/login')) logins.push(r.url());
    else if (r.resourceType() === 'document') pagePosts.push(r.url());
  });
  let loads = 0;
  page.on('load', () => loads++);

  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email, phone number or ID card number').fill(citizen.email);
  await page.getByLabel('Password', { exact: true }).fill(citizen.password);
  await expect(page.locator('html')).not.toHaveAttribute('data-app-started');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  // The tap did not reload the page (no form post), and nothing was sent yet: the app is not there.
  expect(pagePosts).toEqual([]);
  await expect(page.getByLabel('Email, phone number or ID card number')).toHaveValue(citizen.email);

  release();
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(logins).toHaveLength(1);
  expect(pagePosts).toEqual([]);
  expect(loads).toBe(1);
});
