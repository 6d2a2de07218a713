import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../server/db/schema';
import { PASSWORD, post, registerVerified, registrationBody } from './auth-helpers';
import { startTestApp, type TestApp } from './test-app';

/**
 * Registration writes an ID-card image and mails a code; register-check, registration and login
 * tell whether an identifier has an account. Each has an hourly budget per address (and per
 * e-mail domain, per identifier) that people never reach: here set low to see it hold.
 * 200 neighbours on the production budgets: tests/api/rate-limits.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    RATE_LIMIT_REGISTRATIONS_PER_ADDRESS: '3',
    RATE_LIMIT_REGISTRATIONS_PER_DOMAIN: '4',
    RATE_LIMIT_LOOKUPS_PER_ADDRESS: '8',
    RATE_LIMIT_LOOKUPS_PER_IDENTIFIER: '5',
  });
});
afterAll(async () => t?.close());

const register = async (ip: string, overrides: Record<string, unknown> = {}) =>
  post(t.app, '/api/v1/auth/register', await registrationBody(t.app, overrides), {}, ip);
const idCards = async () => (await t.app.db.select().from(documents).where(eq(documents.kind, 'id_card'))).length;
let n = 0;
const unique = (domain = 'example.la') => `budget.${Date.now()}.${n++}@${domain}`;

describe('the registration budget', () => {
  it('refuses registrations past the budget of an address with 429 and Retry-After, writing nothing', async () => {
    const ip = '198.51.100.21';
    for (let i = 0; i < 3; i++) expect((await register(ip, { email: unique() })).statusCode).toBe(200);
    const cards = await idCards();
    const refused = await register(ip, { email: unique() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().data.error_code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await idCards()).toBe(cards);
    // Another address is not affected.
    expect((await register('198.51.100.22', { email: unique() })).statusCode).toBe(200);
  });

  it('bounds the codes mailed to one e-mail domain, from any address; large public providers are left to the address budget', async () => {
    const domain = 'small-office.la';
    for (let i = 0; i < 4; i++)
      expect((await register(`198.51.101.${i + 1}`, { email: unique(domain) })).statusCode).toBe(200);
    const refused = await register('198.51.101.9', { email: unique(domain) });
    expect(refused.statusCode).toBe(429);
    for (let i = 0; i < 5; i++)
      expect((await register(`198.51.102.${i + 1}`, { email: unique('gmail.com') })).statusCode).toBe(200);
  });
});

describe('asking whether an account exists', () => {
  it('keeps the specification answers (400X1, 400X2, x008, x004) within the budget', async () => {
    const email = unique('spec.la');
    const { body } = await registerVerified(t.app, t.dataDir, { email, username: email });
    const check = await post(
      t.app,
      '/api/v1/auth/register-check',
      { email: body.email, phone_number: '8562099999999' },
      {},
      '198.51.103.2',
    );
    expect(check.json().data.error_code).toBe('400X1');
    const phone = await post(
      t.app,
      '/api/v1/auth/register-check',
      { email: unique(), phone_number: body.phone_number },
      {},
      '198.51.103.3',
    );
    expect(phone.json().data.error_code).toBe('400X2');
    const unknown = await post(
      t.app,
      '/api/v1/auth/login',
      { username: unique(), password: PASSWORD },
      {},
      '198.51.103.4',
    );
    expect(unknown.json().data.error_code).toBe('x008');
    const wrong = await post(
      t.app,
      '/api/v1/auth/login',
      { username: body.email, password: 'Wrong-pass-1' },
      {},
      '198.51.103.5',
    );
    expect(wrong.json().data.error_code).toBe('x004');
  });

  it('answers about one identifier a few times an hour, from however many addresses', async () => {
    const email = unique();
    const ask = (i: number) =>
      post(
        t.app,
        '/api/v1/auth/register-check',
        { email, phone_number: `85620${70000000 + i}` },
        {},
        `203.0.113.${i + 1}`,
      );
    for (let i = 0; i < 5; i++) expect((await ask(i)).statusCode).toBe(200);
    const refused = await ask(5);
    expect(refused.statusCode).toBe(429);
    // Login with that identifier is the same question.
    const login = await post(t.app, '/api/v1/auth/login', { username: email, password: PASSWORD }, {}, '203.0.113.50');
    expect(login.statusCode).toBe(429);
    // Another identifier is answered.
    const other = await post(
      t.app,
      '/api/v1/auth/register-check',
      { email: unique(), phone_number: '8562071111111' },
      {},
      '203.0.113.51',
    );
    expect(other.statusCode).toBe(200);
  });

  it('answers one address a bounded number of times an hour, whatever it asks about', async () => {
    const ip = '192.0.2.77';
    const codes: number[] = [];
    // Each register-check asks about two identifiers but spends one call of the address.
    for (let i = 0; i < 10; i++)
      codes.push(
        (
          await post(
            t.app,
            '/api/v1/auth/register-check',
            { email: unique(), phone_number: `85620${72000000 + i}` },
            {},
            ip,
          )
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('counts identifiers under a keyed hash: the shared counters hold no e-mail', async () => {
    if (!t.databaseUrl) return; // the embedded database counts in memory
    const keys = JSON.stringify(await t.app.db.execute(sql`select key from rate_limit_counters`));
    expect(keys).toContain('lookup-id:');
    expect(keys).not.toContain('@example.la');
  });
});
