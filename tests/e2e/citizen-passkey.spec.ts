import { expect, request as playwrightRequest, test } from '@playwright/test';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { openScreen } from './fixtures/open-screen';
import { virtualAuthenticator } from './fixtures/virtual-authenticator';
import { startOwnServer, type OwnServer } from './fixtures/own-server';

/**
 * A citizen adds a passkey in their account, then logs in with it on /login without typing
 * anything; a device without it stays on /login. The passkey lives in Chromium's virtual
 * authenticator. A server of its own: WebAuthn needs a domain name (localhost), not an IP address.
 */
let server: OwnServer;
let citizen: Citizen;
const sharedDataDir = process.env.E2E_DATA_DIR;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startOwnServer({ MAIL_TRANSPORT: 'outbox' }, { hostName: 'localhost' });
  // The registration's code is read from this server's mail folder.
  process.env.E2E_DATA_DIR = server.dataDir;
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  citizen = await registerCitizen(api);
  await api.dispose();
});
test.afterAll(async () => {
  process.env.E2E_DATA_DIR = sharedDataDir;
  await server?.stop();
});
test.describe.configure({ timeout: 120_000 });

test('a citizen adds a passkey in the account, then logs in with it and no password', async ({ page }) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await page.goto(`${server.url}/api/health`);
  await signIn(page, citizen);
  await openScreen(page, `${server.url}/account`);
  // The password again first: a session alone adds no credential.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Type your password first.')).toBeVisible();
  await page.getByLabel('Your password (asked to add or remove a passkey)').fill(citizen.password);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey 1')).toBeVisible();
  await expect(page.getByText(/not used yet/)).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Yes, log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await openScreen(page, `${server.url}/account`);
  await expect(page.getByText(/last used/)).toBeVisible();
});

test('a device without the passkey stays on /login and says so', async ({ page }) => {
  await virtualAuthenticator(page);
  await openScreen(page, `${server.url}/login`);
  await page.getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page.getByText('No passkey was used.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
