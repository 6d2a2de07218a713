import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationBody, dataUrl, pdf, png, samePdf, samePixels } from './application-fixtures';
import { createAccount, createOfficer } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const BASE = '/api/v1/citizen/resident-certificate';
const KINDS = ['applicant_photo', 'household_registration_book', 'proof_of_residence'] as const;

async function applicationOf(headers: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/create-new`,
    headers,
    payload: await applicationBody(t.app),
  });
  return res.json().data.id as number;
}

describe('documents and detail are readable by their owner and officers only', () => {
  it('serves each document with its real type, nosniff, a file name and no caching', async () => {
    const a = await createAccount(t.app);
    const id = await applicationOf(a.headers);
    const body = await applicationBody(t.app);
    const expected = {
      applicant_photo: ['image/png', 'photo 3x4.png', body.applicant_photo],
      household_registration_book: ['application/pdf', 'ປຶ້ມສຳມະໂນຄົວ.pdf', body.household_registration_book],
      proof_of_residence: ['application/pdf', 'residence.pdf', body.proof_of_residence],
    };
    for (const kind of KINDS) {
      const res = await t.app.inject({ method: 'GET', url: `${BASE}/${id}/documents/${kind}`, headers: a.headers });
      expect(res.statusCode, kind).toBe(200);
      const [type, name, sent] = expected[kind];
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toContain('inline;');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
      const bytes = Buffer.from(sent.split(',')[1], 'base64');
      // A PDF is kept as its pages written anew; an image as a fresh encoding of the same pixels (file-checks.ts).
      expect(
        type === 'application/pdf' ? samePdf(res.rawPayload, bytes) : await samePixels(res.rawPayload, bytes),
      ).toBe(true);
    }
    const download = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${id}/documents/applicant_photo?download=1`,
      headers: a.headers,
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="photo 3x4.png"/);
  });

  it('another citizen gets 404 for the detail, every document, and every change', async () => {
    const a = await createAccount(t.app);
    const b = await createAccount(t.app);
    const id = await applicationOf(a.headers);
    const detail = await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: b.headers });
    expect(detail.statusCode).toBe(404);
    expect(detail.json().data.error_code).toBe('x008');
    for (const kind of [...KINDS, 'proof_of_payment']) {
      const res = await t.app.inject({ method: 'GET', url: `${BASE}/${id}/documents/${kind}`, headers: b.headers });
      expect(res.statusCode, kind).toBe(404);
    }
    const proof = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${id}/upload-payment`,
      headers: b.headers,
      payload: { proof_of_payment: dataUrl(png(600, 800)) },
    });
    expect(proof.statusCode).toBe(404);
    const replace = await t.app.inject({
      method: 'POST',
      url: `${BASE}/upload-document/${id}`,
      headers: b.headers,
      payload: { proof_of_residence: dataUrl(pdf('B'), 'application/pdf') },
    });
    expect(replace.statusCode).toBe(404);
    const history = await t.app.inject({ method: 'GET', url: `${BASE}/history`, headers: b.headers });
    expect(history.json().data.items).toEqual([]);
    // A's own view is untouched.
    const own = await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: a.headers });
    expect(own.json().data).toMatchObject({ status: 'pending', payment: { proof_of_payment_path: null } });
  });

  it('an officer may read the documents', async () => {
    const a = await createAccount(t.app);
    const officer = await createOfficer(t.app);
    const id = await applicationOf(a.headers);
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${id}/documents/applicant_photo`,
      headers: officer.headers,
    });
    expect(res.statusCode).toBe(200);
  });

  it('without a session: 401; unknown kind or id: 400; no such application: 404', async () => {
    const a = await createAccount(t.app);
    const id = await applicationOf(a.headers);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}/documents/applicant_photo` })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/${id}/documents/id_card`, headers: a.headers })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/abc`, headers: a.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/999999`, headers: a.headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/${id}/documents/proof_of_payment`, headers: a.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe('history', () => {
  it('lists only my applications, newest first, and filters by a valid status', async () => {
    const a = await createAccount(t.app);
    const first = await applicationOf(a.headers);
    const second = await applicationOf(a.headers);
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/history`, headers: a.headers });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items;
    expect(items.map((i: { id: number }) => i.id)).toEqual([second, first]);
    expect(items[0]).toMatchObject({
      id: second,
      status: 'pending',
      ticket_number: `RC0000${second}`,
      service: 'rc',
      payment_status: 'unpaid',
    });
    expect(new Date(items[0].applied_on).getTime()).not.toBeNaN();
    // The card of an unpaid application says until when to pay: the detail's deadline.
    const detail = await t.app.inject({ method: 'GET', url: `${BASE}/${second}`, headers: a.headers });
    expect(items[0].payment_deadline).toBe(detail.json().data.payment.deadline);

    const rejected = await t.app.inject({ method: 'GET', url: `${BASE}/history?status=rejected`, headers: a.headers });
    expect(rejected.json().data.items).toEqual([]);
    const pending = await t.app.inject({
      method: 'GET',
      url: `${BASE}/history?status=${encodeURIComponent('pending')}`,
      headers: a.headers,
    });
    expect(pending.json().data.items).toHaveLength(2);
    const bad = await t.app.inject({ method: 'GET', url: `${BASE}/history?status=approved-ish`, headers: a.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toEqual({ status: 'invalid_status' });
  });
});
