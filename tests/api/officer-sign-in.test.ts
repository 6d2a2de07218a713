import { eq, sql } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officerEnrolments, officerTotp } from '../../server/db/schema';
import { createEnrolment } from '../../server/services/officer-enrolment';
import { setTotpSecret } from '../../server/services/officer-totp';
import { createAccount, TEST_PASSWORD } from './fixtures';
import { waitForMail } from '../e2e/fixtures/outbox';
import { softPasskey } from './soft-passkey';
import { startTestApp, type TestApp } from './test-app';

/** Officers' second factor (docs/security.md#officer-sign-in): the password alone opens nothing. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const ORIGIN = 'http://app.test';
const QUEUE = '/api/v1/officer/applications';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/officer/${url}`, headers: bearer(token), payload });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** An officer account (no session of its own: the test signs in with the password). */
async function newOfficer() {
  const { user } = await createAccount(t.app, { role: 'officer', officerRole: 'admin' });
  return user;
}

async function passwordStep(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: email, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.access_token;
}

/** A code of the step before or after the current one, which the server's window accepts too. */
const codeAt = (secret: string, offsetSteps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

describe('the password alone', () => {
  it('gives a session that opens no officer or account route, but may log out', async () => {
    const officer = await newOfficer();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: officer.email, password: TEST_PASSWORD },
    });
    expect(login.json().data.second_factor).toEqual({ passkey: false, totp: false });
    const pending = login.json().data.access_token;
    for (const url of [QUEUE, '/api/v1/citizen/user/profile', '/api/v1/notifications/unread-count']) {
      const res = await get(url, pending);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().data.error_code).toBe('second_factor_required');
    }
    expect((await post('totp/setup', pending)).statusCode).toBe(401);
    // Nor can it change the password.
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/v1/citizen/user/update-password',
      headers: bearer(pending),
      payload: { old_password: TEST_PASSWORD, password: 'Champasak2027', password_confirmation: 'Champasak2027' },
    });
    expect(change.statusCode).toBe(401);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(pending) });
    expect(logout.statusCode).toBe(200);
    expect((await post('passkey/options', pending)).statusCode).toBe(401);
  });

  it("citizens' sessions are not held back", async () => {
    const citizen = await createAccount(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: citizen.user.email, password: TEST_PASSWORD },
    });
    expect(login.json().data.second_factor).toBeUndefined();
    expect((await get('/api/v1/citizen/user/profile', login.json().data.access_token)).statusCode).toBe(200);
    expect((await post('passkey/options', login.json().data.access_token)).statusCode).toBe(403);
  });
});

describe('authenticator-app codes', () => {
  it('a right code opens the back office with a new token; the half-way token ends', async () => {
    const officer = await newOfficer();
    const secret = generateSecret();
    await setTotpSecret(t.app.db, t.app.totpKey, officer.id, secret);
    const pending = await passwordStep(officer.email);
    const res = await post('totp/verify', pending, { code: await codeAt(secret, 0) });
    expect(res.statusCode, res.body).toBe(200);
    const full = res.json().data.access_token;
    expect(full).not.toBe(pending);
    expect((await get(QUEUE, full)).statusCode).toBe(200);
    expect((await get(QUEUE, pending)).statusCode).toBe(401);
  });

  it('refuses a wrong code and a code already used, and locks after 5 failures', async () => {
    const officer = await newOfficer();
    const secret = generateSecret();
    await setTotpSecret(t.app.db, t.app.totpKey, officer.id, secret);
    const code = await codeAt(secret, 0);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const first = await passwordStep(officer.email);
    const refused = await post('totp/verify', first, { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.error_code).toBe('totp_invalid');
    expect((await post('totp/verify', first, { code })).statusCode).toBe(200);

    // The same code again, even from a new password step: refused within its window.
    const second = await passwordStep(officer.email);
    const replay = await post('totp/verify', second, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().data.error_code).toBe('totp_reused');
    // So is a code of the step before the one used.
    expect((await post('totp/verify', second, { code: await codeAt(secret, -1) })).json().data.error_code).toBe(
      'totp_reused',
    );
    expect((await get(QUEUE, second)).statusCode).toBe(401);

    // Three failures so far; two more and even the next right code is refused for 15 minutes.
    await post('totp/verify', second, { code: wrong });
    await post('totp/verify', second, { code: wrong });
    const locked = await post('totp/verify', second, { code: await codeAt(secret, 1) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().data.error_code).toBe('account_locked');
  });

  it('refuses a malformed code with a 400, never a 500', async () => {
    const pending = await passwordStep((await newOfficer()).email);
    for (const code of ['12345', 'abcdef', '1234567', '']) {
      const res = await post('totp/verify', pending, { code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().data.error_code).toBe('validation_failed');
    }
  });

  it('stores the secret sealed: the database holds neither the secret nor anything that opens without the key', async () => {
    const officer = await newOfficer();
    const secret = generateSecret();
    await setTotpSecret(t.app.db, t.app.totpKey, officer.id, secret);
    const [row] = await t.app.db.select().from(officerTotp).where(eq(officerTotp.userId, officer.id));
    expect(row.secretSealed).toBeTruthy();
    expect(row.secretSealed).not.toContain(secret);
    expect(Buffer.from(row.secretSealed!, 'base64url').toString('latin1')).not.toContain(secret);
  });

  it('an officer sets up an app from a full session: a code confirms it, then it signs in', async () => {
    const officer = await newOfficer();
    const old = generateSecret();
    await setTotpSecret(t.app.db, t.app.totpKey, officer.id, old);
    const full = (await post('totp/verify', await passwordStep(officer.email), { code: await codeAt(old, 0) })).json()
      .data.access_token;
    // The password again, or no new secret: a session alone does not replace the app.
    expect((await post('totp/setup', full)).statusCode).toBe(400);
    const wrong = await post('totp/setup', full, { current_password: 'Not-the-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.error_code).toBe('x004');
    const setup = await post('totp/setup', full, { current_password: TEST_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json().data;
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect((await post('totp/confirm', full, { code: await codeAt(secret, 1) })).statusCode).toBe(200);
    // The officer hears of it.
    const mail = await waitForMail(t.dataDir, officer.email, 1);
    expect(mail.text).toContain('An authenticator app was added to your account');
    // The new secret replaced the old one.
    const pending = await passwordStep(officer.email);
    expect((await post('totp/verify', pending, { code: await codeAt(old, -1) })).statusCode).toBe(400);
    // The confirming code used up the next step, so this secret's current code is a replay.
    expect((await post('totp/verify', pending, { code: await codeAt(secret, 0) })).json().data.error_code).toBe(
      'totp_reused',
    );
  });
});

describe('passkeys and the enrolment link', () => {
  async function enrol(officerEmail: string, token: string, key = softPasskey(ORIGIN)) {
    const pending = await passwordStep(officerEmail);
    const options = await post('enrol/options', pending, { token });
    return { pending, options, key };
  }

  it('a link enrols a passkey once; the passkey then signs in; the link does not work again', async () => {
    const officer = await newOfficer();
    const { link } = await createEnrolment(t.app.db, officer.id, ORIGIN);
    expect(link).toMatch(/^http:\/\/app\.test\/officer-enrol#[A-Za-z0-9_-]{43}$/);
    const token = link.split('#')[1];

    const { pending, options, key } = await enrol(officer.email, token);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data.rp.id).toBe('app.test');
    const done = await post('enrol/verify', pending, { token, response: key.register(options.json().data) });
    expect(done.statusCode, done.body).toBe(200);
    expect((await get(QUEUE, done.json().data.access_token)).statusCode).toBe(200);

    // Signing in: password, then the passkey.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: officer.email, password: TEST_PASSWORD },
    });
    expect(login.json().data.second_factor).toEqual({ passkey: true, totp: false });
    const half = login.json().data.access_token;
    const challenge = (await post('passkey/options', half)).json().data;
    expect(challenge.allowCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);
    const answer = key.authenticate(challenge);
    const signedIn = await post('passkey/verify', half, { response: answer });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await get(QUEUE, signedIn.json().data.access_token)).statusCode).toBe(200);

    // The same signed answer again (its challenge is used up): refused.
    const half2 = await passwordStep(officer.email);
    await post('passkey/options', half2);
    const replay = await post('passkey/verify', half2, { response: answer });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().data.error_code).toBe('passkey_failed');

    // The link is used up, for another device too.
    const again = await enrol(officer.email, token);
    expect(again.options.statusCode).toBe(400);
    expect(again.options.json().data.error_code).toBe('enrol_link_invalid');
  });

  it('a passkey of another origin or a wrong key is refused; the console stays closed', async () => {
    const officer = await newOfficer();
    const token = (await createEnrolment(t.app.db, officer.id, ORIGIN)).link.split('#')[1];
    const elsewhere = softPasskey('http://phishing.test');
    const { pending, options } = await enrol(officer.email, token);
    const refused = await post('enrol/verify', pending, { token, response: elsewhere.register(options.json().data) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.error_code).toBe('passkey_failed');
    expect((await get(QUEUE, pending)).statusCode).toBe(401);
    // The link was not spent by the failed try.
    const retry = await enrol(officer.email, token);
    expect(retry.options.statusCode).toBe(200);
    const enrolled = await post('enrol/verify', retry.pending, {
      token,
      response: retry.key.register(retry.options.json().data),
    });
    expect(enrolled.statusCode).toBe(200);

    // A stranger's key (not this officer's) cannot answer the sign-in challenge.
    const half = await passwordStep(officer.email);
    const challenge = (await post('passkey/options', half)).json().data;
    const res = await post('passkey/verify', half, { response: softPasskey(ORIGIN).authenticate(challenge) });
    expect(res.statusCode).toBe(400);
    expect((await get(QUEUE, half)).statusCode).toBe(401);
  });

  it('an expired link, another officer’s link, and an answer without options are refused', async () => {
    const officer = await newOfficer();
    const other = await newOfficer();
    const token = (await createEnrolment(t.app.db, officer.id, ORIGIN)).link.split('#')[1];
    const othersToken = (await createEnrolment(t.app.db, other.id, ORIGIN)).link.split('#')[1];

    expect((await enrol(officer.email, othersToken)).options.json().data.error_code).toBe('enrol_link_invalid');

    const pending = await passwordStep(officer.email);
    const noOptions = await post('enrol/verify', pending, {
      token,
      response: softPasskey(ORIGIN).register({ challenge: 'x' }),
    });
    expect(noOptions.json().data.error_code).toBe('passkey_failed');

    await t.app.db
      .update(officerEnrolments)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(officerEnrolments.userId, officer.id));
    expect((await enrol(officer.email, token)).options.json().data.error_code).toBe('enrol_link_invalid');
  });

  it('a citizen cannot enrol, and a malformed token is a 400', async () => {
    const citizen = await createAccount(t.app);
    expect((await post('enrol/options', citizen.token, { token: 'a'.repeat(43) })).statusCode).toBe(403);
    const pending = await passwordStep((await newOfficer()).email);
    const res = await post('enrol/options', pending, { token: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.error_code).toBe('validation_failed');
  });
});
