import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../server/db/schema';
import { BASE, issueCertificate, issuedApplication, newApplication } from './certificate-fixtures';
import { createAccount, createOfficer } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_BASE_URL: 'https://egov.example.la' });
});
afterAll(async () => t?.close());

const download = (headers: Record<string, string>, id: number) =>
  t.app.inject({ method: 'GET', url: `${BASE}/${id}/download-2`, headers });

/** The text pdfkit wrote, with its hex-encoded glyph runs left as they are: enough to find ASCII metadata. */
const raw = (body: Buffer) => body.toString('latin1');

describe('GET …/{id}/download-2', () => {
  it('gives the owner an A4 PDF named after the ticket, never cached', async () => {
    const { citizen, id, code } = await issuedApplication(t.app);
    const res = await download(citizen.headers, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="RC0000${id}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.rawPayload;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(raw(body)).toContain(`RC0000${id}`); // document title
    expect(raw(body)).toContain(code); // keywords
    expect(raw(body)).toContain(`https://egov.example.la/verify/${code}`); // the QR link annotation
    expect(raw(body)).toContain('/MediaBox [0 0 595.28 841.89]'); // A4
    expect(raw(body)).toMatch(/NotoSansLao/); // embedded TrueType, both weights
    expect(body.length).toBeGreaterThan(10_000);
  });

  it('an officer may download it too; another citizen gets 404', async () => {
    const { id } = await issuedApplication(t.app);
    const officer = await createOfficer(t.app);
    expect((await download(officer.headers, id)).statusCode).toBe(200);
    const stranger = await createAccount(t.app);
    const res = await download(stranger.headers, id);
    expect(res.statusCode).toBe(404);
    expect(res.json().data.error_code).toBe('x008');
    expect((await download(stranger.headers, 999_999)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const { id } = await issuedApplication(t.app);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}/download-2` })).statusCode).toBe(401);
  });

  it('is 409 before the certificate is issued and after it is revoked', async () => {
    const { citizen, id } = await newApplication(t.app);
    const early = await download(citizen.headers, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().data.error_code).toBe('invalid_status_transition');

    await issueCertificate(t.app, { id, citizen });
    expect((await download(citizen.headers, id)).statusCode).toBe(200);
    await t.app.db.update(applications).set({ certificateRevokedAt: new Date() }).where(eq(applications.id, id));
    const revoked = await download(citizen.headers, id);
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().data.error_code).toBe('invalid_status_transition');
  });

  it('stays available while waiting to pick up and once picked up', async () => {
    for (const status of ['waiting to pickup', 'picked up'] as const) {
      const { citizen, id } = await newApplication(t.app);
      await issueCertificate(t.app, { id, citizen }, status);
      expect((await download(citizen.headers, id)).statusCode).toBe(200);
    }
  });

  it('refuses a malformed id with 400', async () => {
    const citizen = await createAccount(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/abc/download-2`, headers: citizen.headers })).statusCode,
    ).toBe(400);
  });
});
