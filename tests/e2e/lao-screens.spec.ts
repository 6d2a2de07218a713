import { expect, test, type Page } from '@playwright/test';
import { base64urlDecode, base64urlEncode } from '../../contract/certificate-statement';
import { dataUrl, png } from '../api/application-fixtures';
import { readQrFromPdf } from '../fixtures/pdf-qr';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { issueThroughApi, officerLogin } from './fixtures/officer';
import { createApplicationThroughApi } from './fixtures/application';
import { fillStep1, fillStep2 } from './fixtures/application-steps';

/**
 * The screens whose Lao wording the glossary settled, read in Lao on a 390 px phone: amounts as the
 * banks write them, a chosen date never called "today", revoking not said with the Cancel button's
 * word, a verdict on a certificate that reads as one. Each screen is saved as a picture in the test
 * output folder for a reader of Lao to look at.
 */
const BASE = '/api/v1/citizen/resident-certificate';

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

async function picture(page: Page, name: string, fullPage = true) {
  await settle(page);
  await page.screenshot({ path: test.info().outputPath(`lo-${name}.png`), fullPage });
}

async function inLao(page: Page) {
  if (!page.url().startsWith('http')) await page.goto('/api/health');
  await page.evaluate(() => localStorage.setItem('language', 'lo'));
}

async function officer(page: Page) {
  const { access_token: token, expires_at: expiresAt } = await officerLogin(page.request);
  const act = async (id: number, action: string) => {
    const done = await page.request.post(`/api/v1/officer/applications/${id}/${action}`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(done.ok(), `${action}: ${await done.text()}`).toBe(true);
  };
  return { token, expiresAt, act };
}

async function issuedApplication(page: Page, citizen: Citizen) {
  const { id } = await createApplicationThroughApi(page.request, citizen.token);
  const proof = await page.request.post(`${BASE}/${id}/upload-payment`, {
    headers: { authorization: `Bearer ${citizen.token}` },
    data: { proof_of_payment: dataUrl(png(600, 800)) },
  });
  expect(proof.ok(), await proof.text()).toBe(true);
  await issueThroughApi(page.request, id);
  return id;
}

test('the screens the glossary settled read in Lao at 390 px', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  await inLao(page);
  await page.goto('/');
  await expect(page.getByText('ເຂົ້າບັນຊີສະເໝືອນທີ່ອອກໃຫ້ສະເພາະຄຳຮ້ອງຂອງທ່ານ')).toBeVisible();
  await picture(page, 'landing');

  const citizen = await registerCitizen(request);
  await signIn(page, citizen);
  const staff = await officer(page);
  const { id: pending } = await createApplicationThroughApi(page.request, citizen.token);
  const issued = await issuedApplication(page, citizen);

  // Step 3 needs the drafts of steps 1 and 2: filled in English, as the other journeys do.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto('/application-resident-certificate');
  await settle(page);
  await fillStep1(page);
  await fillStep2(page, testInfo.outputPath('documents'));

  await inLao(page);
  await page.goto('/payment');
  await settle(page);
  await expect(page.getByText('29.000 ກີບ')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('LAK');
  await picture(page, 'step-3');

  await page.goto(`/waiting-for-payment/${pending}`);
  await settle(page);
  await expect(page.locator('main')).toContainText('29.000 ກີບ');
  await expect(page.locator('main')).not.toContainText('LAK');
  await picture(page, 'waiting-for-payment');

  // A full day: the server's answer for the chosen date, with every slot taken.
  await page.route('**/pickup-slots?date=*', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { open: boolean } };
    await route.fulfill({ response: answer, json: { ...body, data: { ...body.data, open: false } } });
  });
  await page.goto(`/pick-up-date/${issued}`);
  await expect(page.getByText('ວັນທີທີ່ເລືອກບໍ່ມີເວລາມາຮັບເຫຼືອແລ້ວ. ກະລຸນາເລືອກວັນທີອື່ນ.')).toBeVisible();
  await picture(page, 'pick-up-full-day');
  await page.unroute('**/pickup-slots?date=*');

  // A past date: the booking reaches the server with yesterday's date, which it refuses.
  await page.context().route('**/set-pickup-date', async (route) => {
    const sent = JSON.parse(route.request().postData() ?? '{}') as Record<string, string>;
    await route.continue({ postData: JSON.stringify({ ...sent, date: '2020-01-06' }) });
  });
  await page.goto(`/pick-up-date/${issued}`);
  await settle(page);
  await page.locator('main').getByRole('radio', { disabled: false }).first().check({ force: true });
  await page.getByRole('button', { name: 'ຢືນຢັນການນັດມາຮັບ' }).click();
  await expect(page.getByText('ວັນທີນີ້ຜ່ານໄປແລ້ວ. ກະລຸນາເລືອກວັນທີອື່ນ.')).toBeVisible();
  await picture(page, 'pick-up-past-date');
  await page.context().unroute('**/set-pickup-date');

  // The verify page: the registry's answer, then a QR code whose statement was altered.
  const download = await page.request.get(`${BASE}/${issued}/download-2`, {
    headers: { authorization: `Bearer ${citizen.token}` },
  });
  expect(download.ok()).toBe(true);
  const [address, fragment] = readQrFromPdf(await download.body()).split('#');
  const verifyPath = new URL(address!).pathname;
  await page.goto(`${verifyPath}#${fragment}`);
  await expect(page.getByRole('heading', { name: 'ໃບຢັ້ງຢືນແທ້' })).toBeVisible();
  await picture(page, 'verify-genuine');
  const [statement, signature, kid] = fragment!.split('.');
  const altered = new TextDecoder().decode(base64urlDecode(statement!)!).replace(/"b":"\d{4}/, '"b":"1900');
  await page.goto(`${verifyPath}#${base64urlEncode(new TextEncoder().encode(altered))}.${signature}.${kid}`);
  await expect(page.getByRole('heading', { name: 'ບໍ່ແມ່ນໃບຢັ້ງຢືນແທ້' })).toBeVisible();
  await picture(page, 'verify-not-genuine');

  // The officer's dialog asking for a revocation: its two buttons say two different things.
  await page.evaluate(
    ({ token, expiresAt }) => {
      localStorage.clear();
      localStorage.setItem('language', 'lo');
      localStorage.setItem('token', token);
      localStorage.setItem('expiresAt', String(expiresAt));
      localStorage.setItem('role', 'officer');
    },
    { token: staff.token, expiresAt: staff.expiresAt },
  );
  await page.goto(`/officer/applications/${issued}`);
  await settle(page);
  await page.getByRole('button', { name: 'ສະເໜີເພີກຖອນ', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'ຍົກເລີກ', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'ສະເໜີເພີກຖອນ', exact: true }).click();
  await expect(dialog.getByText('ກະລຸນາຂຽນເຫດຜົນ: ການດຳເນີນການນີ້ຕ້ອງມີເຫດຜົນ.')).toBeVisible();
  await picture(page, 'officer-revoke-dialog', false);

  // A paid application with its proof: refusing the proof and rejecting the application are two words.
  const { id: paid } = await createApplicationThroughApi(page.request, citizen.token);
  const proof = await page.request.post(`${BASE}/${paid}/upload-payment`, {
    headers: { authorization: `Bearer ${citizen.token}` },
    data: { proof_of_payment: dataUrl(png(600, 800)) },
  });
  expect(proof.ok()).toBe(true);
  await page.goto(`/officer/applications/${paid}`);
  await expect(page.getByRole('button', { name: 'ບໍ່ຮັບຮອງ ຫຼັກຖານການຊຳລະເງິນ', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ປະຕິເສດຄຳຮ້ອງ', exact: true })).toBeVisible();
  await picture(page, 'officer-actions');
});
