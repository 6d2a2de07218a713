import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, idempotencyKeys } from '../../server/db/schema';
import {
  IDEMPOTENCY_RETENTION_DAYS,
  purgeIdempotencyKeys,
  requestFingerprint,
} from '../../server/services/idempotency';
import { applicationBody, dataUrl, png } from './application-fixtures';
import { createAccount } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const CREATE = '/api/v1/citizen/resident-certificate/create-new';
const create = (headers: Record<string, string>, key: string | null, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: CREATE,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });

async function applicationsOf(userId: number) {
  const [row] = await t.app.db.select({ n: count() }).from(applications).where(eq(applications.userId, userId));
  return row.n;
}

describe('Idempotency-Key on create-new', () => {
  it('the same key and body twice create one application and answer the first answer again', async () => {
    const citizen = await createAccount(t.app);
    const body = await applicationBody(t.app);
    const first = await create(citizen.headers, 'key-same-body-0001', body);
    expect(first.statusCode).toBe(201);
    const second = await create(citizen.headers, 'key-same-body-0001', body);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await applicationsOf(citizen.user.id)).toBe(1);
  });

  it('the same key with another body is refused with 422 and creates nothing', async () => {
    const citizen = await createAccount(t.app);
    const body = await applicationBody(t.app);
    expect((await create(citizen.headers, 'key-other-body-001', body)).statusCode).toBe(201);
    const other = await create(citizen.headers, 'key-other-body-001', { ...body, reason: 'Another reason' });
    expect(other.statusCode).toBe(422);
    expect(other.json().data.error_code).toBe('idempotency_key_reused');
    expect(await applicationsOf(citizen.user.id)).toBe(1);
  });

  it('a request still running with that key gets 409', async () => {
    const citizen = await createAccount(t.app);
    const body = await applicationBody(t.app);
    // What the first, still-running request has claimed: same user, key, route and body.
    await t.app.db.insert(idempotencyKeys).values({
      userId: citizen.user.id,
      key: 'key-in-progress-01',
      route: `POST ${CREATE}`,
      requestHash: requestFingerprint(t.app.hashKey, 'POST', CREATE, body),
    });
    const res = await create(citizen.headers, 'key-in-progress-01', body);
    expect(res.statusCode).toBe(409);
    expect(res.json().data.error_code).toBe('idempotency_in_progress');
    expect(await applicationsOf(citizen.user.id)).toBe(0);
  });

  it('two copies sent at once create one application', async () => {
    const citizen = await createAccount(t.app);
    const body = await applicationBody(t.app);
    const answers = await Promise.all([
      create(citizen.headers, 'key-concurrent-001', body),
      create(citizen.headers, 'key-concurrent-001', body),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect([201, 409]).toContain(codes[1]);
    expect(await applicationsOf(citizen.user.id)).toBe(1);
  });

  it('a claim abandoned by a crashed request is taken over by the retry', async () => {
    const citizen = await createAccount(t.app);
    const body = await applicationBody(t.app);
    // Claimed (database clock, as a real claim) by a process that died an hour ago, never finished.
    await t.app.db.insert(idempotencyKeys).values({
      userId: citizen.user.id,
      key: 'key-abandoned-0001',
      route: `POST ${CREATE}`,
      requestHash: requestFingerprint(t.app.hashKey, 'POST', CREATE, body),
    });
    await t.app.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '1 hour' where key = 'key-abandoned-0001'`,
    );
    const res = await create(citizen.headers, 'key-abandoned-0001', body);
    expect(res.statusCode).toBe(201);
    expect(await applicationsOf(citizen.user.id)).toBe(1);
  });

  it('a refused request frees its key, so the corrected request can use it', async () => {
    const citizen = await createAccount(t.app);
    const body = await applicationBody(t.app);
    const refused = await create(citizen.headers, 'key-after-error-01', {
      ...body,
      applicant_photo: dataUrl(png(400, 300)),
    });
    expect(refused.statusCode).toBe(422);
    const [kept] = await t.app.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, citizen.user.id), eq(idempotencyKeys.key, 'key-after-error-01')));
    expect(kept.n).toBe(0);
    expect((await create(citizen.headers, 'key-after-error-01', body)).statusCode).toBe(201);
  });

  it('keys belong to their user: another citizen may use the same key', async () => {
    const a = await createAccount(t.app);
    const b = await createAccount(t.app);
    const body = await applicationBody(t.app);
    const ra = await create(a.headers, 'key-shared-text-01', body);
    const rb = await create(b.headers, 'key-shared-text-01', body);
    expect(rb.statusCode).toBe(201);
    expect(rb.json().data.id).not.toBe(ra.json().data.id);
  });

  it('without a key every request is a new one; a malformed key is refused', async () => {
    const citizen = await createAccount(t.app);
    const body = await applicationBody(t.app);
    await create(citizen.headers, null, body);
    await create(citizen.headers, null, body);
    expect(await applicationsOf(citizen.user.id)).toBe(2);
    const bad = await create(citizen.headers, 'short', body);
    expect(bad.statusCode).toBe(400);
  });

  it(`keeps keys at least 8 days (${IDEMPOTENCY_RETENTION_DAYS}), then forgets them`, async () => {
    const citizen = await createAccount(t.app);
    const body = await applicationBody(t.app);
    await create(citizen.headers, 'key-retention-0001', body);
    const nineDaysLater = new Date(Date.now() + 9 * 86_400_000);
    await purgeIdempotencyKeys(t.app.db, nineDaysLater);
    const [still] = await t.app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, citizen.user.id), eq(idempotencyKeys.key, 'key-retention-0001')));
    expect(still?.state).toBe('done');
    await purgeIdempotencyKeys(t.app.db, new Date(Date.now() + (IDEMPOTENCY_RETENTION_DAYS + 1) * 86_400_000));
    const gone = await t.app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, citizen.user.id), eq(idempotencyKeys.key, 'key-retention-0001')));
    expect(gone).toHaveLength(0);
  });
});
