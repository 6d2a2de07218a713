import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_APP_SCRIPT } from '../../contract/start-app-script';
import { applicationBody } from './application-fixtures';
import { createAccount } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let plain: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  plain = await startTestApp();
  proxied = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await plain?.close();
  await proxied?.close();
});

describe('transport and headers', () => {
  it('sends HSTS only over TLS, as a trusted proxy reports it', async () => {
    const viaTls = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.4' };
    expect(
      (await proxied.app.inject({ url: '/api/health', headers: viaTls })).headers['strict-transport-security'],
    ).toBe('max-age=31536000; includeSubDomains');
    expect((await proxied.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY nobody may claim TLS with a header.
    expect(
      (await plain.app.inject({ url: '/api/health', headers: viaTls })).headers['strict-transport-security'],
    ).toBeUndefined();
  });

  it("keeps the strict headers: CSP without inline script but the pages' start script, frame-ancestors none, nosniff, Referrer-Policy", async () => {
    const res = await plain.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(/script-src [^;]*'unsafe-inline'/.test(csp)).toBe(false);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // An API answer is data: nothing may run or load from it.
    expect(csp).toContain("default-src 'none'");
    // The app's pages and the API documentation get the page policy; its one inline script is the
    // pages' start script, by its hash.
    const startScript = `'sha256-${createHash('sha256').update(START_APP_SCRIPT).digest('base64')}'`;
    for (const url of ['/', '/api/docs/static/index.html']) {
      const page = await plain.app.inject({ url });
      expect(String(page.headers['content-security-policy']), url).toContain(
        `script-src 'self' 'wasm-unsafe-eval' ${startScript}`,
      );
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('marks every personal answer no-store, and serves documents with their checked type and a disposition', async () => {
    const citizen = await createAccount(plain.app);
    const created = await plain.app.inject({
      method: 'POST',
      url: '/api/v1/citizen/resident-certificate/create-new',
      headers: citizen.headers,
      payload: await applicationBody(plain.app),
    });
    const id = created.json().data.id;
    const personal = [
      created,
      await plain.app.inject({ url: '/api/v1/citizen/user/profile', headers: citizen.headers }),
      await plain.app.inject({ url: '/api/v1/notifications', headers: citizen.headers }),
      await plain.app.inject({ url: `/api/v1/citizen/resident-certificate/${id}`, headers: citizen.headers }),
      await plain.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: citizen.user.email, password: 'Vientiane2026' },
      }),
      await plain.app.inject({ url: '/api/v1/citizen/user/profile' }),
    ];
    for (const res of personal) expect(String(res.headers['cache-control']), res.body.slice(0, 80)).toMatch(/no-store/);
    const doc = await plain.app.inject({
      url: `/api/v1/citizen/resident-certificate/${id}/documents/applicant_photo?download=1`,
      headers: citizen.headers,
    });
    expect(doc.headers['content-type']).toBe('image/png');
    expect(doc.headers['content-disposition']).toMatch(/^attachment; filename="photo 3x4.png"/);
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
    expect(doc.headers['cache-control']).toMatch(/no-store/);
  });
});
