import { and, eq, sql } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEvents, mailQueue } from '../../server/db/schema';
import { setTotpSecret } from '../../server/services/officer-totp';
import { SECOND_FACTOR_LOCK } from '../../server/services/second-factor-attempts';
import { createAccount, TEST_PASSWORD } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

/**
 * The officer's second factor cannot be raced (docs/security.md#officer-sign-in): with the password,
 * a burst of simultaneous codes gets no more checks than the lock allows, on PostgreSQL (a pool of
 * connections, truly concurrent) as on the embedded database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_OFFICER_SIGN_IN_PER_HOUR: '1000' });
});
afterAll(async () => t?.close());

const BURST = 300;

async function signedInWithPassword(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: email, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.access_token;
}

const verify = (token: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/officer/totp/verify',
    headers: { authorization: `Bearer ${token}` },
    payload: { code },
  });

/** A six-digit code that is none of the three the server accepts now (one step either side). */
async function wrongCode(secret: string, i: number): Promise<string> {
  const valid = new Set(
    await Promise.all([-1, 0, 1].map((s) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + s * 30 }))),
  );
  for (let n = i; ; n += 7919) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

describe('300 simultaneous wrong codes for one officer', () => {
  it('are checked at most as often as the lock allows; the rest, and then the right code, get 429', async () => {
    const { user } = await createAccount(t.app, { role: 'officer', officerRole: 'admin' });
    const secret = generateSecret();
    await setTotpSecret(t.app.db, t.app.totpKey, user.id, secret);
    const token = await signedInWithPassword(user.email);

    const codes = await Promise.all(Array.from({ length: BURST }, (_, i) => wrongCode(secret, i)));
    const answers = await Promise.all(codes.map((code) => verify(token, code)));
    const checked = answers.filter((r) => r.statusCode === 400);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(checked.length + refused.length, 'every answer is a check or a refusal').toBe(BURST);
    expect(checked.length).toBeLessThanOrEqual(SECOND_FACTOR_LOCK.failures);
    expect(checked.length).toBeGreaterThan(0);
    for (const r of checked) expect(r.json().data.error_code).toBe('totp_invalid');
    for (const r of refused) expect(r.json().data.error_code).toBe('account_locked');
    // One reservation per check, none for the refused.
    const [{ n }] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(authEvents)
      .where(and(eq(authEvents.userId, user.id), eq(authEvents.kind, 'second_factor_failure')));
    expect(n).toBe(checked.length);

    // The right code is refused too, until the lock lapses.
    const right = await verify(token, await generate({ secret }));
    expect(right.statusCode).toBe(429);
    expect(right.json().data.error_code).toBe('account_locked');

    // The officer is told once that someone with their password is trying codes.
    const mails = await t.app.db.select().from(mailQueue).where(eq(mailQueue.kind, 'second_factor_locked'));
    expect(mails.map((m) => m.toAddress)).toEqual([user.email]);

    // 15 minutes later (the failures moved back in time), the right code works.
    await t.app.db
      .update(authEvents)
      .set({ createdAt: sql`${authEvents.createdAt} - interval '16 minutes'` })
      .where(eq(authEvents.userId, user.id));
    const later = await verify(token, await generate({ secret }));
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data.access_token).toBeTruthy();
  });

  it('a success takes its reservation back: four failures and a right code leave four', async () => {
    const { user } = await createAccount(t.app, { role: 'officer', officerRole: 'admin' });
    const secret = generateSecret();
    await setTotpSecret(t.app.db, t.app.totpKey, user.id, secret);
    const token = await signedInWithPassword(user.email);
    for (let i = 0; i < 4; i++) expect((await verify(token, await wrongCode(secret, i))).statusCode).toBe(400);
    expect((await verify(token, await generate({ secret }))).statusCode).toBe(200);
    const [{ n }] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(authEvents)
      .where(and(eq(authEvents.userId, user.id), eq(authEvents.kind, 'second_factor_failure')));
    expect(n).toBe(4);
  });

  it('a half-signed-in session is limited per officer on every second-step route', async () => {
    const limited = await startTestApp({ RATE_LIMIT_OFFICER_SIGN_IN_PER_HOUR: '3' });
    try {
      const { user } = await createAccount(limited.app, { role: 'officer', officerRole: 'admin' });
      const login = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: user.email, password: TEST_PASSWORD },
      });
      const token = login.json().data.access_token;
      const call = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/officer/passkey/options',
          headers: { authorization: `Bearer ${token}` },
        });
      for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
      const over = await call();
      expect(over.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
