import { somePlace, applicationBody } from './application-fixtures';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Status } from '../../contract/status';
import { applications, pickupSlots, statusHistory } from '../../server/db/schema';
import { rejectOverdueApplications } from '../../server/services/payments';
import { PASSWORD, post, registerVerified } from './auth-helpers';
import { BASE, issueCertificate, newApplication } from './certificate-fixtures';
import { createAccount } from './fixtures';
import { openDay } from './pickup-days';
import { startSecondInstance, startTestApp, type TestApp } from './test-app';

/**
 * Several instances (issue: hardening): two server instances on one PostgreSQL database, each with
 * its own pool and DATA_DIR as on two machines, and one citizen's calls sent alternately to both.
 * PostgreSQL only (CI's PostgreSQL run); the shared rate-limit counters are in rate-limits.test.ts.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  const secret = 'shared-bank-secret-of-at-least-32-characters';
  beforeAll(async () => {
    // What every instance must share (docs/operations.md#several-instances): the bank's secret and
    // the key of the stored hashes, or one Idempotency-Key would read as two requests.
    const shared = { BANK_CALLBACK_SECRET: secret, HASH_SECRET: 'shared-hash-secret-of-at-least-32-characters' };
    a = await startTestApp(shared);
    b = await startSecondInstance(a, shared);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const either = (i: number) => (i % 2 ? b.app : a.app);

  it('a session opened on one is honoured, and ended, on the other', async () => {
    const { body } = await registerVerified(a.app, a.dataDir);
    const login = await post(b.app, '/api/v1/auth/login', { username: body.email, password: PASSWORD });
    const headers = { authorization: `Bearer ${login.json().data.access_token}` };
    expect((await a.app.inject({ url: '/api/v1/citizen/user/profile', headers })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers })).statusCode).toBe(200);
    expect((await a.app.inject({ url: '/api/v1/citizen/user/profile', headers })).statusCode).toBe(401);
  });

  it('one Idempotency-Key sent to both, at once and again, makes one application', async () => {
    const citizen = await createAccount(a.app);
    const payload = await applicationBody(a.app);
    const headers = { ...citizen.headers, 'idempotency-key': 'two-instances-0001' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        either(i).inject({ method: 'POST', url: `${BASE}/create-new`, headers, payload }),
      ),
    );
    for (const r of answers) expect([201, 409]).toContain(r.statusCode);
    const replay = await b.app.inject({ method: 'POST', url: `${BASE}/create-new`, headers, payload });
    expect(replay.statusCode).toBe(201);
    expect(await a.app.db.select().from(applications).where(eq(applications.userId, citizen.user.id))).toHaveLength(1);
  });

  it('login failures counted on both lock the account on both', async () => {
    const { body } = await registerVerified(a.app, a.dataDir);
    for (let i = 0; i < 10; i++)
      expect(
        (
          await post(
            either(i),
            '/api/v1/auth/login',
            { username: body.email, password: 'Wrong-password-1' },
            {},
            `10.50.0.${i}`,
          )
        ).statusCode,
      ).toBe(401);
    for (const app of [a.app, b.app])
      expect(
        (await post(app, '/api/v1/auth/login', { username: body.email, password: PASSWORD })).json().data.error_code,
      ).toBe('account_locked');
  });

  it('a code resend on one is limited on the other', async () => {
    const { registerUnverified } = await import('./auth-helpers');
    const { body } = await registerUnverified(a.app, a.dataDir);
    // Registration's own code was sent moments ago from A: B refuses a resend inside 30 s.
    expect((await post(b.app, '/api/v1/auth/resend-otp', { email: body.email })).statusCode).toBe(429);
  });

  it('the last place of a slot, asked on both at once, is booked once', async () => {
    const date = openDay(4);
    const time = '08:30 AM';
    const office = (await somePlace(a.app)).district.id;
    await a.app.db
      .insert(pickupSlots)
      .values({ districtId: office, date, time, booked: a.app.config.pickup.capacity - 1 });
    const citizens = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const x = await newApplication(a.app);
        await issueCertificate(a.app, x);
        return x;
      }),
    );
    const answers = await Promise.all(
      citizens.map((c, i) =>
        either(i).inject({
          method: 'POST',
          url: `${BASE}/${c.id}/set-pickup-date`,
          headers: c.citizen.headers,
          payload: { date, time },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [slot] = await a.app.db
      .select()
      .from(pickupSlots)
      .where(and(eq(pickupSlots.date, date), eq(pickupSlots.time, time)));
    expect(slot.booked).toBe(a.app.config.pickup.capacity);
  });

  it('the expiry job running on both at once rejects an overdue application once', async () => {
    const { id } = await newApplication(b.app);
    await a.app.db
      .update(applications)
      .set({ deadline: sql`now() - interval '1 minute'` })
      .where(eq(applications.id, id));
    const [n1, n2] = await Promise.all([rejectOverdueApplications(a.app), rejectOverdueApplications(b.app)]);
    expect(n1 + n2).toBeGreaterThanOrEqual(1);
    const [row] = await b.app.db.select().from(applications).where(eq(applications.id, id));
    expect(row.status).toBe(Status.rejected);
    expect(
      (await a.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id))).filter(
        (h) => h.toStatus === Status.rejected,
      ),
    ).toHaveLength(1);
  });
});
