import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createAccount } from './fixtures';
import { applicationBody } from './application-fixtures';
import { startSecondInstance, startTestApp, type TestApp } from './test-app';

// A small built app of our own (the real build may not exist yet when the API tests run): a
// shell, a service worker and one hashed asset, to check what is never limited and how it is cached.
await vi.hoisted(async () => {
  const [fs, os, path] = await Promise.all([import('node:fs'), import('node:os'), import('node:path')]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app shell</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
  fs.writeFileSync(path.join(dir, 'assets', 'index-Bx7f3kQ1.js'), 'console.log("app");');
  process.env.WEB_DIST_DIR = dir;
});

const NAVIGATION = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };
const get = (app: FastifyInstance, url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, remoteAddress, headers });

describe('the per-address ceiling of anonymous API calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_ADDRESS_PER_MINUTE: '5' });
  });
  afterAll(async () => t?.close());

  it('refuses the call past the ceiling with the error shape and Retry-After; other addresses go on', async () => {
    for (let i = 0; i < 5; i++)
      expect((await get(t.app, '/api/v1/master-data/location/provinces', '10.20.0.1')).statusCode).toBe(200);
    const refused = await get(t.app, '/api/v1/master-data/location/provinces', '10.20.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toMatchObject({
      message: expect.any(String),
      data: { error_code: 'too_many_requests', message: expect.any(String) },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await get(t.app, '/api/v1/master-data/location/provinces', '10.20.0.2')).statusCode).toBe(200);
  });

  it('never limits the app: a refused address still gets the shell on every navigation, and every file', async () => {
    for (let i = 0; i < 6; i++) await get(t.app, '/api/health', '10.21.0.1');
    expect((await get(t.app, '/api/health', '10.21.0.1')).statusCode).toBe(429);
    for (const url of ['/', '/home', '/login', '/application-resident-certificate', '/officer']) {
      const page = await get(t.app, url, '10.21.0.1', NAVIGATION);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toContain('app shell');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await get(t.app, '/assets/index-Bx7f3kQ1.js', '10.21.0.1');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/index.html', '/sw.js']) {
      const res = await get(t.app, url, '10.21.0.1');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('counts a signed-in citizen by account, not by the shared address; a bad token counts as anonymous', async () => {
    const citizen = await createAccount(t.app);
    for (let i = 0; i < 6; i++) await get(t.app, '/api/health', '10.22.0.1');
    for (let i = 0; i < 10; i++) {
      expect(
        (await get(t.app, '/api/v1/citizen/resident-certificate/history', '10.22.0.1', citizen.headers)).statusCode,
      ).toBe(200);
    }
    const forged = await get(t.app, '/api/v1/citizen/resident-certificate/history', '10.22.0.1', {
      authorization: `Bearer ${'x'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(429);
  });

  it('counts an IPv6 subscriber by its /64, whatever the last 64 bits', async () => {
    for (let i = 0; i < 5; i++)
      expect((await get(t.app, '/api/health', `2001:db8:1:2::${i + 1}`)).statusCode).toBe(200);
    expect((await get(t.app, '/api/health', '2001:db8:1:2:aaaa::9')).statusCode).toBe(429);
    expect((await get(t.app, '/api/health', '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});

describe('per-account limits on what costs real work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_UPLOADS_PER_HOUR: '2' });
  });
  afterAll(async () => t?.close());

  it('limits applications and uploads per account, whatever address they come from', async () => {
    const a = await createAccount(t.app);
    const b = await createAccount(t.app);
    const create = (who: typeof a, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/citizen/resident-certificate/create-new',
        payload: body,
        headers: who.headers,
        remoteAddress: ip,
      });
    const body = await applicationBody(t.app);
    expect((await create(a, '10.30.0.1')).statusCode).toBe(201);
    expect((await create(a, '10.30.0.2')).statusCode).toBe(201);
    const refused = await create(a, '10.30.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().data.error_code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // A neighbour on the same address is not affected.
    expect((await create(b, '10.30.0.3')).statusCode).toBe(201);
  });
});

// Once is enough: on PostgreSQL the counters' sharing is what the last block checks.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  '200 neighbours behind one address, on the default limits',
  () => {
    let t: TestApp;
    // The production configuration, not the relaxed one of the test suite.
    beforeAll(async () => {
      t = await startTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    });
    afterAll(async () => t?.close());

    it('all register, verify their e-mail and log in, at once', { timeout: 180_000 }, async () => {
      const { registrationBody, PASSWORD, post } = await import('./auth-helpers');
      // The codes are read as the mails leave (they are still written to the outbox).
      const codes = new Map<string, string>();
      const send = t.app.mailer.send.bind(t.app.mailer);
      t.app.mailer.send = async (mail) => {
        await send(mail);
        const code = /^\s*(\d{4})\s*$/m.exec(mail.text)?.[1];
        if (code) codes.set(mail.to, code);
      };
      const template = await registrationBody(t.app);
      const ip = '203.0.113.7';
      const started = Date.now();
      const refused: string[] = [];
      const expectOk = (what: string, status: number, ok = 200) => {
        if (status !== ok) refused.push(`${what}: ${status}`);
      };
      const person = async (i: number) => {
        // What the registration screens ask the API: places, the availability check, the account, the code.
        for (const url of [
          '/api/v1/master-data/location/provinces',
          `/api/v1/master-data/location/district/${template.province_id}`,
          `/api/v1/master-data/location/villages/${template.district_id}`,
        ]) {
          expectOk(url, (await get(t.app, url, ip)).statusCode);
        }
        const n = String(10_000_000 + i);
        const body = {
          ...template,
          email: `neighbour.${n}@example.la`,
          username: `neighbour.${n}@example.la`,
          phone_number: `85620${n}`,
          id_card: `9${n}000`,
        };
        expectOk(
          'register-check',
          (
            await post(
              t.app,
              '/api/v1/auth/register-check',
              { email: body.email, phone_number: body.phone_number },
              {},
              ip,
            )
          ).statusCode,
        );
        expectOk('register', (await post(t.app, '/api/v1/auth/register', body, {}, ip)).statusCode);
        // Some ask for the code again, some mistype their password, some forget it at once.
        if (i % 3 === 0)
          expectOk(
            'resend-otp',
            (await post(t.app, '/api/v1/auth/resend-otp', { email: body.email }, {}, ip)).statusCode,
            429,
          );
        expectOk(
          'verify-otp',
          (await post(t.app, '/api/v1/auth/verify-otp', { email: body.email, code_otp: codes.get(body.email) }, {}, ip))
            .statusCode,
        );
        if (i % 4 === 0)
          expectOk(
            'wrong password',
            (await post(t.app, '/api/v1/auth/login', { username: body.email, password: 'Wrong-password-1' }, {}, ip))
              .statusCode,
            401,
          );
        expectOk(
          'login',
          (await post(t.app, '/api/v1/auth/login', { username: body.phone_number, password: PASSWORD }, {}, ip))
            .statusCode,
        );
        if (i % 5 === 0)
          expectOk(
            'forgot-password',
            (await post(t.app, '/api/v1/auth/forgot-password', { email: body.email }, {}, ip)).statusCode,
          );
      };
      const queue = Array.from({ length: 200 }, (_, i) => i);
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let i = queue.shift(); i !== undefined; i = queue.shift()) await person(i);
        }),
      );
      console.log(`200 registrations from one address in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      // A resend inside 30 s of the registration's code is the per-account interval (429), as for anyone.
      expect(refused).toEqual([]);
    });
  },
);

describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ RATE_LIMIT_ADDRESS_PER_MINUTE: '6' });
    b = await startSecondInstance(a, { RATE_LIMIT_ADDRESS_PER_MINUTE: '6' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('share one count per address: calls alternating between them reach the ceiling together', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await get(i % 2 ? b.app : a.app, '/api/health', '10.40.0.1')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('count concurrent calls exactly', async () => {
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        get(i % 2 ? b.app : a.app, '/api/health', '10.40.0.2').then((r) => r.statusCode),
      ),
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.filter((c) => c === 429)).toHaveLength(14);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('high ceilings on PostgreSQL, counted in batches', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ RATE_LIMIT_ADDRESS_PER_MINUTE: '1000' });
    b = await startSecondInstance(a, { RATE_LIMIT_ADDRESS_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('are shared by the instances once their hits are added, and refuse past the ceiling', async () => {
    const address = '10.50.0.1';
    const call = (app: FastifyInstance) => get(app, '/api/health', address).then((r) => r.statusCode);
    const burst = (app: FastifyInstance, n: number) => Promise.all(Array.from({ length: n }, () => call(app)));
    const nextBatch = () => new Promise((resolve) => setTimeout(resolve, 1200));
    expect(new Set(await burst(a.app, 600))).toEqual(new Set([200]));
    await nextBatch();
    // b learns the shared total with its first batch: at most half a second of traffic gets past.
    expect(new Set(await burst(b.app, 450))).toEqual(new Set([200]));
    await Promise.all([call(a.app), call(b.app)]);
    await nextBatch();
    // 1,052 counted between them: both instances refuse.
    expect([await call(a.app), await call(b.app)]).toEqual([429, 429]);
  });
});
