import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { openScreen } from './fixtures/open-screen';
import { startOwnServer, type OwnServer } from './fixtures/own-server';

/**
 * An admin gives an officer an office from the back office (/officer/accounts). A server of its
 * own: its national admin (with an authenticator app) and a reviewer made by `officer:create`.
 */
const ADMIN = {
  email: 'admin.accounts@moha.gov.la',
  password: 'Luangprabang2026',
  totp: 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF',
};
const REVIEWER = 'reviewer.accounts@moha.gov.la';
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startOwnServer(
    {
      BOOTSTRAP_OFFICER_EMAIL: ADMIN.email,
      BOOTSTRAP_OFFICER_PASSWORD: ADMIN.password,
      BOOTSTRAP_OFFICER_TOTP_SECRET: ADMIN.totp,
    },
    {
      beforeStart(env) {
        execFileSync(process.execPath, ['dist-server/officer-create.js', '--email', REVIEWER, '--role', 'reviewer'], {
          env,
          input: 'Savannakhet2026x\n',
          encoding: 'utf8',
        });
      },
    },
  );
});
test.afterAll(async () => server?.stop());
test.describe.configure({ timeout: 120_000 });

test('an admin gives a reviewer the office of a province; the list shows it, also after a reload', async ({ page }) => {
  await openScreen(page, `${server.url}/login`);
  await page.getByLabel('Email, phone number or ID card number').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByLabel('Authenticator app code').fill(await generate({ secret: ADMIN.totp }));
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page).toHaveURL(/\/officer$/);

  await page.getByRole('link', { name: 'Officer accounts' }).click();
  const row = page.getByRole('row').filter({ hasText: REVIEWER });
  await expect(row).toContainText('Reviewer');
  await expect(row).toContainText('No office');
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toContainText('Whole country');

  await row.getByRole('button', { name: 'Change office' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Office').selectOption({ label: 'A province' });
  await dialog.getByLabel('Province').selectOption({ index: 1 });
  const province = (await dialog.getByLabel('Province').locator('option:checked').textContent())!.trim();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(province);

  // The server holds it: a fresh load of the list says the same.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: REVIEWER })).toContainText(province);
});
