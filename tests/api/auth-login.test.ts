import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '../../server/db/schema';
import { startTestApp, type TestApp } from './test-app';
import { PASSWORD, post, registerUnverified, registerVerified } from './auth-helpers';
import { LOGIN_LOCK } from '../../server/routes/auth/login';

let t: TestApp;
// A low ceiling per address, so reaching it takes a handful of requests (the default is 300).
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '20' });
});
afterAll(async () => t?.close());

const login = (username: string, password: string, ip?: string) =>
  post(t.app, '/api/v1/auth/login', { username, password }, {}, ip);
const logout = (token: string) => post(t.app, '/api/v1/auth/logout', undefined, { authorization: `Bearer ${token}` });

describe('login', () => {
  it('accepts the email, the phone as typed in any usual form, or the national ID', async () => {
    const { body } = await registerVerified(t.app, t.dataDir);
    const local = body.phone_number.slice(3); // 20xxxxxxxx
    const forms = [
      body.email,
      body.email.toUpperCase(),
      body.phone_number,
      `+${body.phone_number}`,
      `+856 ${local.slice(0, 2)} ${local.slice(2, 6)} ${local.slice(6)}`,
      `0${local}`,
      local,
      body.id_card,
    ];
    for (const username of forms) {
      const res = await login(username, PASSWORD, '10.5.0.1');
      expect(res.statusCode, username).toBe(200);
      expect(res.json().data).toMatchObject({ role: 'citizen' });
      expect(res.json().data.expires_at).toBeGreaterThan(Date.now() + 59 * 60_000);
    }
  });

  it('accepts the passport number of a citizen registered with a passport, in capitals or not', async () => {
    const passport = `P${String(Date.now()).slice(-7)}`;
    await registerVerified(t.app, t.dataDir, { id_card: passport });
    for (const username of [passport, passport.toLowerCase(), ` ${passport} `]) {
      const res = await login(username, PASSWORD, '10.5.0.3');
      expect(res.statusCode, username).toBe(200);
    }
    // Another passport number is no account (x008, as any unknown identity).
    expect((await login(`Q${passport.slice(1)}`, PASSWORD, '10.5.0.3')).statusCode).toBe(404);
  });

  it('answers x008 for an unknown identity, x004 for a wrong password, x009 (with the e-mail) for an unverified account', async () => {
    const unknown = await login('nobody@example.la', PASSWORD, '10.6.0.1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().data.error_code).toBe('x008');
    const { body } = await registerVerified(t.app, t.dataDir);
    const wrong = await login(body.email, 'Wrong-password-1', '10.6.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().data.error_code).toBe('x004');
    const pending = await registerUnverified(t.app, t.dataDir, {}, '10.6.0.2');
    const unverified = await login(pending.body.id_card, PASSWORD, '10.6.0.2');
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().data).toMatchObject({ error_code: 'x009', email: pending.body.email });
    // x009 only with the right password: nobody learns which accounts wait for their code.
    expect((await login(pending.body.email, 'Wrong-password-1', '10.6.0.2')).json().data.error_code).toBe('x004');
  });

  it('locks an account after 10 failures in 15 minutes, whichever identifier was typed; the right password is refused too', async () => {
    const { body } = await registerVerified(t.app, t.dataDir);
    const identifiers = [body.email, body.phone_number, body.id_card];
    for (let i = 0; i < 10; i++) {
      // Spread over IPs so only the account counter can trip.
      expect((await login(identifiers[i % 3]!, 'Wrong-password-1', `10.7.0.${i}`)).statusCode).toBe(401);
    }
    const locked = await login(body.email, PASSWORD, '10.7.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().data.error_code).toBe('account_locked');
    // Fifteen minutes later the account opens again.
    await t.app.db.execute(sql`update auth_events set created_at = created_at - interval '16 minutes'`);
    expect((await login(body.id_card, PASSWORD, '10.7.1.1')).statusCode).toBe(200);
  });

  it('throttles one address after RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS failures in 15 minutes, whatever accounts it tries', async () => {
    const { body } = await registerVerified(t.app, t.dataDir);
    for (let i = 0; i < t.app.config.rateLimits.loginFailuresPerAddress; i++)
      expect((await login(`guess${i}@example.la`, PASSWORD, '10.8.0.1')).statusCode).toBe(404);
    const blocked = await login(body.email, PASSWORD, '10.8.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().data.error_code).toBe('too_many_requests');
    expect(blocked.headers['retry-after']).toBe(String(LOGIN_LOCK.windowMinutes * 60));
    expect((await login(body.email, PASSWORD, '10.8.0.2')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logout revokes the token on the server', async () => {
    const { token } = await registerVerified(t.app, t.dataDir);
    expect((await logout(token)).statusCode).toBe(200);
    const again = await logout(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().data.error_code).toBe('unauthorized');
  });

  it('a token older than 60 minutes is refused with 401 session_expired', async () => {
    const { body, token } = await registerVerified(t.app, t.dataDir);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user!.id));
    const res = await logout(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().data.error_code).toBe('session_expired');
  });

  it('stores only a hash of the token', async () => {
    const { body, token } = await registerVerified(t.app, t.dataDir);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });
});
