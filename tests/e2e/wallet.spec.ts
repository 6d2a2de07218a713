import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { base64url, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { dataUrl, png } from '../api/application-fixtures';
import { registerCitizen, signIn, type Citizen } from './fixtures/citizen';
import { issueThroughApi } from './fixtures/officer';
import { createApplicationThroughApi } from './fixtures/application';

/**
 * The certificate in a wallet, looked at on a 390 px phone in English and in Lao: the certificate
 * screen's "Add to a wallet" (QR, link, PIN), and the verify page with a pasted presentation that
 * discloses only some details. The wallet's side is played through the API (token with the PIN,
 * nonce, proof of its key, credential); each screen is saved as a picture in the test output folder.
 */
const BASE = '/api/v1/citizen/resident-certificate';
const PRE_AUTHORIZED = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';

async function issued(request: APIRequestContext, citizen: Citizen) {
  const { id } = await createApplicationThroughApi(request, citizen.token, {
    first_name: 'ສົມພອນ',
    last_name: 'ແກ້ວມະນີ',
    date_of_birth: '1991-02-03',
  });
  const proof = await request.post(`${BASE}/${id}/upload-payment`, {
    headers: { authorization: `Bearer ${citizen.token}` },
    data: { proof_of_payment: dataUrl(png(600, 800)) },
  });
  expect(proof.ok(), await proof.text()).toBe(true);
  await issueThroughApi(request, id);
  return id;
}

/** A wallet of the test's own: redeems the offer with the PIN and proves its key. */
async function walletReceives(request: APIRequestContext, offerUrl: string, pin: string, audience: string) {
  const offer = JSON.parse(
    new URL(offerUrl.replace('openid-credential-offer://', 'https://x/')).searchParams.get('credential_offer')!,
  );
  const code = offer.grants[PRE_AUTHORIZED]['pre-authorized_code'] as string;
  const token = await request.post('/api/v1/wallet/token', {
    form: { grant_type: PRE_AUTHORIZED, 'pre-authorized_code': code, tx_code: pin },
  });
  expect(token.ok(), await token.text()).toBe(true);
  const { c_nonce } = await (await request.post('/api/v1/wallet/nonce')).json();
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwt = await new SignJWT({ aud: audience, nonce: c_nonce })
    .setProtectedHeader({ alg: 'ES256', typ: 'openid4vci-proof+jwt', jwk: await exportJWK(publicKey) })
    .setIssuedAt()
    .sign(privateKey);
  const res = await request.post('/api/v1/wallet/credential', {
    headers: { authorization: `Bearer ${(await token.json()).access_token}` },
    data: { credential_configuration_id: 'resident_certificate_sd_jwt', proofs: { jwt: [jwt] } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { credential: (await res.json()).credentials[0].credential as string, privateKey };
}

/** Keeps only the chosen disclosures and adds a key-binding JWT, as a holder's wallet presents. */
async function present(credential: string, privateKey: CryptoKey, keep: string[]) {
  const [jwt, ...rest] = credential.split('~');
  const chosen = rest
    .filter(Boolean)
    .filter((d) => keep.includes(JSON.parse(Buffer.from(d, 'base64url').toString())[1]));
  const body = `${[jwt, ...chosen].join('~')}~`;
  const sdHash = base64url.encode(crypto.createHash('sha256').update(body).digest());
  const kb = await new SignJWT({ aud: 'https://bank.example.la', nonce: 'n-0S6_WzA2Mj', sd_hash: sdHash })
    .setProtectedHeader({ alg: 'ES256', typ: 'kb+jwt' })
    .setIssuedAt()
    .sign(privateKey);
  return body + kb;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

for (const language of ['en', 'lo'] as const) {
  test(`the wallet offer and a pasted presentation at 390 px (${language})`, async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const citizen = await registerCitizen(request);
    const id = await issued(request, citizen);
    await page.goto('/api/health');
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await signIn(page, citizen);
    await page.goto(`/certificate-approval/${id}`);
    const add = page.getByRole('button', { name: language === 'en' ? 'Add to a wallet' : /ກະເປົາ/ });
    await add.click();
    const offer = page.getByTestId('wallet-offer');
    await expect(offer.locator('img')).toBeVisible();
    const pin = (await page.getByTestId('wallet-pin').textContent())!.trim();
    expect(pin).toMatch(/^\d{6}$/);
    const offerUrl = (await offer.locator('a[href^="openid-credential-offer://"]').getAttribute('href'))!;
    await settle(page);
    // From the top: a full-page picture taken scrolled paints the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`wallet-offer-${language}.png`), fullPage: true });

    const origin = new URL(page.url()).origin;
    const { credential, privateKey } = await walletReceives(request, offerUrl, pin, origin);
    const presentation = await present(credential, privateKey, ['given_name', 'village', 'ticket_number']);

    await page.goto('/verify');
    await page.getByTestId('presentation-input').fill(presentation);
    await page.getByRole('button', { name: language === 'en' ? 'Check the credential' : /ກວດສອບ/ }).click();
    const result = page.getByTestId('presentation-result');
    await expect(result).toHaveAttribute('data-status', 'valid');
    const claims = page.getByTestId('presentation-claims');
    await expect(claims).toContainText('ສົມພອນ');
    await expect(claims).not.toContainText('ແກ້ວມະນີ');
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath(`verify-presentation-${language}.png`), fullPage: true });
  });
}
