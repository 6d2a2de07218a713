import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { base64urlDecode, base64urlEncode, parseFragment } from '../../contract/certificate-statement';
import { dataUrl, png } from '../api/application-fixtures';
import { readQrFromPdf } from '../fixtures/pdf-qr';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { E2E_OFFICER, E2E_SECOND_OFFICER, issueThroughApi, officerLogin } from './fixtures/officer';
import { createApplicationThroughApi } from './fixtures/application';

/**
 * A certificate that proves itself: an officer issues it, the citizen downloads the PDF, and the QR
 * code read from the PDF's image opens the verify page — on a device that visited the app once and
 * is now offline — which checks the signature there; an altered statement is not genuine; after the
 * officer revokes it, the page online says revoked, and the citizen sees why and who looked.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BASE = '/api/v1/citizen/resident-certificate';

async function paidApplication(request: APIRequestContext, citizen: Citizen) {
  const headers = { authorization: `Bearer ${citizen.token}` };
  // The names and dates the certificate prints and signs.
  const { id } = await createApplicationThroughApi(request, citizen.token, {
    first_name: 'ສົມພອນ',
    last_name: 'ແກ້ວມະນີ',
    date_of_birth: '1991-02-03',
    current_address: 'Ban Phonxay',
    house_number: '7',
    head_of_household: 'Bounthan Keomany',
    family_book_date: '2012-05-10',
    father_name: 'Bounthan Keomany',
    mother_name: 'Vanh Keomany',
    reason: 'Renting a house',
  });
  const proof = await request.post(`${BASE}/${id}/upload-payment`, {
    headers,
    data: { proof_of_payment: dataUrl(png(600, 900)), proof_of_payment_name: 'transfer.png' },
  });
  expect(proof.status(), await proof.text()).toBe(200);
  return id;
}

async function axeClean(page: Page, label: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(
    violations.map((v) => `${label}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('an issued certificate proves itself offline, fails when altered, and reads revoked after revocation', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const citizen = await registerCitizen(request);
  const id = await paidApplication(request, citizen);
  const ticket = `RC0000${id}`;

  // The officers take it through to issue (one reviews and issues, a second approves); the back
  // office's screens have journeys of their own (officer-day.spec.ts). The first opens it first.
  const officerToken = (await officerLogin(request)).access_token;
  const opened = await request.get(`/api/v1/officer/applications/${id}`, {
    headers: { authorization: `Bearer ${officerToken}` },
  });
  expect(opened.status()).toBe(200);
  await issueThroughApi(request, id);

  // The citizen downloads the PDF; the QR code is read from its image.
  await signIn(page, citizen);
  await page.goto(`/certificate-approval/${id}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download e-certificate' }).click();
  const qr = readQrFromPdf(fs.readFileSync((await (await downloading).path())!));
  const [address, fragment] = qr.split('#');
  expect(address).toMatch(new RegExp(`/verify/[A-Z2-7]{26}$`));
  const verifyPath = new URL(address!).pathname;

  // A landlord's phone: it opened the app once (the service worker keeps the signing keys) …
  const landlord = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await landlord.newPage();
  await phone.goto('/');
  await phone.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => phone.evaluate(async () => (await caches.keys()).includes('certificate-keys'))).toBe(true);

  // … and is offline when it scans the certificate: the signature alone says genuine.
  await landlord.setOffline(true);
  await phone.goto(`${verifyPath}#${fragment}`);
  const result = phone.locator('section[data-status]');
  await expect(phone.getByRole('heading', { name: 'Genuine certificate' })).toBeVisible();
  await expect(result).toHaveAttribute('data-source', 'signature');
  await expect(phone.getByTestId('verify-source')).toContainText(
    'Checked with the digital signature alone, on this device, without a connection',
  );
  await expect(phone.getByTestId('signed-name')).toHaveText('ສົມພອນ ແກ້ວມະນີ');
  await expect(phone.getByText('3 February 1991')).toBeVisible();
  await expect(phone.getByText(ticket)).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('verify-offline-genuine.png'), fullPage: true });
  await axeClean(phone, 'verify offline genuine');

  // An altered statement (another date of birth) is not genuine, offline as online.
  const f = parseFragment(fragment!)!;
  const altered = new TextDecoder().decode(base64urlDecode(f.statement)!).replace('1991-02-03', '1981-02-03');
  await phone.goto(`${verifyPath}#${base64urlEncode(new TextEncoder().encode(altered))}.${f.signature}.${f.kid}`);
  await expect(phone.getByRole('heading', { name: 'Not genuine' })).toBeVisible();
  await expect(phone.getByTestId('signed-name')).toHaveCount(0);
  await axeClean(phone, 'verify not genuine');

  // Online again, the registry is asked too.
  await landlord.setOffline(false);
  await phone.goto(`${verifyPath}#${fragment}`);
  await expect(phone.getByRole('heading', { name: 'Genuine certificate' })).toBeVisible();
  await expect(result).toHaveAttribute('data-source', 'both');

  // One officer asks for the revocation with a reason; a second confirms it (four eyes).
  const steps = [
    ['request-revocation', E2E_OFFICER],
    ['revoke', E2E_SECOND_OFFICER],
  ] as const;
  for (const [action, officer] of steps) {
    const token = (await officerLogin(request, officer)).access_token;
    const res = await request.post(`/api/v1/officer/applications/${id}/${action}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { notes: 'Issued on a forged household book' },
    });
    expect(res.status(), `${action}: ${await res.text()}`).toBe(200);
  }

  // Online, the same QR code (the page opened again) now reads revoked, with the date.
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'This certificate was revoked' })).toBeVisible();
  await expect(phone.getByText(/It was revoked on \d{1,2} \w{3} \d{4} and is no longer valid/)).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('verify-revoked.png'), fullPage: true });
  await axeClean(phone, 'verify revoked');
  await landlord.close();

  // The citizen is told why, is offered a new application, and sees which officer did what.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, citizen);
  for (const language of ['en', 'lo'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await page.goto(`/detail-application/${id}`);
    if (language === 'en') {
      await expect(page.getByTestId('revocation')).toContainText('Reason: Issued on a forged household book');
      await expect(page.getByRole('link', { name: 'Apply for a new certificate' })).toBeVisible();
      await page.getByRole('tab', { name: 'Who saw my data' }).click();
      const log = page.getByTestId('access-log');
      await expect(log.getByRole('listitem').first()).toContainText('Opened your application');
      await expect(log).toContainText('Issued your certificate');
      await expect(log).toContainText('Revoked your certificate');
      await expect(log).toContainText('Officer, staff number');
    } else {
      await page.getByRole('tab', { name: 'ຜູ້ທີ່ເບິ່ງຂໍ້ມູນຂອງທ່ານ' }).click();
      await expect(page.getByTestId('access-log')).toContainText('ເພີກຖອນໃບຢັ້ງຢືນຂອງທ່ານ');
    }
    await page.screenshot({ path: testInfo.outputPath(`access-log-${language}.png`), fullPage: true });
    await axeClean(page, `citizen access log (${language})`);
  }
  const pdfAfter = await request.get(`${BASE}/${id}/download-2`, {
    headers: { authorization: `Bearer ${citizen.token}` },
  });
  expect(pdfAfter.status()).toBe(409);
});
