import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { otpCodes, users } from '../../server/db/schema';
import { otpOf, waitForMail } from '../e2e/fixtures/outbox';
import { startTestApp, type TestApp } from './test-app';
import { backdateAuthEvents, post, registerUnverified, wrongCode } from './auth-helpers';

let t: TestApp;
// A low ceiling of resends per address, so reaching it takes a few requests (the default is 300).
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_OTP_RESENDS_PER_ADDRESS: '2' });
});
afterAll(async () => t?.close());

const verify = (email: string, code: string, ip?: string) =>
  post(t.app, '/api/v1/auth/verify-otp', { email, code_otp: code }, {}, ip);
const resend = (email: string, ip?: string) => post(t.app, '/api/v1/auth/resend-otp', { email }, {}, ip);

describe('verify-otp', () => {
  it('answers data.access_token for the right code, once', async () => {
    const { body, code } = await registerUnverified(t.app, t.dataDir);
    const ok = await verify(body.email, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ok.json().data.expires_at).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect((await verify(body.email, code)).statusCode).toBe(400);
  });

  it('voids a code after 5 wrong tries: the right one then fails too', async () => {
    const { body, code } = await registerUnverified(t.app, t.dataDir, {}, '10.1.0.1');
    for (let i = 0; i < 5; i++) {
      const wrong = await verify(body.email, wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().data.error_code).toBe('otp_invalid');
    }
    const right = await verify(body.email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().data.error_code).toBe('otp_expired');
  });

  it('refuses a code older than 10 minutes', async () => {
    const { body, code } = await registerUnverified(t.app, t.dataDir, {}, '10.1.0.2');
    const [user] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    await t.app.db
      .update(otpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otpCodes.userId, user!.id));
    expect((await verify(body.email, code)).json().data.error_code).toBe('otp_expired');
  });

  it('locks the account after 100 wrong codes in total, even for the right code', async () => {
    const { body, code } = await registerUnverified(t.app, t.dataDir, {}, '10.1.0.3');
    await t.app.db.update(users).set({ otpFailures: 99 }).where(eq(users.email, body.email));
    expect((await verify(body.email, wrongCode(code))).json().data.error_code).toBe('otp_invalid');
    const locked = await verify(body.email, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().data.error_code).toBe('account_locked');
  });
});

describe('resend-otp', () => {
  it('refuses a resend inside 30 s (429), then sends a new code that voids the old one', async () => {
    const { body, code } = await registerUnverified(t.app, t.dataDir, {}, '10.2.0.1');
    const early = await resend(body.email, '10.2.0.1');
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('30');
    await backdateAuthEvents(t.app, 31);
    const later = await resend(body.email, '10.2.0.1');
    expect(later.statusCode).toBe(200);
    expect(later.json().data).toMatchObject({ email: body.email, resend_after_seconds: 30, valid_minutes: 10 });
    let fresh = otpOf(await waitForMail(t.dataDir, body.email, 2));
    // One new code in 10,000 equals the old one: ask again, so the old code is always tried.
    for (let mails = 3; fresh === code; mails++) {
      await backdateAuthEvents(t.app, 31);
      expect((await resend(body.email, '10.2.0.1')).statusCode).toBe(200);
      fresh = otpOf(await waitForMail(t.dataDir, body.email, mails));
    }
    expect((await verify(body.email, code)).json().data.error_code).toBe('otp_invalid');
    expect((await verify(body.email, fresh)).statusCode).toBe(200);
  });

  it('sends at most 5 codes per hour to one account', async () => {
    const { body } = await registerUnverified(t.app, t.dataDir, {}, '10.2.0.2');
    // The code of registration is the first of the hour; four resends may follow, from any IP.
    for (let i = 0; i < 4; i++) {
      await backdateAuthEvents(t.app, 31);
      expect((await resend(body.email, `10.2.1.${i}`)).statusCode).toBe(200);
    }
    await backdateAuthEvents(t.app, 31);
    expect((await resend(body.email, '10.2.1.9')).statusCode).toBe(429);
  });

  it('limits resends per address by an hourly ceiling across accounts, never making neighbours wait for each other', async () => {
    const [a, b, c] = [
      await registerUnverified(t.app, t.dataDir, {}, '10.3.0.1'),
      await registerUnverified(t.app, t.dataDir, {}, '10.3.0.2'),
      await registerUnverified(t.app, t.dataDir, {}, '10.3.0.3'),
    ];
    await backdateAuthEvents(t.app, 31);
    // Two neighbours behind one carrier address, one right after the other.
    expect((await resend(a.body.email, '10.3.9.9')).statusCode).toBe(200);
    expect((await resend(b.body.email, '10.3.9.9')).statusCode).toBe(200);
    // The ceiling (RATE_LIMIT_OTP_RESENDS_PER_ADDRESS = 2 here) is reached; another address is not affected.
    const refused = await resend(c.body.email, '10.3.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect((await resend(c.body.email, '10.3.9.8')).statusCode).toBe(200);
  });

  it('does not send codes to verified or unknown accounts', async () => {
    const { body, code } = await registerUnverified(t.app, t.dataDir, {}, '10.4.0.1');
    await verify(body.email, code);
    await backdateAuthEvents(t.app, 31);
    expect((await resend(body.email, '10.4.0.1')).json().data.error_code).toBe('x008');
    expect((await resend('nobody@example.la', '10.4.0.2')).statusCode).toBe(404);
  });
});
