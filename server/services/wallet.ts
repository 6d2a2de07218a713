import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  base64url,
  calculateJwkThumbprint,
  compactVerify,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
} from 'jose';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { digest, ES256, generateSalt } from '@sd-jwt/crypto-nodejs';
import { createHeaderAndPayload, getListFromStatusListJWT, StatusList } from '@sd-jwt/jwt-status-list';
import type { ApplicantData } from '../../contract/application';
import {
  PresentationProblem,
  WALLET_CLAIMS,
  WALLET_CREDENTIAL_CONFIGURATION,
  WALLET_OFFER_MINUTES,
  WALLET_PIN_LENGTH,
  type PresentationCheck,
  type WalletOffer,
} from '../../contract/wallet';
import type { Db } from '../db/client';
import {
  applications,
  districts,
  provinces,
  villages,
  walletCredentials,
  walletNonces,
  walletOffers,
} from '../db/schema';
import { keyedHash } from '../lib/hash-secret';
import { assertCertificateAvailable, CERTIFICATE_STATUSES } from './certificates';
import { findOwnApplication } from './applications';

/**
 * The certificate as an SD-JWT VC in a citizen's wallet, issued over OpenID4VCI 1.0 (pre-authorized
 * code with a PIN), with a Token Status List that the certificate's revocation flips
 * (docs/architecture.md#the-certificate-in-a-wallet).
 */

const PRE_AUTHORIZED_GRANT = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
/** Wrong PINs an offer survives; then it is void and the citizen makes a new one. */
const MAX_PIN_ATTEMPTS = 5;
const ACCESS_TOKEN_SECONDS = 300;
const NONCE_SECONDS = 300;
/** How long a wallet credential is valid; the status list withdraws it sooner if the certificate is revoked. */
const CREDENTIAL_DAYS = 365;
/** A proof JWT's iat may be this far from the server's clock. */
const PROOF_SKEW_SECONDS = 300;
/** The status list is published in blocks of this many entries, so its size tells little. */
const STATUS_BLOCK = 16_384;

/** An OAuth / OpenID4VCI error, answered as { error, error_description } (RFC 6749 §5.2). */
export class OauthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

export const walletUrls = (base: string) => ({
  issuer: base,
  vct: `${base}/credentials/resident-certificate`,
  token: `${base}/api/v1/wallet/token`,
  nonce: `${base}/api/v1/wallet/nonce`,
  credential: `${base}/api/v1/wallet/credential`,
  statusList: `${base}/api/v1/wallet/status-list`,
});

const hashCode = (key: Buffer, code: string) => keyedHash(key, 'wallet-code', code);
const hashPin = (key: Buffer, code: string, pin: string) => keyedHash(key, 'wallet-pin', code, pin);
const hashToken = (key: Buffer, token: string) => keyedHash(key, 'wallet-token', token);
const randomToken = () => base64url.encode(crypto.randomBytes(32));

/** The owner of an issued certificate makes an offer: shown once, redeemable once, for a few minutes. */
export async function createOffer(app: FastifyInstance, applicationId: number, userId: number): Promise<WalletOffer> {
  const row = await findOwnApplication(app.db, applicationId, userId);
  assertCertificateAvailable(row);
  const code = randomToken();
  const pin = String(crypto.randomInt(0, 10 ** WALLET_PIN_LENGTH)).padStart(WALLET_PIN_LENGTH, '0');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + WALLET_OFFER_MINUTES * 60_000);
  await app.db.transaction(async (tx) => {
    // One live offer per certificate: a newer one voids the ones not redeemed yet.
    await tx
      .update(walletOffers)
      .set({ usedAt: now })
      .where(and(eq(walletOffers.applicationId, row.id), isNull(walletOffers.usedAt)));
    await tx.insert(walletOffers).values({
      applicationId: row.id,
      codeHash: hashCode(app.hashKey, code),
      pinHash: hashPin(app.hashKey, code, pin),
      expiresAt,
    });
  });
  const offer = {
    credential_issuer: app.config.appBaseUrl,
    credential_configuration_ids: [WALLET_CREDENTIAL_CONFIGURATION],
    grants: {
      [PRE_AUTHORIZED_GRANT]: {
        'pre-authorized_code': code,
        tx_code: {
          input_mode: 'numeric',
          length: WALLET_PIN_LENGTH,
          // English only: Lao is nine characters a letter once percent-encoded, and the QR code grows.
          description: 'PIN shown on the certificate page',
        },
      },
    },
  };
  return {
    offer_url: `openid-credential-offer://?credential_offer=${encodeURIComponent(JSON.stringify(offer))}`,
    tx_code: pin,
    expires_at: expiresAt.toISOString(),
  };
}

const tokenRequest = v.object({
  grant_type: v.string(),
  'pre-authorized_code': v.optional(v.pipe(v.string(), v.maxLength(200))),
  tx_code: v.optional(v.pipe(v.string(), v.maxLength(20))),
});

/** The token endpoint: the pre-authorized code and its PIN for an access token, once. */
export async function redeemPreAuthorizedCode(app: FastifyInstance, body: unknown) {
  const parsed = v.safeParse(tokenRequest, body ?? {});
  if (!parsed.success) throw new OauthError(400, 'invalid_request', 'Malformed token request.');
  const req = parsed.output;
  if (req.grant_type !== PRE_AUTHORIZED_GRANT)
    throw new OauthError(400, 'unsupported_grant_type', 'Only the pre-authorized code grant is supported.');
  const code = req['pre-authorized_code'];
  if (!code) throw new OauthError(400, 'invalid_request', 'pre-authorized_code is missing.');
  if (!req.tx_code) throw new OauthError(400, 'invalid_request', 'tx_code (the PIN) is missing.');
  const now = new Date();
  const [offer] = await app.db
    .select()
    .from(walletOffers)
    .where(eq(walletOffers.codeHash, hashCode(app.hashKey, code)));
  if (!offer || offer.usedAt || offer.expiresAt <= now || offer.pinAttempts >= MAX_PIN_ATTEMPTS)
    throw new OauthError(400, 'invalid_grant', 'The offer is unknown, used or expired: make a new one.');
  const expected = Buffer.from(offer.pinHash);
  const given = Buffer.from(hashPin(app.hashKey, code, req.tx_code));
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    const attempts = offer.pinAttempts + 1;
    await app.db
      .update(walletOffers)
      .set({
        pinAttempts: sql`${walletOffers.pinAttempts} + 1`,
        ...(attempts >= MAX_PIN_ATTEMPTS ? { usedAt: now } : {}),
      })
      .where(eq(walletOffers.id, offer.id));
    throw new OauthError(400, 'invalid_grant', 'Wrong PIN (tx_code).');
  }
  const token = randomToken();
  // Conditional: two wallets racing with the same code get one token.
  const redeemed = await app.db
    .update(walletOffers)
    .set({
      usedAt: now,
      accessTokenHash: hashToken(app.hashKey, token),
      accessTokenExpiresAt: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
    })
    .where(and(eq(walletOffers.id, offer.id), isNull(walletOffers.usedAt), gt(walletOffers.expiresAt, now)))
    .returning({ id: walletOffers.id });
  if (!redeemed.length) throw new OauthError(400, 'invalid_grant', 'The offer was used already.');
  return { access_token: token, token_type: 'Bearer' as const, expires_in: ACCESS_TOKEN_SECONDS };
}

/** The nonce endpoint: a fresh c_nonce, accepted in one proof within a few minutes. */
export async function newNonce(db: Db) {
  const now = new Date();
  const nonce = randomToken();
  await db.delete(walletNonces).where(lt(walletNonces.expiresAt, new Date(now.getTime() - 3600_000)));
  await db.insert(walletNonces).values({ nonce, expiresAt: new Date(now.getTime() + NONCE_SECONDS * 1000) });
  return { c_nonce: nonce };
}

const credentialRequest = v.object({
  credential_configuration_id: v.optional(v.string()),
  proof: v.optional(v.object({ proof_type: v.literal('jwt'), jwt: v.string() })),
  proofs: v.optional(v.object({ jwt: v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(1)) })),
});

const PROOF_ALGS = ['ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519', 'PS256', 'RS256'];

/** The wallet's key from a proof JWT (OpenID4VCI 1.0 §F.1), its nonce consumed once. */
async function holderKeyFromProof(app: FastifyInstance, jwt: string): Promise<JWK> {
  let header;
  try {
    header = decodeProtectedHeader(jwt);
  } catch {
    throw new OauthError(400, 'invalid_proof', 'The proof is not a JWT.');
  }
  const jwk = header.jwk as JWK | undefined;
  if (header.typ !== 'openid4vci-proof+jwt' || !header.alg || !PROOF_ALGS.includes(header.alg) || !jwk || 'd' in jwk)
    throw new OauthError(
      400,
      'invalid_proof',
      'The proof needs typ openid4vci-proof+jwt, an asymmetric alg and a public jwk.',
    );
  let payload;
  try {
    const key = await importJWK(jwk, header.alg);
    ({ payload } = await jwtVerify(jwt, key, {
      audience: app.config.appBaseUrl,
      typ: 'openid4vci-proof+jwt',
      clockTolerance: PROOF_SKEW_SECONDS,
      maxTokenAge: PROOF_SKEW_SECONDS * 2,
      requiredClaims: ['iat'],
    }));
  } catch {
    throw new OauthError(400, 'invalid_proof', 'The proof signature, audience or time is wrong.');
  }
  if (typeof payload.nonce !== 'string' || payload.nonce.length > 200)
    throw new OauthError(400, 'invalid_nonce', 'The proof carries no c_nonce: ask the nonce endpoint for one.');
  const used = await app.db
    .update(walletNonces)
    .set({ usedAt: new Date() })
    .where(
      and(eq(walletNonces.nonce, payload.nonce), isNull(walletNonces.usedAt), gt(walletNonces.expiresAt, new Date())),
    )
    .returning({ id: walletNonces.id });
  if (!used.length)
    throw new OauthError(400, 'invalid_nonce', 'The c_nonce is unknown, used or expired: ask for a new one.');
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, n: jwk.n, e: jwk.e } as JWK;
}

/** Names and codes of the certificate's village, district and province. */
async function placeClaims(db: Db, data: ApplicantData) {
  const [[p], [d], [vil]] = await Promise.all([
    db
      .select({ code: provinces.code, lo: provinces.nameLo, en: provinces.nameEn })
      .from(provinces)
      .where(inArray(provinces.id, [data.province_id])),
    db
      .select({ code: districts.code, lo: districts.nameLo, en: districts.nameEn })
      .from(districts)
      .where(inArray(districts.id, [data.district_id])),
    db
      .select({ code: villages.code, lo: villages.nameLo, en: villages.nameEn })
      .from(villages)
      .where(inArray(villages.id, [data.village_id])),
  ]);
  const both = (x?: { lo: string; en: string }) => (x ? (x.lo === x.en ? x.en : `${x.lo} / ${x.en}`) : '');
  return {
    village: both(vil),
    district: both(d),
    province: both(p),
    village_code: vil?.code ?? '',
    district_code: d?.code ?? '',
    province_code: p?.code ?? '',
  };
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/** The credential endpoint: with the access token and a proof of the wallet's key, one SD-JWT VC. */
export async function issueCredential(app: FastifyInstance, authorization: string | undefined, body: unknown) {
  const token = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(authorization ?? '')?.[1];
  const now = new Date();
  const [offer] = token
    ? await app.db
        .select()
        .from(walletOffers)
        .where(eq(walletOffers.accessTokenHash, hashToken(app.hashKey, token)))
    : [];
  if (!offer || !offer.accessTokenExpiresAt || offer.accessTokenExpiresAt <= now || offer.credentialIssuedAt)
    throw new OauthError(401, 'invalid_token', 'The access token is unknown, used or expired.');
  const parsed = v.safeParse(credentialRequest, body ?? {});
  if (!parsed.success) throw new OauthError(400, 'invalid_credential_request', 'Malformed credential request.');
  const req = parsed.output;
  if (req.credential_configuration_id !== WALLET_CREDENTIAL_CONFIGURATION)
    throw new OauthError(400, 'unknown_credential_configuration', `We issue ${WALLET_CREDENTIAL_CONFIGURATION} only.`);
  const proofJwt = req.proofs?.jwt[0] ?? req.proof?.jwt;
  if (!proofJwt) throw new OauthError(400, 'invalid_proof', 'A jwt proof of the wallet key is needed.');
  const holderJwk = await holderKeyFromProof(app, proofJwt);
  const cnfJwk = Object.fromEntries(Object.entries(holderJwk).filter(([, val]) => val !== undefined)) as JWK;

  const [row] = await app.db.select().from(applications).where(eq(applications.id, offer.applicationId));
  if (!row || !CERTIFICATE_STATUSES.includes(row.status) || row.certificateRevokedAt)
    throw new OauthError(400, 'credential_request_denied', 'The certificate is not valid any more.');
  const data = row.applicantData as ApplicantData;
  const places = await placeClaims(app.db, data);
  const expires = new Date(now.getTime() + CREDENTIAL_DAYS * 86_400_000);
  const urls = walletUrls(app.config.appBaseUrl);

  return app.db.transaction(async (tx) => {
    const taken = await tx
      .update(walletOffers)
      .set({ credentialIssuedAt: now })
      .where(and(eq(walletOffers.id, offer.id), isNull(walletOffers.credentialIssuedAt)))
      .returning({ id: walletOffers.id });
    if (!taken.length) throw new OauthError(401, 'invalid_token', 'The access token was used already.');
    const [cred] = await tx
      .insert(walletCredentials)
      .values({
        applicationId: row.id,
        offerId: offer.id,
        holderKeyThumbprint: await calculateJwkThumbprint(cnfJwk),
        issuedAt: now,
        expiresAt: expires,
      })
      .returning({ id: walletCredentials.id });
    const personal = {
      given_name: data.first_name.trim(),
      family_name: data.last_name.trim(),
      birthdate: data.date_of_birth.slice(0, 10),
      house_number: data.house_number,
      address: data.current_address,
      ...places,
      ticket_number: row.ticketNumber,
    };
    const sdjwt = new SDJwtVcInstance({
      signer: await ES256.getSigner(app.walletKey.privateJwk),
      signAlg: 'ES256',
      hasher: digest,
      hashAlg: 'sha-256',
      saltGenerator: generateSalt,
    });
    const credential = await sdjwt.issue(
      {
        iss: urls.issuer,
        vct: urls.vct,
        iat: Math.floor(now.getTime() / 1000),
        exp: Math.floor(expires.getTime() / 1000),
        cnf: { jwk: cnfJwk },
        status: { status_list: { idx: cred.id, uri: urls.statusList } },
        issuance_date: day(row.certificateIssuedAt ?? now),
        expiry_date: day(expires),
        ...personal,
      },
      { _sd: [...WALLET_CLAIMS] },
      { header: { kid: app.walletKey.kid } },
    );
    return { credentials: [{ credential }] };
  });
}

/**
 * One revocation everywhere: called in the transaction that revokes the certificate. Every wallet
 * credential issued for it gets its status bit set, and offers not redeemed yet are voided.
 */
export async function revokeWalletCredentials(tx: Db, applicationId: number, now: Date): Promise<void> {
  await tx
    .update(walletCredentials)
    .set({ revokedAt: now })
    .where(and(eq(walletCredentials.applicationId, applicationId), isNull(walletCredentials.revokedAt)));
  await tx
    .update(walletOffers)
    .set({ usedAt: now })
    .where(and(eq(walletOffers.applicationId, applicationId), isNull(walletOffers.usedAt)));
}

/** The Token Status List (JWT, one bit per credential: 1 = revoked), signed with the issuer key. */
export async function statusListJwt(app: FastifyInstance): Promise<string> {
  const [{ top }] = await app.db.select({ top: max(walletCredentials.id) }).from(walletCredentials);
  const revoked = await app.db
    .select({ id: walletCredentials.id })
    .from(walletCredentials)
    .where(isNotNull(walletCredentials.revokedAt));
  const size = Math.max(1, Math.ceil(((top ?? 0) + 1) / STATUS_BLOCK)) * STATUS_BLOCK;
  const list = new StatusList(new Array<number>(size).fill(0), 1);
  for (const { id } of revoked) list.setStatus(id, 1);
  const iat = Math.floor(Date.now() / 1000);
  const { header, payload } = createHeaderAndPayload(
    list,
    { iss: app.config.appBaseUrl, sub: walletUrls(app.config.appBaseUrl).statusList, iat, exp: iat + 86_400, ttl: 300 },
    { alg: 'ES256', typ: 'statuslist+jwt', kid: app.walletKey.kid },
  );
  return new SignJWT(payload).setProtectedHeader(header).sign(app.walletKey.privateKey);
}

class Refused extends Error {
  constructor(readonly problem: (typeof PresentationProblem)[keyof typeof PresentationProblem]) {
    super(problem);
  }
}

const sha256 = (text: string) => base64url.encode(crypto.createHash('sha256').update(text, 'ascii').digest());

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64url.decode(part)));
  } catch {
    throw new Refused(PresentationProblem.malformed);
  }
}

/**
 * Rebuilds the disclosed payload (RFC 9901 §7.1): every digest in the payload appears once, every
 * disclosure is referenced exactly once, and a disclosed name never overwrites a plain claim.
 */
function disclose(payload: Record<string, unknown>, disclosures: string[]): Record<string, unknown> {
  const byDigest = new Map<string, unknown[]>();
  for (const d of disclosures) {
    const hash = sha256(d);
    if (byDigest.has(hash)) throw new Refused(PresentationProblem.duplicateDisclosure);
    const decoded = decodeJson(d);
    if (!Array.isArray(decoded) || (decoded.length !== 2 && decoded.length !== 3) || typeof decoded[0] !== 'string')
      throw new Refused(PresentationProblem.malformed);
    byDigest.set(hash, decoded);
  }
  const seen = new Set<string>();
  const used = new Set<string>();
  const reference = (hash: unknown) => {
    if (typeof hash !== 'string') throw new Refused(PresentationProblem.malformed);
    if (seen.has(hash)) throw new Refused(PresentationProblem.duplicateDisclosure);
    seen.add(hash);
    const found = byDigest.get(hash);
    if (found) used.add(hash);
    return found;
  };
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      const out: unknown[] = [];
      for (const item of node) {
        const keys = item && typeof item === 'object' && !Array.isArray(item) ? Object.keys(item) : [];
        if (keys.length === 1 && keys[0] === '...') {
          const found = reference((item as Record<string, unknown>)['...']);
          if (!found) continue;
          if (found.length !== 2) throw new Refused(PresentationProblem.malformed);
          out.push(walk(found[1]));
        } else out.push(walk(item));
      }
      return out;
    }
    if (!node || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(obj)) if (key !== '_sd' && key !== '_sd_alg') out[key] = walk(value);
    if (obj._sd !== undefined) {
      if (!Array.isArray(obj._sd)) throw new Refused(PresentationProblem.malformed);
      for (const hash of obj._sd) {
        const found = reference(hash);
        if (!found) continue;
        if (found.length !== 3 || typeof found[1] !== 'string') throw new Refused(PresentationProblem.malformed);
        const name = found[1];
        if (name === '_sd' || name === '...' || name in out) throw new Refused(PresentationProblem.malformed);
        out[name] = walk(found[2]);
      }
    }
    return out;
  };
  const result = walk(payload) as Record<string, unknown>;
  if (used.size !== byDigest.size) throw new Refused(PresentationProblem.unreferencedDisclosure);
  return result;
}

/** The status bit of a credential in our own published list (its signature checked like a stranger would). */
async function revokedInList(app: FastifyInstance, status: unknown): Promise<boolean> {
  const ref = (status as { status_list?: { idx?: unknown; uri?: unknown } } | undefined)?.status_list;
  if (!ref || typeof ref.idx !== 'number' || ref.uri !== walletUrls(app.config.appBaseUrl).statusList)
    throw new Refused(PresentationProblem.malformed);
  const jwt = await statusListJwt(app);
  await jwtVerify(jwt, app.walletKey.publicKey, { typ: 'statuslist+jwt' }).catch(() => {
    throw new Refused(PresentationProblem.badSignature);
  });
  const list = getListFromStatusListJWT(jwt);
  return ref.idx < list.statusList.length ? list.getStatus(ref.idx) !== 0 : true;
}

/**
 * The public verifier of a pasted SD-JWT VC presentation: our issuer's signature, the disclosures
 * (RFC 9901: each referenced exactly once), the key-binding JWT if any, expiry and the status list.
 * Only the disclosed claims come back.
 */
export async function verifyPresentation(app: FastifyInstance, text: string): Promise<PresentationCheck> {
  try {
    const parts = text.replace(/\s+/g, '').split('~');
    if (parts.length < 2) throw new Refused(PresentationProblem.malformed);
    const [issuerJwt] = parts;
    const kbJwt = parts[parts.length - 1];
    const disclosures = parts.slice(1, -1);
    if (disclosures.some((d) => !/^[A-Za-z0-9_-]+$/.test(d))) throw new Refused(PresentationProblem.malformed);
    let header;
    try {
      header = decodeProtectedHeader(issuerJwt);
    } catch {
      throw new Refused(PresentationProblem.malformed);
    }
    if (header.kid !== app.walletKey.kid || header.alg !== 'ES256')
      throw new Refused(PresentationProblem.unknownIssuer);
    let payload: Record<string, unknown>;
    try {
      const verified = await compactVerify(issuerJwt, app.walletKey.publicKey, { algorithms: ['ES256'] });
      payload = JSON.parse(new TextDecoder().decode(verified.payload)) as Record<string, unknown>;
    } catch {
      throw new Refused(PresentationProblem.badSignature);
    }
    if (payload.iss !== app.config.appBaseUrl || (header.typ !== 'dc+sd-jwt' && header.typ !== 'vc+sd-jwt'))
      throw new Refused(PresentationProblem.unknownIssuer);
    if (payload._sd_alg !== undefined && payload._sd_alg !== 'sha-256')
      throw new Refused(PresentationProblem.malformed);
    const claims = disclose(payload, disclosures);

    let keyBound = false;
    if (kbJwt) {
      const jwk = (payload.cnf as { jwk?: JWK } | undefined)?.jwk;
      if (!jwk) throw new Refused(PresentationProblem.keyBinding);
      try {
        const kbHeader = decodeProtectedHeader(kbJwt);
        const key = await importJWK(jwk, kbHeader.alg);
        const { payload: kb } = await jwtVerify(kbJwt, key, { typ: 'kb+jwt', requiredClaims: ['iat'] });
        if (kb.sd_hash !== sha256(text.replace(/\s+/g, '').slice(0, -kbJwt.length))) throw new Error('sd_hash');
      } catch {
        throw new Refused(PresentationProblem.keyBinding);
      }
      keyBound = true;
    }
    const exp = typeof payload.exp === 'number' ? payload.exp : undefined;
    const iat = typeof payload.iat === 'number' ? payload.iat : undefined;
    const when = {
      key_bound: keyBound,
      ...(iat ? { issued_at: new Date(iat * 1000).toISOString() } : {}),
      ...(exp ? { expires_at: new Date(exp * 1000).toISOString() } : {}),
    };
    if (exp !== undefined && exp * 1000 < Date.now())
      return { status: 'invalid', problem: PresentationProblem.expired, ...when };
    const shown: Record<string, string> = {};
    for (const name of [...WALLET_CLAIMS, 'issuance_date', 'expiry_date'])
      if (typeof claims[name] === 'string') shown[name] = claims[name];
    if (await revokedInList(app, claims.status)) return { status: 'revoked', ...when };
    return { status: 'valid', claims: shown, ...when };
  } catch (err) {
    if (err instanceof Refused) return { status: 'invalid', problem: err.problem };
    throw err;
  }
}
