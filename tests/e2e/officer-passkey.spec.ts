import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { openScreen } from './fixtures/open-screen';
import { virtualAuthenticator } from './fixtures/virtual-authenticator';
import { startOwnServer, type OwnServer } from './fixtures/own-server';

/**
 * An officer enrols a passkey with the one-time link `npm run officer:create` prints, then logs in
 * with the password and the passkey; without the passkey the back office stays closed. The passkey
 * lives in Chromium's virtual authenticator (a platform authenticator that verifies its user).
 * A server of its own: the command must reach the database while no server holds it, and WebAuthn
 * needs a domain name (localhost), not an IP address.
 */
const OFFICER = { email: 'desk.passkey@moha.gov.la', password: 'Attapeu2026x' };
let server: OwnServer;
let link = '';

test.beforeAll(async () => {
  // A fresh database is made twice (the command, then the server): slow on a busy machine.
  test.setTimeout(300_000);
  server = await startOwnServer(
    {},
    {
      hostName: 'localhost',
      beforeStart(env) {
        // The password is piped in, never an argument.
        const out = execFileSync(
          process.execPath,
          ['dist-server/officer-create.js', '--email', OFFICER.email, '--role', 'reviewer'],
          { env, input: `${OFFICER.password}\n`, encoding: 'utf8' },
        );
        link = /http:\/\/\S+\/officer-enrol#[A-Za-z0-9_-]{43}/.exec(out)?.[0] ?? '';
      },
    },
  );
});
test.afterAll(async () => server?.stop());
// Two logins and a passkey each: more than the default minute on a busy machine. In order: the
// second journey needs the passkey the first one enrolled (after a failure it is skipped, not failed).
test.describe.configure({ timeout: 120_000, mode: 'serial' });

/** The back office is open: its queues, under the desk's own navigation. */
async function backOfficeOpen(page: Page) {
  await expect(
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Queues' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

async function password(page: Page) {
  await page.getByLabel('Email, phone number or ID card number').fill(OFFICER.email);
  await page.getByLabel('Password', { exact: true }).fill(OFFICER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/officer-sign-in$/);
}

test('an officer enrols a passkey with the link, then logs in with password and passkey', async ({ page }) => {
  expect(link, 'officer:create printed an enrolment link').toMatch(/^http:\/\/localhost:\d+\/officer-enrol#/);
  const authenticator = await virtualAuthenticator(page);

  await openScreen(page, link);
  await expect(page.getByRole('heading', { name: 'Set up your passkey' })).toBeVisible();
  // The token leaves the address bar (it is kept for this tab only).
  await expect(page).toHaveURL(/\/officer-enrol$/);
  await page.getByRole('link', { name: 'Continue to login' }).click();
  await password(page);
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page).toHaveURL(/\/officer$/);
  await backOfficeOpen(page);
  const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.authenticatorId,
  });
  expect(credentials).toHaveLength(1);

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Yes, log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Next time: the password, then the passkey.
  await password(page);
  await page.getByRole('button', { name: 'Use passkey' }).click();
  await expect(page).toHaveURL(/\/officer$/);
  await backOfficeOpen(page);

  // The link worked once.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Yes, log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await openScreen(page, link);
  await page.getByRole('link', { name: 'Continue to login' }).click();
  await password(page);
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByText('This enrolment link is invalid, used or expired.')).toBeVisible();
  await expect(page).toHaveURL(/\/officer-sign-in$/);
});

test('without the passkey, the password alone leaves the back office closed', async ({ page }) => {
  // An authenticator of this device, but not the one that holds the officer's passkey.
  await virtualAuthenticator(page);
  await openScreen(page, `${server.url}/login`);
  await password(page);
  await page.getByRole('button', { name: 'Use passkey' }).click();
  await expect(page.getByText('The passkey was not used.')).toBeVisible();
  await expect(page).toHaveURL(/\/officer-sign-in$/);
  await page.goto(`${server.url}/officer`);
  await expect(page).toHaveURL(/\/login$/);
});
