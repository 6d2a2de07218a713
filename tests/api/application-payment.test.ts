import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, notifications, statusHistory } from '../../server/db/schema';
import { rejectOverdueApplications } from '../../server/services/payments';
import { applicationBody, dataUrl, pdf, png, samePdf, samePixels } from './application-fixtures';
import { createAccount } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    FEE_PAYMENT_LAK: '25000',
    FEE_PROCESSING_LAK: '5000',
    PAYMENT_WINDOW_HOURS: '48',
    PAYMENT_RECIPIENT: 'Department of Home Affairs',
  });
});
afterAll(async () => t?.close());

const BASE = '/api/v1/citizen/resident-certificate';

async function newApplication() {
  const citizen = await createAccount(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/create-new`,
    headers: citizen.headers,
    payload: await applicationBody(t.app),
  });
  return { citizen, id: res.json().data.id as number };
}
const uploadProof = (headers: Record<string, string>, id: number, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `${BASE}/${id}/upload-payment`, headers, payload: payload as object });
const detail = async (headers: Record<string, string>, id: number) =>
  (await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers })).json().data;

describe('fee and payment', () => {
  it('publishes the configured fee, recipient and payment window', async () => {
    const citizen = await createAccount(t.app);
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/fee`, headers: citizen.headers });
    expect(res.json().data).toEqual({
      lines: [
        { key: 'payment', amount: 25_000 },
        { key: 'processing_fee', amount: 5_000 },
      ],
      total: 30_000,
      currency: 'LAK',
      recipient: 'Department of Home Affairs',
      payment_window_hours: 48,
    });
  });

  it('charges the configured fee with the configured deadline', async () => {
    const { citizen, id } = await newApplication();
    const d = await detail(citizen.headers, id);
    expect(d.payment.amount).toBe(30_000);
    expect(d.payment.recipient).toBe('Department of Home Affairs');
    expect(new Date(d.payment.deadline).getTime() - new Date(d.applied_on).getTime()).toBe(48 * 3_600_000);
  });

  it('a proof moves the application to waiting for approve, records it and notifies', async () => {
    const { citizen, id } = await newApplication();
    const proof = png(720, 1280);
    const res = await uploadProof({ ...citizen.headers, 'idempotency-key': `proof-${id}-0001` }, id, {
      proof_of_payment: dataUrl(proof),
      proof_of_payment_name: 'transfer.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'success_upload_payment',
      data: { id, status: 'waiting for approve' },
    });
    const d = await detail(citizen.headers, id);
    expect(d.status).toBe('waiting for approve');
    expect(d.payment).toMatchObject({
      payment_status: 'unpaid',
      proof_of_payment_path: `${BASE}/${id}/documents/proof_of_payment`,
    });
    const file = await t.app.inject({ method: 'GET', url: d.payment.proof_of_payment_path, headers: citizen.headers });
    expect(file.headers['content-type']).toBe('image/png');
    // Kept as a fresh encoding of the same pixels (file-checks.ts), not the bytes sent.
    expect(await samePixels(file.rawPayload, proof)).toBe(true);
    const history = await t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
      [null, 'pending', 'citizen'],
      ['pending', 'waiting for approve', 'citizen'],
    ]);
    const kinds = (await t.app.db.select().from(notifications).where(eq(notifications.applicationId, id))).map(
      (n) => n.kind,
    );
    expect(kinds).toEqual(['application_created', 'proof_received']);

    // The same upload again (a retry on a weak connection) answers the same and changes nothing.
    const again = await uploadProof({ ...citizen.headers, 'idempotency-key': `proof-${id}-0001` }, id, {
      proof_of_payment: dataUrl(proof),
      proof_of_payment_name: 'transfer.png',
    });
    expect(again.json()).toEqual(res.json());
    expect(await t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id))).toHaveLength(2);
  });

  it('a clearer proof may replace the first while it waits for approval, without a new transition', async () => {
    const { citizen, id } = await newApplication();
    await uploadProof(citizen.headers, id, { proof_of_payment: dataUrl(png(300, 300)) });
    const better = png(900, 1200);
    const res = await uploadProof(citizen.headers, id, { proof_of_payment: dataUrl(better) });
    expect(res.statusCode).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${id}/documents/proof_of_payment`,
      headers: citizen.headers,
    });
    expect(await samePixels(file.rawPayload, better)).toBe(true);
    expect(await t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id))).toHaveLength(2);
  });

  it.each([
    ['no file', { proof_of_payment: null }, 400, 'validation_failed'],
    [
      'a PDF (the rule takes jpg and png only)',
      { proof_of_payment: dataUrl(pdf(), 'application/pdf') },
      415,
      'file_type_not_allowed',
    ],
    [
      'an 11 MB image',
      { proof_of_payment: dataUrl(Buffer.concat([png(10, 10), Buffer.alloc(11 * 1024 * 1024)])) },
      413,
      'file_too_large',
    ],
  ])('refuses %s and stays pending', async (_name, payload, status, code) => {
    const { citizen, id } = await newApplication();
    const res = await uploadProof(citizen.headers, id, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().data.error_code).toBe(code);
    expect(res.json().data.fields).toHaveProperty('proof_of_payment');
    expect((await detail(citizen.headers, id)).status).toBe('pending');
  });

  it('refuses a proof after the deadline, and the sweep rejects the overdue application', async () => {
    const { citizen, id } = await newApplication();
    await t.app.db
      .update(applications)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(applications.id, id));
    const late = await uploadProof(citizen.headers, id, { proof_of_payment: dataUrl(png(300, 400)) });
    expect(late.statusCode).toBe(422);
    expect(late.json().data.error_code).toBe('payment_deadline_passed');
    expect(await rejectOverdueApplications(t.app)).toBeGreaterThanOrEqual(1);
    const d = await detail(citizen.headers, id);
    expect(d.status).toBe('rejected');
    expect(d.notes).toMatch(/deadline/);
    const last = (await t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id))).at(-1);
    expect(last).toMatchObject({ fromStatus: 'pending', toStatus: 'rejected', actor: 'system' });
  });

  it('refuses a proof once the application left the payment stage', async () => {
    const { citizen, id } = await newApplication();
    await t.app.db
      .update(applications)
      .set({ status: 'in validation', paymentStatus: 'paid' })
      .where(eq(applications.id, id));
    const res = await uploadProof(citizen.headers, id, { proof_of_payment: dataUrl(png(300, 400)) });
    expect(res.statusCode).toBe(409);
    expect(res.json().data.error_code).toBe('invalid_status_transition');
  });
});

describe('upload-document and re-apply', () => {
  it('replaces a document while the application waits, and refuses once the review started', async () => {
    const { citizen, id } = await newApplication();
    const replacement = pdf('New proof of residence');
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/upload-document/${id}`,
      headers: citizen.headers,
      payload: { proof_of_residence: dataUrl(replacement, 'application/pdf'), proof_of_residence_name: 'new.pdf' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = await detail(citizen.headers, id);
    expect(d.document_submit.proof_of_residence_name).toBe('new.pdf');
    const file = await t.app.inject({
      method: 'GET',
      url: d.document_submit.proof_of_residence_path,
      headers: citizen.headers,
    });
    expect(samePdf(file.rawPayload, replacement)).toBe(true);

    const nothing = await t.app.inject({
      method: 'POST',
      url: `${BASE}/upload-document/${id}`,
      headers: citizen.headers,
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    await t.app.db.update(applications).set({ status: 'in validation' }).where(eq(applications.id, id));
    const late = await t.app.inject({
      method: 'POST',
      url: `${BASE}/upload-document/${id}`,
      headers: citizen.headers,
      payload: { proof_of_residence: dataUrl(pdf('Later'), 'application/pdf') },
    });
    expect(late.statusCode).toBe(409);
  });

  it('re-applies once from a rejected application, carrying a paid fee over', async () => {
    const { citizen, id } = await newApplication();
    const body = await applicationBody(t.app);
    const notRejected = await t.app.inject({
      method: 'POST',
      url: `${BASE}/re-apply`,
      headers: citizen.headers,
      payload: { ...body, id },
    });
    expect(notRejected.statusCode).toBe(409);

    await t.app.db
      .update(applications)
      .set({ status: 'rejected', paymentStatus: 'paid', paidAt: new Date() })
      .where(eq(applications.id, id));
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/re-apply`,
      headers: citizen.headers,
      payload: { ...body, id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const newId = res.json().data.id;
    const d = await detail(citizen.headers, newId);
    expect(d).toMatchObject({ status: 'waiting for approve', reapplied_from: id, payment: { payment_status: 'paid' } });
    expect((await detail(citizen.headers, id)).reapplied_by).toBe(newId);

    const twice = await t.app.inject({
      method: 'POST',
      url: `${BASE}/re-apply`,
      headers: citizen.headers,
      payload: { ...body, id },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.error_code).toBe('already_reapplied');

    const stranger = await createAccount(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: `${BASE}/re-apply`,
      headers: stranger.headers,
      payload: { ...body, id },
    });
    expect(other.statusCode).toBe(404);
  });
});
