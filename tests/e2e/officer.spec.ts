import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createApplicationThroughApi, uploadProofThroughApi } from './fixtures/application';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { E2E_OFFICER, E2E_SECOND_OFFICER, nextOfficerCode, officerLogin } from './fixtures/officer';
import { openScreen } from './fixtures/open-screen';

/** A citizen's application through the citizen API, with its proof of payment uploaded. */
async function applicationWithProof(request: APIRequestContext, citizen: Citizen) {
  const { id } = await createApplicationThroughApi(request, citizen.token, {
    first_name: 'Vilayvanh',
    last_name: 'Sisouphanh',
  });
  await uploadProofThroughApi(request, citizen.token, id);
  return { id, ticket: `RC0000${id}` };
}

test.use({ viewport: { width: 1280, height: 900 } });

test('an officer takes a paid application to certificate issued; the citizen sees it in the history', async ({
  page,
  request,
}) => {
  const citizen = await registerCitizen(request);
  const { id, ticket } = await applicationWithProof(request, citizen);

  // Officers log in on the citizens' login screen and land in the back office.
  await openScreen(page, '/login');
  await page.getByLabel('Email, phone number or ID card number').fill(E2E_OFFICER.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_OFFICER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // The password alone opens nothing: the authenticator app's code comes next.
  await expect(page).toHaveURL(/\/officer-sign-in$/);
  await page.getByLabel('Authenticator app code').fill(await nextOfficerCode());
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page).toHaveURL(/\/officer$/);
  // An admin opens on the first of their queues: the proofs of payment to check.
  await expect(page.getByRole('heading', { level: 1, name: 'Payments to check' })).toBeVisible();

  // Find the application by the applicant's name, inside the queue.
  await page.getByRole('searchbox', { name: 'Search' }).fill('Sisouphanh');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=Sisouphanh/);
  const row = page.getByRole('row', { name: new RegExp(ticket) });
  await expect(row).toContainText('Vilayvanh Sisouphanh');
  await expect(row).toContainText('Waiting for approval');
  await expect(row).toContainText('Free');
  await row.getByRole('link', { name: ticket }).click();
  await expect(page.getByRole('heading', { level: 1, name: ticket })).toBeVisible();
  // Opening it takes it: the others see who holds it.
  await expect(page.getByTestId('claim')).toContainText('You');

  // A reject without a reason from the catalogue is refused in the dialog.
  await page.getByRole('button', { name: 'Reject application' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject application' }).click();
  await expect(dialog.getByText('Choose at least one reason from the list.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The documents beside the data. Someone else's PDF is painted by pdf.js as pictures (no browser
  // viewer: nothing of the file runs in the back office), and the page really shows ink.
  const pane = page.getByRole('region', { name: 'Documents' });
  await expect(pane.getByRole('heading', { level: 3 })).toContainText('Household registration book');
  const pdfPage = pane.getByRole('img', { name: /\(1\/1\)$/ });
  await expect(pdfPage).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  const ink = await pdfPage.evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
    return dark;
  });
  expect(ink, 'dark pixels of the painted text').toBeGreaterThan(50);
  await pane.screenshot({ path: test.info().outputPath('officer-pdf.png') });
  // The proof of payment is the fourth document.
  for (let i = 0; i < 3; i++) await pane.getByRole('button', { name: 'Next document' }).click();
  await expect(pane.getByRole('heading', { level: 3 })).toContainText('Proof of payment');
  await expect(pane.locator('img')).toBeVisible();

  const act = async (action: string, confirmation: string) => {
    await page.locator('main').getByRole('button', { name: action, exact: true }).click();
    const d = page.getByRole('dialog');
    await d.getByRole('button', { name: action, exact: true }).click();
    await expect(d).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: confirmation })).toBeVisible();
  };
  await act('Verify payment', 'Payment verified. The citizen has been notified.');
  // The next proof of the queue opened at once (taken for this officer): given back untouched.
  if (!page.url().includes(`/officer/applications/${id}?`) && /\/officer\/applications\/\d+/.test(page.url())) {
    await page.getByRole('button', { name: 'Give back' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The case is back in the queue.' })).toBeVisible();
  }
  // Opened without its queue, the case stays on screen after an action.
  await page.goto(`/officer/applications/${id}`);
  // Taking a paid case for review starts the review: the decision to make is "Mark as reviewed".
  await expect(page.locator('main').getByRole('button', { name: 'Mark as reviewed', exact: true })).toBeVisible();
  await act('Mark as reviewed', "Marked as reviewed. It waits for a second officer's approval.");
  // Four eyes: who reviewed it does not approve it.
  await expect(page.getByText('You reviewed this application: another officer approves it (four eyes).')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  const second = (await officerLogin(request, E2E_SECOND_OFFICER)).access_token;
  const approved = await request.post(`/api/v1/officer/applications/${id}/approve`, {
    headers: { authorization: `Bearer ${second}` },
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.reload();
  await act('Issue certificate', 'Certificate issued. The citizen has been notified.');
  await expect(page.getByText(/^[A-Z2-7]{26}$/)).toBeVisible();
  const history = page.getByRole('region', { name: 'Status history' });
  await expect(history.getByText(E2E_OFFICER.email).first()).toBeVisible();
  await expect(history.getByText(E2E_SECOND_OFFICER.email).first()).toBeVisible();
  // Once issued, a revocation can be asked for; a second officer confirms it.
  await expect(page.getByRole('button', { name: 'Ask for revocation' })).toBeVisible();

  // The citizen's own history shows the issued certificate.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, citizen);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/application-history');
  await expect(page.getByText(ticket)).toBeVisible();
  await expect(page.getByText('Certificate issued').first()).toBeVisible();
});

test('the back office is for officers only; an officer opening /home lands on /officer', async ({ page, request }) => {
  const citizen = await registerCitizen(request);
  await page.goto('/officer');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, citizen);
  await page.goto('/officer');
  await expect(page).toHaveURL(/\/home$/);
  const api = await request.get('/api/v1/officer/applications', {
    headers: { authorization: `Bearer ${citizen.token}` },
  });
  expect(api.status()).toBe(403);

  const { access_token, expires_at } = await officerLogin(request);
  await page.evaluate(
    ({ token, expiresAt }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('expiresAt', String(expiresAt));
      localStorage.setItem('role', 'officer');
    },
    { token: access_token, expiresAt: expires_at },
  );
  await page.goto('/home');
  await expect(page).toHaveURL(/\/officer$/);
});

/** WCAG 2.2 AA (axe) and no sideways scrolling at 320 px, once the screen has its data. */
async function checkAccessible(page: Page, label: string, found: string[]) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  for (const v of violations)
    found.push(
      `${label}: ${v.id} ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
    );
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 700 });
  await page.waitForTimeout(150);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) found.push(`${label}: scrolls sideways at 320 px by ${overflow} px`);
  await page.setViewportSize(size);
}

test('the back office passes WCAG 2.2 AA and reflows at 320 px, in English and Lao', async ({ page, request }) => {
  // Fourteen axe scans and seven reflows: more than the default minute on a busy machine.
  test.slow();
  const citizen = await registerCitizen(request);
  const { id } = await applicationWithProof(request, citizen);
  const { access_token, expires_at } = await officerLogin(request);
  const found: string[] = [];
  for (const language of ['en', 'lo']) {
    await page.goto('/api/health');
    await page.evaluate(
      ({ token, expiresAt, language }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('expiresAt', String(expiresAt));
        localStorage.setItem('role', 'officer');
        localStorage.setItem('language', language);
      },
      { token: access_token, expiresAt: expires_at, language },
    );
    await page.goto('/officer');
    await expect(page.locator('table')).toBeVisible();
    await checkAccessible(page, `${language} queue`, found);
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog')).toBeVisible();
    await checkAccessible(page, `${language} keys`, found);
    await page.keyboard.press('Escape');
    await page.goto(`/officer/applications/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `RC0000${id}` })).toBeVisible();
    await checkAccessible(page, `${language} review`, found);
    await page
      .locator('main')
      .getByRole('button')
      .filter({ hasText: language === 'en' ? 'Reject application' : 'ປະຕິເສດຄຳຮ້ອງ' })
      .click();
    await page.getByRole('dialog').getByRole('button').last().click();
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await checkAccessible(page, `${language} reject dialog`, found);
    await page.keyboard.press('Escape');
    await page.goto('/officer/reasons');
    await expect(page.locator('table')).toBeVisible();
    await checkAccessible(page, `${language} reasons`, found);
    await page.goto('/officer/calendar');
    await expect(page.locator('table')).toBeVisible();
    await checkAccessible(page, `${language} calendar`, found);
    await page.goto('/officer/accounts');
    await expect(page.locator('table')).toBeVisible();
    await checkAccessible(page, `${language} accounts`, found);
  }
  expect(found).toEqual([]);
});
