import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { saveCredential } from '../../server/services/passkeys';
import { TEST_PASSWORD, createAccount } from './fixtures';
import { mailsTo, resetLinkOf, waitForMail } from '../e2e/fixtures/outbox';
import { softPasskey } from './soft-passkey';
import { startTestApp, type TestApp } from './test-app';

/**
 * A citizen may add a passkey and sign in with it instead of the password (docs/security.md#1-who-can-sign-in):
 * usernameless, over a challenge the server handed out for it, once, with a counter that only grows.
 */
let t: TestApp;
const FAILURES_PER_ADDRESS = 6;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: String(FAILURES_PER_ADDRESS) });
});
afterAll(async () => t?.close());

const ORIGIN = 'http://app.test';
let address = 0;
/** Each test from an address of its own, so the per-address ceiling is met only where it is tested. */
const nextAddress = () => `10.61.0.${++address}`;

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  opts: { token?: string; body?: object; ip?: string } = {},
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    remoteAddress: opts.ip ?? '10.60.0.1',
    ...(opts.body ? { payload: opts.body } : {}),
  });

/** A citizen with a passkey added from their account. */
async function citizenWithPasskey() {
  const citizen = await createAccount(t.app);
  const key = softPasskey(ORIGIN);
  const options = await call('POST', '/v1/citizen/passkeys/options', {
    token: citizen.token,
    body: { current_password: TEST_PASSWORD },
  });
  expect(options.statusCode, options.body).toBe(200);
  expect(options.json().data.authenticatorSelection).toMatchObject({ residentKey: 'required' });
  const added = await call('POST', '/v1/citizen/passkeys', {
    token: citizen.token,
    body: { response: key.register(options.json().data) },
  });
  expect(added.statusCode, added.body).toBe(201);
  expect(added.json().data).toHaveLength(1);
  return { ...citizen, key };
}

const signInOptions = async (ip: string) => (await call('POST', '/v1/auth/passkey/options', { ip })).json().data;
const signIn = (response: object, ip: string) => call('POST', '/v1/auth/passkey/verify', { body: { response }, ip });

describe('a citizen passkey', () => {
  it('signs in without the password, and the session opens the account', async () => {
    const { user, key } = await citizenWithPasskey();
    const ip = nextAddress();
    const options = await signInOptions(ip);
    // No account is named: the device offers the passkey it holds.
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await signIn(key.authenticate(options), ip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.role).toBe('citizen');
    const profile = await call('GET', '/v1/citizen/user/profile', { token: res.json().data.access_token });
    expect(profile.json().data.email).toBe(user.email);
    const listed = await call('GET', '/v1/citizen/passkeys', { token: res.json().data.access_token });
    expect(listed.json().data[0].last_used_at).not.toBeNull();
  });

  it('a challenge works once, and one the server did not hand out not at all', async () => {
    const { key } = await citizenWithPasskey();
    const ip = nextAddress();
    const answer = key.authenticate(await signInOptions(ip));
    expect((await signIn(answer, ip)).statusCode).toBe(200);
    const replay = await signIn(answer, ip);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().data.error_code).toBe('passkey_failed');
    const forged = await signIn(key.authenticate({ challenge: 'bm90LWZyb20tdGhlLXNlcnZlcg' }), ip);
    expect(forged.statusCode).toBe(401);
  });

  it('an answer whose signature counter goes back (a cloned key) is refused', async () => {
    const { key } = await citizenWithPasskey();
    const ip = nextAddress();
    const first = await signInOptions(ip);
    const second = await signInOptions(ip);
    const older = key.authenticate(first); // counter 1
    const newer = key.authenticate(second); // counter 2
    expect((await signIn(newer, ip)).statusCode).toBe(200);
    expect((await signIn(older, ip)).statusCode).toBe(401);
  });

  it('is listed and removed by its owner only; a removed passkey signs in no more', async () => {
    const { token, key } = await citizenWithPasskey();
    const other = await createAccount(t.app);
    const [mine] = (await call('GET', '/v1/citizen/passkeys', { token })).json().data;
    expect((await call('GET', '/v1/citizen/passkeys', { token: other.token })).json().data).toEqual([]);
    const proof = { current_password: TEST_PASSWORD };
    expect(
      (await call('DELETE', `/v1/citizen/passkeys/${mine.id}`, { token: other.token, body: proof })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/v1/citizen/passkeys/${mine.id}`, { token, body: proof })).statusCode).toBe(200);
    expect((await call('GET', '/v1/citizen/passkeys', { token })).json().data).toEqual([]);
    const ip = nextAddress();
    expect((await signIn(key.authenticate(await signInOptions(ip)), ip)).statusCode).toBe(401);
  });

  it('never opens an officer account without the password: officers keep their second step', async () => {
    const officer = await createAccount(t.app, { role: 'officer', officerRole: 'admin' });
    expect((await call('GET', '/v1/citizen/passkeys', { token: officer.token })).statusCode).toBe(403);
    const key = softPasskey(ORIGIN);
    const ip = nextAddress();
    // The officer's own passkey, enrolled the officers' way.
    const created = key.register({ challenge: 'x' });
    const { isoCBOR } = await import('@simplewebauthn/server/helpers');
    const attestation = isoCBOR.decodeFirst<Map<string, Uint8Array>>(
      Buffer.from(created.response.attestationObject, 'base64url'),
    );
    const authData = attestation.get('authData')!;
    const cose = authData.slice(37 + 16 + 2 + 16);
    await saveCredential(t.app.db, officer.user.id, { id: key.id, publicKey: cose, counter: 0 });
    const res = await signIn(key.authenticate(await signInOptions(ip)), ip);
    expect(res.statusCode).toBe(401);
    // The same passkey on a citizen's account signs in: the role alone refused it above.
    await t.app.db.update(users).set({ role: 'citizen' }).where(eq(users.id, officer.user.id));
    expect((await signIn(key.authenticate(await signInOptions(ip)), ip)).statusCode).toBe(200);
  });

  it('is counted like password logins: one address is stopped after the ceiling of failures', async () => {
    const { key } = await citizenWithPasskey();
    const ip = nextAddress();
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      expect((await signIn(key.authenticate({ challenge: `Zm9yZ2VkLSR7aX0${i}` }), ip)).statusCode).toBe(401);
    const blocked = await call('POST', '/v1/auth/passkey/options', { ip });
    expect(blocked.statusCode).toBe(429);
    expect((await signIn(key.authenticate(await signInOptions(nextAddress())), ip)).statusCode).toBe(429);
  });
});

describe('a passkey changes only with the password', () => {
  it('is not added without the password, nor with a wrong one; no challenge is handed out', async () => {
    const citizen = await createAccount(t.app);
    const missing = await call('POST', '/v1/citizen/passkeys/options', { token: citizen.token, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields).toEqual({ current_password: 'required' });
    const wrong = await call('POST', '/v1/citizen/passkeys/options', {
      token: citizen.token,
      body: { current_password: 'Not-the-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.error_code).toBe('x004');
    expect(wrong.json().data.fields).toEqual({ current_password: 'x004' });
    expect(wrong.json().data).not.toHaveProperty('challenge');
    // Without a challenge of its own, an answer is not taken.
    const key = softPasskey(ORIGIN);
    const added = await call('POST', '/v1/citizen/passkeys', {
      token: citizen.token,
      body: { response: key.register({ challenge: 'bm90LWZyb20tdGhlLXNlcnZlcg' }) },
    });
    expect(added.statusCode).toBe(400);
    expect((await call('GET', '/v1/citizen/passkeys', { token: citizen.token })).json().data).toEqual([]);
  });

  it('is not removed without the password', async () => {
    const { token } = await citizenWithPasskey();
    const [mine] = (await call('GET', '/v1/citizen/passkeys', { token })).json().data;
    expect((await call('DELETE', `/v1/citizen/passkeys/${mine.id}`, { token })).statusCode).toBe(400);
    const wrong = await call('DELETE', `/v1/citizen/passkeys/${mine.id}`, {
      token,
      body: { current_password: 'Not-the-password-1' },
    });
    expect(wrong.json().data.error_code).toBe('x004');
    expect((await call('GET', '/v1/citizen/passkeys', { token })).json().data).toHaveLength(1);
  });

  it('mails the owner when one is added', async () => {
    const { user } = await citizenWithPasskey();
    const mail = await waitForMail(t.dataDir, user.email, 1);
    expect(mail.subject).toContain('A new way to log in to your account');
    expect(mail.text).toContain('A passkey was added to your account');
  });

  it('a password reset removes the passkeys and the other sessions, and the mail says so', async () => {
    const { user, token, key } = await citizenWithPasskey();
    const before = mailsTo(t.dataDir, user.email).length;
    expect((await call('POST', '/v1/auth/forgot-password', { body: { email: user.email } })).statusCode).toBe(200);
    const mail = await waitForMail(t.dataDir, user.email, before + 1);
    expect(mail.text).toContain('the passkeys of your account are removed');
    const link = resetLinkOf(mail);
    const done = await call('POST', '/v1/auth/reset-password', {
      body: { payload: link.payload, password: 'Savannakhet2027', password_confirmation: 'Savannakhet2027' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call('GET', '/v1/citizen/passkeys', { token })).statusCode).toBe(401);
    const ip = nextAddress();
    expect((await signIn(key.authenticate(await signInOptions(ip)), ip)).statusCode).toBe(401);
  });
});
