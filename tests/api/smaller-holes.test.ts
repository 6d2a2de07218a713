import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig, maskUrl, parseTrustProxy } from '../../server/config';
import { officerCredentials, sessions, users, webauthnChallenges } from '../../server/db/schema';
import { hasSignedIn } from '../../server/services/officers';
import { createSession } from '../../server/services/sessions';
import { backdateAuthEvents, registerUnverified } from './auth-helpers';
import { issuedApplication } from './certificate-fixtures';
import { TEST_PASSWORD, createAccount } from './fixtures';
import { softPasskey } from './soft-passkey';
import { SIGNING_KEY_FILE, keyId } from '../../server/lib/certificate-keys';
import { base64urlDecode } from '../../contract/certificate-statement';
import { startTestApp, type TestApp } from './test-app';

// A small built app of our own, so the page routes exist whether or not the real build does.
await vi.hoisted(async () => {
  const [fs, os, path] = await Promise.all([import('node:fs'), import('node:os'), import('node:path')]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app shell</title><div id="root"></div>');
  process.env.WEB_DIST_DIR = dir;
});

const apps: TestApp[] = [];
const start = async (env: Record<string, string> = {}) => {
  const t = await startTestApp(env);
  apps.push(t);
  return t;
};
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('an early form post is sent back to the same screen of this site, never elsewhere', () => {
  it('answers 303 with a path of this site for every spelling of another host', async () => {
    const t = await start();
    const post = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40b.la&password=x',
      });
    const login = await post('/login?next=//evil.example');
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/login');
    for (const url of [
      '//evil.example',
      '//evil.example/login',
      '/\\evil.example',
      '/\\/evil.example',
      '///evil.example',
    ]) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(303);
      const location = String(res.headers.location);
      expect(location, url).toMatch(/^\/(?![/\\])/);
      // Whatever the browser makes of it, it stays on this site.
      expect(new URL(location, 'https://egov.example.la').host, url).toBe('egov.example.la');
    }
  });
});

describe('TRUST_PROXY', () => {
  const flood = async (app: FastifyInstance, remoteAddress: string, forwardedFor: (i: number) => string) => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (
          await app.inject({
            url: '/api/v1/master-data/location/provinces',
            remoteAddress,
            headers: { 'x-forwarded-for': forwardedFor(i) },
          })
        ).statusCode,
      );
    return codes;
  };

  it('believes X-Forwarded-For only from the listed proxies: a direct client cannot choose its address', async () => {
    const t = await start({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7', RATE_LIMIT_ADDRESS_PER_MINUTE: '2' });
    // Through the proxy, four citizens with four addresses: nobody is limited.
    expect(await flood(t.app, '10.1.2.3', (i) => `198.51.100.${i + 1}`)).toEqual([200, 200, 200, 200]);
    expect(await flood(t.app, '192.0.2.7', (i) => `198.51.101.${i + 1}`)).toEqual([200, 200, 200, 200]);
    // Straight to the server, one client claiming a new address each time: still one address.
    expect(await flood(t.app, '203.0.113.9', (i) => `198.51.102.${i + 1}`)).toEqual([200, 200, 429, 429]);
  });

  it('reads `true` as a proxy on this machine, not as "anyone"', async () => {
    const t = await start({ TRUST_PROXY: 'true', RATE_LIMIT_ADDRESS_PER_MINUTE: '2' });
    expect(await flood(t.app, '127.0.0.1', (i) => `198.51.100.${i + 1}`)).toEqual([200, 200, 200, 200]);
    expect(await flood(t.app, '203.0.113.10', (i) => `198.51.103.${i + 1}`)).toEqual([200, 200, 429, 429]);
  });

  it('with a hop count, believes that many hops and no more', async () => {
    const t = await start({ TRUST_PROXY: '1', RATE_LIMIT_ADDRESS_PER_MINUTE: '2' });
    // The hop next to the proxy is the client; what the client wrote before it is not believed.
    expect(await flood(t.app, '10.9.9.9', (i) => `198.51.104.${i + 1}, 203.0.113.50`)).toEqual([200, 200, 429, 429]);
    expect(await flood(t.app, '10.9.9.9', (i) => `198.51.105.${i + 1}`)).toEqual([200, 200, 200, 200]);
  });

  it('takes a hop count or a list, and refuses anything else at start', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('true')).toEqual(['loopback']);
    expect(parseTrustProxy('10.0.0.1, 2001:db8::/32,loopback')).toEqual(['10.0.0.1', '2001:db8::/32', 'loopback']);
    for (const bad of ['yes', '0', '11', '10.0.0.0/33', 'proxy.example', '10.0.0.1,,nope'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('the certificate signing key from a file outside DATA_DIR', () => {
  it('signs with the key of CERTIFICATE_SIGNING_KEY_FILE and writes no key into DATA_DIR', async () => {
    const secrets = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-secrets-'));
    const file = path.join(secrets, 'signing-key');
    const seed = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, `${seed}\n`, { mode: 0o600 });
    const t = await start({ CERTIFICATE_SIGNING_KEY_FILE: file });
    expect(fs.existsSync(path.join(t.dataDir, SIGNING_KEY_FILE))).toBe(false);
    const keys = (await t.app.inject({ url: '/api/v1/certificate-keys' })).json().data as {
      keys: { kid: string; public_key: string; active: boolean }[];
    };
    const active = keys.keys.find((k) => k.active)!;
    expect(active.kid).toBe(t.app.certificateKeys.active.kid);
    expect(keyId(base64urlDecode(active.public_key)!)).toBe(active.kid);
    const fromSeed = crypto.createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seed, 'base64url')]),
      format: 'der',
      type: 'pkcs8',
    });
    const spki = crypto.createPublicKey(fromSeed).export({ format: 'der', type: 'spki' });
    expect(Buffer.from(active.public_key, 'base64url').equals(spki.subarray(12))).toBe(true);
    fs.rmSync(secrets, { recursive: true, force: true });
  });

  it('refuses to start on a missing or malformed key file, or with both settings', () => {
    expect(() => loadConfig({ CERTIFICATE_SIGNING_KEY_FILE: '/nonexistent/signing-key' })).toThrow(/cannot read/);
    const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rc-secrets-')), 'k');
    fs.writeFileSync(bad, 'not a key');
    expect(() => loadConfig({ CERTIFICATE_SIGNING_KEY_FILE: bad })).toThrow(/32-byte/);
    expect(() =>
      loadConfig({
        CERTIFICATE_SIGNING_KEY_FILE: bad,
        CERTIFICATE_SIGNING_KEY: crypto.randomBytes(32).toString('base64url'),
      }),
    ).toThrow(/not both/);
  });
});

describe('/metrics behind a proxy that sends only X-Real-IP', () => {
  it('asks for the token whatever header the proxy uses', async () => {
    const t = await start({ METRICS_TOKEN: 'metrics-token-for-the-test-0002', METRICS_ALLOW: '127.0.0.1' });
    const metrics = (headers: Record<string, string>) =>
      t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers });
    expect((await metrics({})).statusCode).toBe(200);
    for (const header of ['x-real-ip', 'forwarded', 'x-forwarded-proto', 'cf-connecting-ip'])
      expect((await metrics({ [header]: '203.0.113.5' })).statusCode, header).toBe(403);
    expect(
      (await metrics({ 'x-real-ip': '203.0.113.5', authorization: 'Bearer metrics-token-for-the-test-0002' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('passkey sign-in', () => {
  const ORIGIN = 'http://app.test';
  /** A citizen with a passkey, its public key stored as the registration would. */
  async function citizenKey(t: TestApp) {
    const citizen = await createAccount(t.app);
    const options = await t.app.inject({
      method: 'POST',
      url: '/api/v1/citizen/passkeys/options',
      headers: citizen.headers,
      payload: { current_password: TEST_PASSWORD },
    });
    const key = softPasskey(ORIGIN);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/citizen/passkeys',
      headers: citizen.headers,
      payload: { response: key.register(options.json().data) },
    });
    expect(added.statusCode, added.body).toBe(201);
    return { citizen, key };
  }
  const signInOptions = async (t: TestApp) =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/auth/passkey/options' })).json().data;
  const signIn = (t: TestApp, response: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/passkey/verify', payload: { response } });

  it('an anonymous call for a challenge writes nothing; the challenge still works once', async () => {
    const t = await start();
    const { key } = await citizenKey(t);
    const rows = async () => (await t.app.db.select({ n: count() }).from(webauthnChallenges))[0].n;
    const before = await rows();
    const many = [];
    for (let i = 0; i < 30; i++) many.push(await signInOptions(t));
    expect(await rows()).toBe(before);
    const answer = key.authenticate(many[7]);
    expect((await signIn(t, answer)).statusCode).toBe(200);
    expect((await signIn(t, answer)).statusCode).toBe(401);
    // A challenge of the right shape the server did not sign is refused.
    const forged = Buffer.from(many[8].challenge, 'base64url');
    forged[10] ^= 1;
    expect((await signIn(t, key.authenticate({ challenge: forged.toString('base64url') }))).statusCode).toBe(401);
  });

  it('two answers at once never move the counter back', async () => {
    const t = await start();
    const { citizen, key } = await citizenKey(t);
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await signInOptions(t), await signInOptions(t)];
      const lower = key.authenticate(a);
      const higher = key.authenticate(b);
      const answers = await Promise.all([signIn(t, higher), signIn(t, lower)]);
      const [stored] = await t.app.db
        .select({ counter: officerCredentials.counter })
        .from(officerCredentials)
        .where(eq(officerCredentials.userId, citizen.user.id));
      // Each round signs counters 2r+1 and 2r+2: once the higher was accepted, the stored one never drops below it.
      if (answers[0].statusCode === 200) expect(stored.counter).toBe(2 * round + 2);
      expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('registering again', () => {
  it("keeps the code's lifetime failures: a new registration is no way round the cap", async () => {
    const t = await start();
    const first = await registerUnverified(t.app, t.dataDir);
    await t.app.db.update(users).set({ otpFailures: 100 }).where(eq(users.email, first.body.email));
    await backdateAuthEvents(t.app, 120); // past the wait between two codes
    const again = await registerUnverified(t.app, t.dataDir, { email: first.body.email });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-otp',
      payload: { email: first.body.email, code_otp: again.code },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().data.error_code).toBe('account_locked');
  });
});

describe('connection URLs at start', () => {
  it('never prints the password of a malformed DATABASE_URL or SMTP_URL, nor a ?password=', () => {
    const messageOf = (env: Record<string, string | undefined>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error('expected a refusal');
    };
    for (const env of [
      { DATABASE_URL: 'postgres//admin:S3cretPw@db.example/rc' },
      { DATABASE_URL: 'mysql://admin:S3cretPw@db.example/rc' },
      { SMTP_URL: 'smtp:/mailer:S3cretPw@mail.example' },
      { SMTP_URL: 'mail.example?password=S3cretPw' },
    ]) {
      const message = messageOf(env);
      expect(message, JSON.stringify(env)).toMatch(/DATABASE_URL|SMTP_URL/);
      expect(message, JSON.stringify(env)).not.toContain('S3cretPw');
    }
    expect(maskUrl('smtps://mail.example:465?password=S3cretPw&pool=true')).not.toContain('S3cretPw');
    expect(maskUrl('postgres://rc:S3cretPw@db.example/rc?sslpassword=S3cretPw')).not.toContain('S3cretPw');
  });
});

describe('the certificate and a cashier', () => {
  it('a cashier cannot download the certificate; the owner and an issuer can', async () => {
    const t = await start();
    const { citizen, id } = await issuedApplication(t.app);
    const download = (headers: Record<string, string>) =>
      t.app.inject({ url: `/api/v1/citizen/resident-certificate/${id}/download-2`, headers });
    const cashier = await createAccount(t.app, { role: 'officer', officerRole: 'cashier', officeLevel: 'national' });
    const refused = await download(cashier.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.error_code).toBe('forbidden');
    const issuer = await createAccount(t.app, { role: 'officer', officerRole: 'issuer', officeLevel: 'national' });
    expect((await download(issuer.headers)).statusCode).toBe(200);
    expect((await download(citizen.headers)).statusCode).toBe(200);
  });
});

describe('officers without an office', () => {
  it('are managed by a national admin only: a district admin cannot claim one, an admin least of all', async () => {
    const t = await start();
    const districtAdmin = await createAccount(t.app, {
      role: 'officer',
      officerRole: 'admin',
      officeLevel: 'district',
      officeProvinceId: 1,
      officeDistrictId: 1,
    });
    const national = await createAccount(t.app, { role: 'officer', officerRole: 'admin', officeLevel: 'national' });
    const unassigned = await createAccount(t.app, { role: 'officer', officerRole: 'admin' });
    const list = async (headers: Record<string, string>) =>
      ((await t.app.inject({ url: '/api/v1/officer/accounts', headers })).json().data as { id: number }[]).map(
        (a) => a.id,
      );
    expect(await list(districtAdmin.headers)).not.toContain(unassigned.user.id);
    const claim = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/officer/accounts/${unassigned.user.id}/office`,
        headers,
        payload: { level: 'district', district_id: 1 },
      });
    expect((await claim(districtAdmin.headers)).statusCode).toBe(404);
    const [still] = await t.app.db.select().from(users).where(eq(users.id, unassigned.user.id));
    expect(still.officeLevel).toBeNull();
    expect(await list(national.headers)).toContain(unassigned.user.id);
    expect((await claim(national.headers)).statusCode).toBe(200);
  });
});

describe('the bootstrap officer', () => {
  it('warns at each start, once the officer has signed in, that the settings still hold its secrets', async () => {
    const env = {
      BOOTSTRAP_OFFICER_EMAIL: 'bootstrap.warned@moha.gov.la',
      BOOTSTRAP_OFFICER_PASSWORD: 'Vientiane2026',
    };
    const first = await startTestApp(env);
    const pglite = !first.databaseUrl;
    // Another start on the same data (PGlite: after the one before stopped; PostgreSQL: another instance).
    const restart = async () => {
      const lines: string[] = [];
      const logStream = new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      });
      const dataDir = pglite ? first.dataDir : fs.mkdtempSync(path.join(os.tmpdir(), 'rc-test-'));
      const app = await buildApp(
        loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          APP_BASE_URL: 'http://app.test',
          JOBS_INTERVAL_SECONDS: '0',
          LOG_LEVEL: 'warn',
          ...(first.databaseUrl ? { DATABASE_URL: first.databaseUrl } : {}),
          ...env,
        }),
        { logStream },
      );
      await app.ready();
      return { app, lines, warned: () => lines.some((l) => l.includes('bootstrap officer has signed in')) };
    };
    try {
      if (pglite) await first.app.close();
      const before = await restart();
      expect(before.warned()).toBe(false);
      const [officer] = await before.app.db.select().from(users).where(eq(users.email, env.BOOTSTRAP_OFFICER_EMAIL));
      await createSession(before.app.db, officer.id, new Date(), { secondFactor: true });
      await before.app.close();
      const after = await restart();
      await after.app.close();
      expect(after.warned()).toBe(true);
      expect(after.lines.join('\n')).not.toContain(env.BOOTSTRAP_OFFICER_PASSWORD);
    } finally {
      if (pglite) fs.rmSync(first.dataDir, { recursive: true, force: true });
      else await first.close();
    }
  });

  it('is known to have signed in once a session passed the second step (each start then warns)', async () => {
    const t = await start();
    const officer = await createAccount(t.app, { role: 'citizen' });
    await t.app.db.update(users).set({ role: 'officer', officerRole: 'admin' }).where(eq(users.id, officer.user.id));
    await t.app.db.delete(sessions).where(eq(sessions.userId, officer.user.id));
    expect(await hasSignedIn(t.app.db, officer.user.email)).toBe(false);
    await createSession(t.app.db, officer.user.id, new Date(), { secondFactor: false });
    expect(await hasSignedIn(t.app.db, officer.user.email)).toBe(false);
    await createSession(t.app.db, officer.user.id, new Date(), { secondFactor: true });
    expect(await hasSignedIn(t.app.db, officer.user.email.toUpperCase())).toBe(true);
  });
});
