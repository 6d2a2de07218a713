import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../server/db/schema';
import { issuedApplication, newApplication } from './certificate-fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const verify = (code: string, ip = '203.0.113.1') =>
  t.app.inject({ method: 'GET', url: `/api/v1/verify/${code}`, remoteAddress: ip });

describe('GET /v1/verify/{code} (public)', () => {
  it('a genuine certificate is valid, with only the ticket, first name + initial and issue date', async () => {
    const { id, code } = await issuedApplication(t.app, { first_name: 'Somchai', last_name: 'Phommachanh' });
    const res = await verify(code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data).toEqual({
      status: 'valid',
      ticket_number: `RC0000${id}`,
      holder_name: 'Somchai P.',
      issued_on: expect.any(String),
    });
    expect(Date.now() - new Date(data.issued_on).getTime()).toBeLessThan(60_000);
    expect(JSON.stringify(data)).not.toMatch(/Phommachanh|1990|Teacher/);
  });

  it('a revoked certificate says revoked', async () => {
    const { id, code } = await issuedApplication(t.app);
    await t.app.db.update(applications).set({ certificateRevokedAt: new Date() }).where(eq(applications.id, id));
    expect((await verify(code)).json().data).toMatchObject({ status: 'revoked', ticket_number: `RC0000${id}` });
  });

  it('an unknown code is a 200 with status unknown and nothing else', async () => {
    const res = await verify('NOSUCHCODE123');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'unknown' } });
  });

  it('a code on an application not (or no longer) issued is unknown', async () => {
    const { id } = await newApplication(t.app);
    await t.app.db.update(applications).set({ certificateCode: 'STRAYCODE42' }).where(eq(applications.id, id));
    expect((await verify('STRAYCODE42')).json().data).toEqual({ status: 'unknown' });
  });

  it('a malformed code is a 400', async () => {
    const res = await verify(encodeURIComponent('bad code!'));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.error_code).toBe('validation_failed');
  });

  it('limits each address to 30 checks a minute', async () => {
    const ip = '198.51.100.7';
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await verify(`GUESS${i}`, ip)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
    expect((await verify('GUESS99', '198.51.100.8')).statusCode).toBe(200);
  });
});
