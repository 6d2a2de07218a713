import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { passwordResets, users } from '../../server/db/schema';
import { mailsTo, resetLinkOf, waitForMail } from '../e2e/fixtures/outbox';
import { startTestApp, type TestApp } from './test-app';
import { PASSWORD, post, registerVerified } from './auth-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const NEW_PASSWORD = 'Savannakhet2027';
const forgot = (email: string, ip = '10.9.0.1', headers: Record<string, string> = {}) =>
  post(t.app, '/api/v1/auth/forgot-password', { email }, headers, ip);
const reset = (payload: string, password = NEW_PASSWORD, confirmation = password) =>
  post(t.app, '/api/v1/auth/reset-password', { payload, password, password_confirmation: confirmation });
const login = (username: string, password: string) =>
  post(t.app, '/api/v1/auth/login', { username, password }, {}, '10.9.9.9');

async function requestLink(email: string, ip?: string) {
  const before = mailsTo(t.dataDir, email).length;
  expect((await forgot(email, ip, { host: 'evil.example' })).statusCode).toBe(200);
  return resetLinkOf(await waitForMail(t.dataDir, email, before + 1));
}

describe('forgot-password', () => {
  it('answers the same, in body and status, whether or not the e-mail exists', async () => {
    const { body } = await registerVerified(t.app, t.dataDir);
    const known = await forgot(body.email);
    const unknown = await forgot('nobody.here@example.la');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await waitForMail(t.dataDir, body.email, 2);
    expect(mailsTo(t.dataDir, 'nobody.here@example.la')).toHaveLength(0);
  });

  it('mails a bilingual link built from APP_BASE_URL (never the Host header), with at least 128 random bits, stored hashed', async () => {
    const { body } = await registerVerified(t.app, t.dataDir);
    const link = await requestLink(body.email, '10.9.1.1');
    expect(link.url.startsWith('http://app.test/reset-password?payload=')).toBe(true);
    expect(Buffer.from(link.payload, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const mail = mailsTo(t.dataDir, body.email).at(-1)!;
    expect(mail.text).toContain('Reset your password');
    expect(mail.text).toContain('ຕັ້ງລະຫັດຜ່ານໃໝ່');
    const rows = await t.app.db.select().from(passwordResets);
    expect(rows.map((r) => r.tokenHash)).not.toContain(link.payload);
    const row = rows.at(-1)!;
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 60_000);
  });
});

describe('reset-password', () => {
  it('sets the new password, ends every session, and works only once', async () => {
    const { body, token } = await registerVerified(t.app, t.dataDir);
    const link = await requestLink(body.email, '10.9.2.1');
    const done = await reset(link.payload);
    expect(done.statusCode).toBe(200);
    const revoked = await post(t.app, '/api/v1/auth/logout', undefined, { authorization: `Bearer ${token}` });
    expect(revoked.statusCode).toBe(401);
    expect((await login(body.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(body.email, NEW_PASSWORD)).statusCode).toBe(200);
    const reused = await reset(link.payload, 'Another2028Pass');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().data.error_code).toBe('reset_link_invalid');
  });

  it('refuses an expired link, a replaced link, a common password and a mismatched confirmation', async () => {
    const { body } = await registerVerified(t.app, t.dataDir);
    const first = await requestLink(body.email, '10.9.3.1');
    expect((await reset(first.payload, 'Password1')).json().data.fields).toEqual({ password: 'password_common' });
    expect((await reset(first.payload, NEW_PASSWORD, 'Different2027')).json().data.fields).toEqual({
      password_confirmation: 'password_mismatch',
    });
    await t.app.db.execute(sql`update auth_events set created_at = created_at - interval '1 minute'`);
    const second = await requestLink(body.email, '10.9.3.2');
    expect((await reset(first.payload)).json().data.error_code).toBe('reset_link_invalid');
    const [user] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    await t.app.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, user!.id));
    expect((await reset(second.payload)).json().data.error_code).toBe('reset_link_invalid');
  });

  it('lifts a login lock: proving the e-mail is enough', async () => {
    const { body } = await registerVerified(t.app, t.dataDir);
    for (let i = 0; i < 10; i++)
      await post(
        t.app,
        '/api/v1/auth/login',
        { username: body.email, password: 'Wrong-password-1' },
        {},
        `10.9.4.${i}`,
      );
    expect((await login(body.email, PASSWORD)).json().data.error_code).toBe('account_locked');
    const link = await requestLink(body.email, '10.9.4.99');
    expect((await reset(link.payload)).statusCode).toBe(200);
    expect((await login(body.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
