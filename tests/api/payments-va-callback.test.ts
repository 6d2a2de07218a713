import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, bankPayments, notifications, statusHistory } from '../../server/db/schema';
import { BANK_SECRET_FILE, resolveBankCallbackSecret, signBankCallback } from '../../server/lib/bank-signature';
import { applicationBody, dataUrl, png } from './application-fixtures';
import { createAccount, createOfficer } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await startTestApp();
  // No BANK_CALLBACK_SECRET: the server generated one in DATA_DIR at start.
  secret = fs.readFileSync(path.join(t.dataDir, BANK_SECRET_FILE), 'utf8').trim();
});
afterAll(async () => t?.close());

const CITIZEN = '/api/v1/citizen/resident-certificate';
const CALLBACK = '/api/v1/payments/va-callback';
let txCounter = 0;

async function newApplication(opts: { proof?: boolean } = {}) {
  const citizen = await createAccount(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `${CITIZEN}/create-new`,
    headers: citizen.headers,
    payload: await applicationBody(t.app),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  if (opts.proof) {
    const up = await t.app.inject({
      method: 'POST',
      url: `${CITIZEN}/${id}/upload-payment`,
      headers: citizen.headers,
      payload: { proof_of_payment: dataUrl(png(720, 1280)) },
    });
    expect(up.statusCode, up.body).toBe(200);
  }
  const row = await load(id);
  const transfer = {
    transaction_id: `TX-${Date.now()}-${++txCounter}`,
    va_number: row.vaNumber,
    amount: row.amount,
    currency: 'LAK',
    paid_at: new Date().toISOString(),
  };
  return { citizen, id, transfer };
}

const load = async (id: number) => (await t.app.db.select().from(applications).where(eq(applications.id, id)))[0];
const historyOf = (id: number) => t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id));
const kindsOf = async (id: number) =>
  (await t.app.db.select().from(notifications).where(eq(notifications.applicationId, id))).map((n) => n.kind);
const bankRows = async () => Number((await t.app.db.select({ n: count() }).from(bankPayments))[0].n);

/** The bank's call: `body` is sent byte for byte as signed, unless a header is overridden. */
function callback(body: unknown, opts: { timestamp?: number; signature?: string; key?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = opts.signature ?? signBankCallback(opts.key ?? secret, timestamp, raw);
  return t.app.inject({
    method: 'POST',
    url: CALLBACK,
    headers: { 'content-type': 'application/json', 'x-bank-timestamp': timestamp, 'x-bank-signature': signature },
    payload: raw,
  });
}

/** Everything a refused call must leave untouched. */
async function snapshot(id: number) {
  const { updatedAt: _u, ...row } = await load(id);
  return { row, history: (await historyOf(id)).length, kinds: await kindsOf(id), bank: await bankRows() };
}

describe('bank virtual-account callback', () => {
  it('pays a pending application, records the bank as actor, notifies, and answers a retry the same', async () => {
    const { id, transfer } = await newApplication();
    const res = await callback(transfer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { id, status: 'waiting for approve', payment_status: 'paid' } });
    const row = await load(id);
    expect(row).toMatchObject({ status: 'waiting for approve', paymentStatus: 'paid' });
    expect(row.paidAt?.toISOString()).toBe(transfer.paid_at);
    expect((await historyOf(id)).at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'waiting for approve',
      fromPaymentStatus: 'unpaid',
      toPaymentStatus: 'paid',
      actor: 'bank',
      actorId: null,
      notes: `Bank transfer ${transfer.transaction_id}`,
    });
    expect(await kindsOf(id)).toEqual(['application_created', 'payment_confirmed']);

    // The bank retries (it did not see our answer): same answer, nothing changes.
    const before = await snapshot(id);
    const again = await callback(transfer);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await snapshot(id)).toEqual(before);

    // The same transaction id with another amount is not a retry.
    const altered = await callback({ ...transfer, amount: transfer.amount + 1 });
    expect(altered.statusCode).toBe(422);
    expect(altered.json().data.error_code).toBe('idempotency_key_reused');
    // A second, different transfer to a paid application: the bank must refuse it.
    const second = await callback({ ...transfer, transaction_id: `${transfer.transaction_id}-2` });
    expect(second.statusCode).toBe(409);
    expect(second.json().data.error_code).toBe('already_paid');
    expect(await snapshot(id)).toEqual(before);
  });

  it('on a waiting application with a proof, the payment becomes paid and the officer can start the review', async () => {
    const officer = await createOfficer(t.app);
    const { id, transfer } = await newApplication({ proof: true });
    const res = await callback(transfer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id, status: 'waiting for approve', payment_status: 'paid' });
    expect(
      (await historyOf(id)).map((h) => [h.fromStatus, h.toStatus, h.fromPaymentStatus, h.toPaymentStatus, h.actor]),
    ).toEqual([
      [null, 'pending', null, 'unpaid', 'citizen'],
      ['pending', 'waiting for approve', 'unpaid', 'unpaid', 'citizen'],
      ['waiting for approve', 'waiting for approve', 'unpaid', 'paid', 'bank'],
    ]);
    expect(await kindsOf(id)).toEqual(['application_created', 'proof_received', 'payment_confirmed']);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/officer/applications/${id}`,
      headers: officer.headers,
    });
    expect(detail.json().data.actions).toContain('start-review');
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/v1/officer/applications/${id}/start-review`,
      headers: officer.headers,
      payload: {},
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data).toMatchObject({ status: 'in validation', payment_status: 'paid' });
  });

  it('takes one of two transfers arriving at once, and a doubled call once', async () => {
    const { id, transfer } = await newApplication();
    const other = { ...transfer, transaction_id: `${transfer.transaction_id}-b` };
    const [first, second, doubled] = await Promise.all([callback(transfer), callback(other), callback(transfer)]);
    // Which transfer takes the row lock first is up to the database (PostgreSQL runs them at once):
    // the doubled call gets the same answer as the first, and exactly one of the two transfers is taken.
    expect(doubled.statusCode).toBe(first.statusCode);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await historyOf(id)).filter((h) => h.actor === 'bank')).toHaveLength(1);
    expect((await kindsOf(id)).filter((k) => k === 'payment_confirmed')).toHaveLength(1);
  });

  it('refuses a missing, wrong or tampered signature with 401 and changes nothing', async () => {
    const { id, transfer } = await newApplication();
    const before = await snapshot(id);
    const ts = Math.floor(Date.now() / 1000);
    const none = await t.app.inject({ method: 'POST', url: CALLBACK, payload: transfer });
    const wrongKey = await callback(transfer, { key: 'x'.repeat(64) });
    const tampered = await callback(transfer, {
      timestamp: ts,
      signature: signBankCallback(secret, String(ts), JSON.stringify({ ...transfer, amount: 1 })),
    });
    const upper = await callback(transfer, {
      timestamp: ts,
      signature: signBankCallback(secret, String(ts), JSON.stringify(transfer)).toUpperCase(),
    });
    for (const res of [none, wrongKey, tampered, upper]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().data.error_code).toBe('bad_signature');
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses a correctly signed call whose timestamp is more than 5 minutes off', async () => {
    const { id, transfer } = await newApplication();
    const before = await snapshot(id);
    for (const offset of [-301, 400]) {
      const res = await callback(transfer, { timestamp: Math.floor(Date.now() / 1000) + offset });
      expect(res.statusCode).toBe(401);
      expect(res.json().data.error_code).toBe('stale_timestamp');
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses a wrong amount with 422 and changes nothing', async () => {
    const { id, transfer } = await newApplication();
    const before = await snapshot(id);
    const res = await callback({ ...transfer, amount: transfer.amount - 1000 });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.error_code).toBe('amount_mismatch');
    expect(await snapshot(id)).toEqual(before);
    // The refusal did not use up the transaction id: the right amount under it is then taken.
    expect((await callback(transfer)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown virtual account', async () => {
    const res = await callback({
      transaction_id: 'TX-unknown-va',
      va_number: '99999999999999',
      amount: 29_000,
      currency: 'LAK',
      paid_at: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().data.error_code).toBe('x008');
  });

  it('closes the account after the deadline and once the application is rejected (409 va_closed)', async () => {
    const late = await newApplication();
    await t.app.db
      .update(applications)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(applications.id, late.id));
    const before = await snapshot(late.id);
    const res = await callback(late.transfer);
    expect(res.statusCode).toBe(409);
    expect(res.json().data.error_code).toBe('va_closed');
    expect(await snapshot(late.id)).toEqual(before);

    const rejected = await newApplication();
    await t.app.db.update(applications).set({ status: 'rejected' }).where(eq(applications.id, rejected.id));
    expect((await callback(rejected.transfer)).json().data.error_code).toBe('va_closed');
  });

  it('answers 400, never 500, to malformed JSON and to a body outside the contract', async () => {
    const { id, transfer } = await newApplication();
    const before = await snapshot(id);
    for (const raw of ['{"transaction_id": "TX-1",', '', '{"__proto__": {"amount": 1}}']) {
      const res = await callback(raw);
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().data.error_code).toBe('bad_request');
    }
    const cases: [object, string][] = [
      [{ ...transfer, currency: 'USD' }, 'currency'],
      [{ ...transfer, amount: 290.5 }, 'amount'],
      [{ ...transfer, va_number: '123' }, 'va_number'],
      [{ ...transfer, paid_at: 'yesterday' }, 'paid_at'],
      [{ ...transfer, transaction_id: 'has space' }, 'transaction_id'],
      [{ ...transfer, note: 'extra' }, 'note'],
    ];
    for (const [body, field] of cases) {
      const res = await callback(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().data.error_code).toBe('validation_failed');
      expect(res.json().data.fields).toHaveProperty(field);
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('is documented in the OpenAPI document under payments', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/v1/payments/va-callback'].post;
    expect(op.tags).toEqual(['payments']);
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['header:x-bank-timestamp', 'header:x-bank-signature']),
    );
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties)).toEqual([
      'transaction_id',
      'va_number',
      'amount',
      'currency',
      'paid_at',
    ]);
  });
});

describe('bank callback secret', () => {
  it('is generated once in DATA_DIR (owner-only), kept across starts, and BANK_CALLBACK_SECRET wins', () => {
    expect(fs.statSync(path.join(t.dataDir, BANK_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-secret-'));
    try {
      const first = resolveBankCallbackSecret({ dataDir: dir });
      expect(resolveBankCallbackSecret({ dataDir: dir })).toBe(first);
      expect(fs.readdirSync(dir)).toEqual([BANK_SECRET_FILE]);
      expect(resolveBankCallbackSecret({ dataDir: dir, bankCallbackSecret: 's'.repeat(32) })).toBe('s'.repeat(32));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
