import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app';

/** /metrics for the operator's monitoring (Prometheus text), and readiness for the load balancer. */
let t: TestApp;
const TOKEN = 'metrics-token-for-the-test-0001';
beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TOKEN, METRICS_ALLOW: '127.0.0.1,10.1.0.0/16' });
});
afterAll(async () => {
  await t?.close();
});

const metrics = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

it('refuses anonymous readers from elsewhere, and a wrong token', async () => {
  expect((await metrics('203.0.113.5')).statusCode).toBe(403);
  expect((await metrics('203.0.113.5', { authorization: 'Bearer wrong-token-wrong-token' })).statusCode).toBe(403);
  // Through a proxy the proxy's own address proves nothing: the token is needed.
  expect((await metrics('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
});

it('answers the allowed addresses and the token holder in Prometheus text with every family', async () => {
  await t.app.inject({ method: 'GET', url: '/api/health' });
  await t.app.inject({ method: 'GET', url: '/api/v1/verify/RC-SECRET-CODE-123' });
  await t.app.inject({ method: 'GET', url: '/api/v1/master-data/location/match?address=Ban%20Phonxay' });

  expect((await metrics('10.1.7.9')).statusCode).toBe(200);
  const res = await metrics('203.0.113.5', { authorization: `Bearer ${TOKEN}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  const text = res.body;
  expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/m);
  expect(text).toContain('route="/api/v1/verify/:code"');
  expect(text).toMatch(/^http_request_duration_seconds_bucket\{.*route="\/api\/health".*\} \d+/m);
  expect(text).toContain('# TYPE http_request_errors_total counter');
  expect(text).toMatch(/^mail_queue_mails\{state="pending"\} \d+/m);
  expect(text).toMatch(/^mail_queue_mails\{state="failed"\} \d+/m);
  expect(text).toMatch(/^applications\{status="pending"\} \d+/m);
  expect(text).toMatch(/^application_oldest_waiting_for_officer_seconds\{status="waiting for approve"\} [\d.]+/m);
  expect(text).toMatch(/^database_connections\{state="open"\} \d+/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+/m);
  // Never a raw URL: no code, no query text.
  expect(text).not.toContain('RC-SECRET-CODE-123');
  expect(text).not.toContain('Phonxay');
});

it('is ready when the database answers with every migration, not ready otherwise; /api/health stays', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  const [last] = (
    (await t.app.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
  ).rows;
  await t.app.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
  try {
    const notReady = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ status: 'not ready' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  } finally {
    await t.app.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
    );
  }
  expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
});
