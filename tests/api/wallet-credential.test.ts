import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Openid4vciClient, setGlobalConfig, type IssuerMetadataResult } from '@openid4vc/openid4vci';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { digest, ES256, generateSalt } from '@sd-jwt/crypto-nodejs';
import { getListFromStatusListJWT } from '@sd-jwt/jwt-status-list';
import { eq } from 'drizzle-orm';
import { walletNonces, walletOffers } from '../../server/db/schema';
import { issuedApplication, newApplication } from './certificate-fixtures';
import { createOfficer } from './fixtures';
import { loadWalletIssuerKey } from '../../server/lib/wallet-keys';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The test issuer answers at http://app.test (through inject): the wallet is told plain http is fine.
  setGlobalConfig({ allowInsecureUrls: true });
});
afterAll(async () => t?.close());

const CONFIGURATION = 'resident_certificate_sd_jwt';

/** The wallet's fetch: every request goes to the app, as over the network. */
const fetchViaApp: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
  const res = await t.app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: url.pathname + url.search,
    headers,
    payload: init?.body as string | undefined,
  });
  const out = new Headers();
  for (const [key, value] of Object.entries(res.headers)) if (value !== undefined) out.set(key, String(value));
  return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
    status: res.statusCode,
    headers: out,
  });
};

/** A holder with its own ES256 key, and the independent wallet (OpenWallet Foundation's client). */
async function newWallet() {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const privateJwk = await exportJWK(privateKey);
  const client = new Openid4vciClient({
    callbacks: {
      fetch: fetchViaApp,
      hash: (data, alg) => crypto.createHash(alg.replace('-', '').toLowerCase()).update(data).digest(),
      generateRandom: (n) => crypto.randomBytes(n),
      clientAuthentication: () => {},
      signJwt: async (_signer, { header, payload }) => ({
        jwt: await new SignJWT(payload as Record<string, unknown>)
          .setProtectedHeader(header as { alg: string })
          .sign(privateKey),
        signerJwk: publicJwk as never,
      }),
    },
  });
  return { client, publicJwk, privateJwk, privateKey };
}

type Wallet = Awaited<ReturnType<typeof newWallet>>;

async function makeOffer(headers: Record<string, string>, id: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/citizen/resident-certificate/${id}/wallet-offer`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { offer_url: string; tx_code: string; expires_at: string };
}

async function proofFor(wallet: Wallet, issuerMetadata: IssuerMetadataResult, nonce: string) {
  return wallet.client.createCredentialRequestJwtProof({
    issuerMetadata,
    credentialConfigurationId: CONFIGURATION,
    signer: { method: 'jwk', alg: 'ES256', publicJwk: wallet.publicJwk as never },
    nonce,
  });
}

/** The whole flow a wallet runs: offer, metadata, token with the PIN, nonce, proof, credential. */
async function receive(wallet: Wallet, offerUrl: string, pin: string) {
  const offer = await wallet.client.resolveCredentialOffer(offerUrl);
  const issuerMetadata = await wallet.client.resolveIssuerMetadata(offer.credential_issuer);
  const { accessTokenResponse } = await wallet.client.retrievePreAuthorizedCodeAccessTokenFromOffer({
    credentialOffer: offer,
    issuerMetadata,
    txCode: pin,
  });
  const { c_nonce } = await wallet.client.requestNonce({ issuerMetadata });
  const { jwt } = await proofFor(wallet, issuerMetadata, c_nonce);
  const { credentialResponse } = await wallet.client.retrieveCredentials({
    issuerMetadata,
    accessToken: accessTokenResponse.access_token,
    credentialConfigurationId: CONFIGURATION,
    proofs: { jwt: [jwt] },
  });
  const credential = (credentialResponse.credentials?.[0] as { credential?: unknown } | undefined)?.credential;
  if (typeof credential !== 'string') throw new Error('no credential');
  return { credential, issuerMetadata, accessToken: accessTokenResponse.access_token };
}

/** The holder presents only the chosen claims, with a key-binding JWT signed by its wallet key. */
async function present(wallet: Wallet, credential: string, frame: Record<string, boolean>) {
  const holder = new SDJwtVcInstance({
    hasher: digest,
    saltGenerator: generateSalt,
    kbSigner: await ES256.getSigner(wallet.privateJwk),
    kbSignAlg: 'ES256',
  });
  return holder.present(credential, frame, {
    kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: 'https://bank.example.la', nonce: 'n-0S6_WzA2Mj' } },
  });
}

const verify = (presentation: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/verify/presentation', payload: { presentation } });

const errorOf = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e as { errorResponse?: { error?: string }; message: string },
  );
  if (!err) throw new Error('expected a refusal');
  return err.errorResponse?.error ?? err.message;
};

describe('the certificate in a wallet (OpenID4VCI 1.0, SD-JWT VC, Token Status List)', () => {
  it('publishes issuer, authorization server and JWT VC issuer metadata', async () => {
    const issuer = (await t.app.inject({ url: '/.well-known/openid-credential-issuer' })).json();
    expect(issuer.credential_issuer).toBe('http://app.test');
    expect(issuer.credential_configurations_supported[CONFIGURATION]).toMatchObject({
      format: 'dc+sd-jwt',
      vct: 'http://app.test/credentials/resident-certificate',
    });
    const as = (await t.app.inject({ url: '/.well-known/oauth-authorization-server' })).json();
    expect(as.token_endpoint).toBe('http://app.test/api/v1/wallet/token');
    const jwtVc = (await t.app.inject({ url: '/.well-known/jwt-vc-issuer' })).json();
    expect(jwtVc.issuer).toBe('http://app.test');
    expect(jwtVc.jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(jwtVc.jwks.keys[0].d).toBeUndefined();
  });

  it('only the owner of an issued certificate gets an offer', async () => {
    const { id } = await issuedApplication(t.app);
    const { citizen: stranger } = await issuedApplication(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/citizen/resident-certificate/${id}/wallet-offer`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/citizen/resident-certificate/${id}/wallet-offer`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('an independent wallet receives the credential; the holder discloses chosen claims; a revocation withdraws it', async () => {
    const { citizen, id } = await issuedApplication(t.app, { first_name: 'Somchai', last_name: 'Phommachanh' });
    const offer = await makeOffer(citizen.headers, id);
    expect(offer.offer_url).toMatch(/^openid-credential-offer:\/\/\?credential_offer=/);
    expect(offer.tx_code).toMatch(/^\d{6}$/);
    expect(decodeURIComponent(offer.offer_url)).not.toContain(offer.tx_code === '' ? 'x' : `"${offer.tx_code}"`);
    const wallet = await newWallet();

    // A wrong PIN is refused (and the right one still works after it).
    const wrong = String((Number(offer.tx_code) + 1) % 1_000_000).padStart(6, '0');
    expect(await errorOf(receive(wallet, offer.offer_url, wrong))).toBe('invalid_grant');

    const { credential, issuerMetadata } = await receive(wallet, offer.offer_url, offer.tx_code);
    // The issuer JWT: our vct, bound to the wallet's key, with a status list entry; personal claims only as digests.
    const payload = decodeJwt(credential.split('~')[0]);
    expect(payload).toMatchObject({
      iss: 'http://app.test',
      vct: 'http://app.test/credentials/resident-certificate',
      cnf: { jwk: { kty: 'EC', x: wallet.publicJwk.x, y: wallet.publicJwk.y } },
      status: { status_list: { uri: 'http://app.test/api/v1/wallet/status-list', idx: expect.any(Number) } },
    });
    expect(JSON.stringify(payload)).not.toMatch(/Somchai|Phommachanh/);
    expect(credential.split('~').length - 2).toBe(12);

    // The code is single-use: a second redemption is refused.
    expect(await errorOf(receive(await newWallet(), offer.offer_url, offer.tx_code))).toBe('invalid_grant');

    // The holder shows only the first name, the village and the ticket.
    const shown = await present(wallet, credential, { given_name: true, village: true, ticket_number: true });
    const res = await verify(shown);
    expect(res.statusCode, res.body).toBe(200);
    const check = res.json().data;
    expect(check).toMatchObject({ status: 'valid', key_bound: true });
    expect(Object.keys(check.claims).sort()).toEqual(
      ['expiry_date', 'given_name', 'issuance_date', 'ticket_number', 'village'].sort(),
    );
    expect(check.claims.given_name).toBe('Somchai');
    expect(JSON.stringify(check)).not.toContain('Phommachanh');

    // Without the key-binding JWT it still verifies, but says it is not bound to the holder's device.
    const bare = shown.slice(0, shown.lastIndexOf('~') + 1);
    expect((await verify(bare)).json().data).toMatchObject({ status: 'valid', key_bound: false });
    // A key-binding JWT over other disclosures is refused.
    const tampered = `${bare.split('~').slice(0, 2).join('~')}~${shown.slice(shown.lastIndexOf('~') + 1)}`;
    expect((await verify(tampered)).json().data).toMatchObject({ status: 'invalid', problem: 'key_binding_invalid' });

    // One revocation everywhere: two officers revoke the certificate; the status bit flips.
    const [asker, confirmer] = await Promise.all([createOfficer(t.app), createOfficer(t.app)]);
    const act = (headers: Record<string, string>, action: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/officer/applications/${id}/${action}`, headers, payload });
    expect((await act(asker.headers, 'request-revocation', { notes: 'Moved away' })).statusCode).toBe(200);
    expect((await act(confirmer.headers, 'revoke', {})).statusCode).toBe(200);

    const after = (await verify(shown)).json().data;
    expect(after.status).toBe('revoked');
    expect(after.claims).toBeUndefined();
    const list = await t.app.inject({ url: '/api/v1/wallet/status-list' });
    expect(list.headers['content-type']).toMatch(/application\/statuslist\+jwt/);
    const idx = (payload.status as { status_list: { idx: number } }).status_list.idx;
    expect(getListFromStatusListJWT(list.body).getStatus(idx)).toBe(1);

    // And a revoked certificate gets no new offer.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/citizen/resident-certificate/${id}/wallet-offer`,
      headers: citizen.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(issuerMetadata.credentialIssuer.credential_issuer).toBe('http://app.test');
  });

  it('refuses a proof with a stale (already used) nonce, and one with a nonce it never gave', async () => {
    const { citizen, id } = await issuedApplication(t.app);
    const offer = await makeOffer(citizen.headers, id);
    const wallet = await newWallet();
    const credentialOffer = await wallet.client.resolveCredentialOffer(offer.offer_url);
    const issuerMetadata = await wallet.client.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const { accessTokenResponse } = await wallet.client.retrievePreAuthorizedCodeAccessTokenFromOffer({
      credentialOffer,
      issuerMetadata,
      txCode: offer.tx_code,
    });
    const request = (jwt: string) =>
      wallet.client.retrieveCredentials({
        issuerMetadata,
        accessToken: accessTokenResponse.access_token,
        credentialConfigurationId: CONFIGURATION,
        proofs: { jwt: [jwt] },
      });
    const made = base64url.encode(crypto.randomBytes(32));
    expect(await errorOf(request((await proofFor(wallet, issuerMetadata, made)).jwt))).toMatch(/invalid_nonce/);

    // A nonce used by another wallet's proof is stale for this one.
    const other = await newWallet();
    const { c_nonce } = await wallet.client.requestNonce({ issuerMetadata });
    const otherOffer = await issuedApplication(t.app);
    const second = await makeOffer(otherOffer.citizen.headers, otherOffer.id);
    const secondOffer = await other.client.resolveCredentialOffer(second.offer_url);
    const secondToken = await other.client.retrievePreAuthorizedCodeAccessTokenFromOffer({
      credentialOffer: secondOffer,
      issuerMetadata,
      txCode: second.tx_code,
    });
    await other.client.retrieveCredentials({
      issuerMetadata,
      accessToken: secondToken.accessTokenResponse.access_token,
      credentialConfigurationId: CONFIGURATION,
      proofs: { jwt: [(await proofFor(other, issuerMetadata, c_nonce)).jwt] },
    });
    expect(await errorOf(request((await proofFor(wallet, issuerMetadata, c_nonce)).jwt))).toMatch(/invalid_nonce/);

    // An expired nonce is stale too.
    const old = await wallet.client.requestNonce({ issuerMetadata });
    await t.app.db
      .update(walletNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletNonces.nonce, old.c_nonce));
    expect(await errorOf(request((await proofFor(wallet, issuerMetadata, old.c_nonce)).jwt))).toMatch(/invalid_nonce/);

    // With a fresh nonce the same access token still gets its credential.
    const fresh = await wallet.client.requestNonce({ issuerMetadata });
    const ok = await request((await proofFor(wallet, issuerMetadata, fresh.c_nonce)).jwt);
    expect(typeof (ok.credentialResponse.credentials?.[0] as { credential?: unknown }).credential).toBe('string');
  });

  it('refuses an offer before the certificate is issued, and stores the code and PIN only as keyed hashes', async () => {
    const { citizen, id } = await newApplication(t.app);
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/v1/citizen/resident-certificate/${id}/wallet-offer`,
      headers: citizen.headers,
    });
    expect(early.statusCode).toBe(409);

    const issued = await issuedApplication(t.app);
    const offer = await makeOffer(issued.citizen.headers, issued.id);
    const code = JSON.parse(decodeURIComponent(offer.offer_url.split('credential_offer=')[1])).grants[
      'urn:ietf:params:oauth:grant-type:pre-authorized_code'
    ]['pre-authorized_code'] as string;
    const rows = await t.app.db.select().from(walletOffers).where(eq(walletOffers.applicationId, issued.id));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(offer.tx_code);
    // A newer offer voids the older one.
    await makeOffer(issued.citizen.headers, issued.id);
    const [older] = await t.app.db.select().from(walletOffers).where(eq(walletOffers.id, rows[0].id));
    expect(older.usedAt).not.toBeNull();
  });

  it('answers OpenID4VCI errors in their own shape', async () => {
    const form = (body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(body).toString(),
      });
    const grant = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
    const unknown = await form({ grant_type: grant, 'pre-authorized_code': 'nope', tx_code: '123456' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('invalid_grant');
    expect((await form({ grant_type: 'password' })).json().error).toBe('unsupported_grant_type');
    expect((await form({ grant_type: grant, 'pre-authorized_code': 'x' })).json().error).toBe('invalid_request');
    const noToken = await t.app.inject({ method: 'POST', url: '/api/v1/wallet/credential', payload: {} });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().error).toBe('invalid_token');
  });

  it('voids an offer after five wrong PINs', async () => {
    const { citizen, id } = await issuedApplication(t.app);
    const offer = await makeOffer(citizen.headers, id);
    const code = JSON.parse(decodeURIComponent(offer.offer_url.split('credential_offer=')[1])).grants[
      'urn:ietf:params:oauth:grant-type:pre-authorized_code'
    ]['pre-authorized_code'] as string;
    const wrong = String((Number(offer.tx_code) + 1) % 1_000_000).padStart(6, '0');
    const token = (pin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/token',
        payload: {
          grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
          'pre-authorized_code': code,
          tx_code: pin,
        },
      });
    for (let i = 0; i < 5; i++) expect((await token(wrong)).json().error).toBe('invalid_grant');
    expect((await token(offer.tx_code)).json().error).toBe('invalid_grant');
  });
});

describe('the verifier refuses what RFC 9901 refuses', () => {
  let shown: string;
  beforeAll(async () => {
    const { citizen, id } = await issuedApplication(t.app);
    const offer = await makeOffer(citizen.headers, id);
    const wallet = await newWallet();
    const { credential } = await receive(wallet, offer.offer_url, offer.tx_code);
    shown = credential;
  });

  it('accepts the credential as issued (all disclosures, no key binding)', async () => {
    expect((await verify(shown)).json().data).toMatchObject({ status: 'valid', key_bound: false });
  });

  it('refuses a duplicated disclosure', async () => {
    const parts = shown.split('~');
    const duplicated = [...parts.slice(0, -1), parts[1], ''].join('~');
    expect((await verify(duplicated)).json().data).toEqual({ status: 'invalid', problem: 'duplicate_disclosure' });
  });

  it('refuses a disclosure the credential does not reference', async () => {
    const stray = base64url.encode(JSON.stringify([generateSalt(16), 'given_name', 'Mallory']));
    const parts = shown.split('~');
    const added = [...parts.slice(0, -1), stray, ''].join('~');
    expect((await verify(added)).json().data).toEqual({ status: 'invalid', problem: 'unreferenced_disclosure' });
  });

  it('refuses an expired credential', async () => {
    const [jwt, ...rest] = shown.split('~');
    const payload = { ...decodeJwt(jwt), exp: Math.floor(Date.now() / 1000) - 60 };
    const resigned = await new SignJWT(payload)
      .setProtectedHeader(decodeProtectedHeader(jwt) as { alg: string })
      .sign(t.app.walletKey.privateKey);
    expect((await verify([resigned, ...rest].join('~'))).json().data).toMatchObject({
      status: 'invalid',
      problem: 'expired',
    });
  });

  it('refuses a credential signed by another key, and garbage', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const payload = decodeJwt(shown.split('~')[0]);
    const forged = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', typ: 'dc+sd-jwt', kid: decodeProtectedHeader(shown.split('~')[0]).kid })
      .sign(privateKey);
    const forgedPresentation = [forged, ...shown.split('~').slice(1)].join('~');
    expect((await verify(forgedPresentation)).json().data).toEqual({ status: 'invalid', problem: 'bad_signature' });
    expect((await verify('not a presentation')).json().data).toEqual({ status: 'invalid', problem: 'malformed' });
    expect((await verify('')).statusCode).toBe(400);
  });
});

describe('the wallet issuer key', () => {
  it('is read from WALLET_ISSUER_KEY_FILE (ECDSA P-256 only), else generated once in DATA_DIR', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-wallet-key-'));
    try {
      const file = path.join(dir, 'key.pem');
      const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
      fs.writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }));
      const configured = await loadWalletIssuerKey({ dataDir: dir, walletIssuerKeyFile: file });
      expect(configured.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: configured.kid });
      expect(fs.existsSync(path.join(dir, 'wallet-issuer-key.pem'))).toBe(false);

      const rsa = path.join(dir, 'rsa.pem');
      const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      fs.writeFileSync(rsa, other.export({ format: 'pem', type: 'pkcs8' }));
      await expect(loadWalletIssuerKey({ dataDir: dir, walletIssuerKeyFile: rsa })).rejects.toThrow(
        /must be an ECDSA P-256 key/,
      );
      await expect(loadWalletIssuerKey({ dataDir: dir, walletIssuerKeyFile: path.join(dir, 'none') })).rejects.toThrow(
        /WALLET_ISSUER_KEY_FILE: cannot read/,
      );

      const first = await loadWalletIssuerKey({ dataDir: dir });
      const again = await loadWalletIssuerKey({ dataDir: dir });
      expect(again.kid).toBe(first.kid);
      expect(fs.statSync(path.join(dir, 'wallet-issuer-key.pem')).mode & 0o077).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
