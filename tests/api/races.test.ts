import { somePlace, applicationBody, dataUrl, png } from './application-fixtures';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentStatus, Status } from '../../contract/status';
import { applications, bankPayments, documents, pickupSlots, statusHistory } from '../../server/db/schema';
import { resolveBankCallbackSecret, signBankCallback } from '../../server/lib/bank-signature';
import { BASE, issueCertificate, newApplication } from './certificate-fixtures';
import { createAccount, createOfficer } from './fixtures';
import { openDay } from './pickup-days';
import { startTestApp, type TestApp } from './test-app';

/**
 * Races, exactly (issue: hardening): many identical or competing requests at the same moment must
 * leave one consistent result, recorded once. On PostgreSQL (CI's second run) they really run in
 * parallel on a pool of connections.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const load = async (id: number) => (await t.app.db.select().from(applications).where(eq(applications.id, id)))[0];
const historyOf = (id: number) => t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id));
const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('races', () => {
  it('30 parallel create-new with one Idempotency-Key make one application', async () => {
    const citizen = await createAccount(t.app);
    const body = await applicationBody(t.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(`${BASE}/create-new`, { ...citizen.headers, 'idempotency-key': 'same-key-create-0001' }, body),
      ),
    );
    const mine = await t.app.db.select().from(applications).where(eq(applications.userId, citizen.user.id));
    expect(mine).toHaveLength(1);
    // Each answer is the application (first or replayed) or "still in progress, retry later".
    for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);
    const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().data.id));
    expect([...ids]).toEqual([mine[0].id]);
    expect(await t.app.db.select().from(documents).where(eq(documents.applicationId, mine[0].id))).toHaveLength(3);
    expect(await historyOf(mine[0].id)).toHaveLength(1);
  });

  it('20 citizens booking the last place of a slot: exactly the capacity is booked', async () => {
    const capacity = t.app.config.pickup.capacity;
    const date = openDay(3);
    const time = '08:00 AM';
    const office = (await somePlace(t.app)).district.id;
    await t.app.db.insert(pickupSlots).values({ districtId: office, date, time, booked: capacity - 1 });
    const citizens = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { citizen, id } = await newApplication(t.app);
        await issueCertificate(t.app, { id, citizen });
        return { citizen, id };
      }),
    );
    const answers = await Promise.all(
      citizens.map(({ citizen, id }) => post(`${BASE}/${id}/set-pickup-date`, citizen.headers, { date, time })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().data.error_code)).toEqual(
      Array(19).fill('slot_unavailable'),
    );
    const [slot] = await t.app.db
      .select()
      .from(pickupSlots)
      .where(and(eq(pickupSlots.date, date), eq(pickupSlots.time, time)));
    expect(slot.booked).toBe(capacity);
    const booked = (await Promise.all(citizens.map(({ id }) => load(id)))).filter(
      (r) => r.status === Status.waitingToPickup,
    );
    expect(booked).toHaveLength(1);
  });

  it('parallel proof uploads: the application moves once, every stored proof is whole', async () => {
    const { citizen, id } = await newApplication(t.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(`${BASE}/${id}/upload-payment`, citizen.headers, {
          proof_of_payment: dataUrl(png(720 + i, 1280)),
          proof_of_payment_name: `proof-${i}.png`,
        }),
      ),
    );
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    const row = await load(id);
    expect(row.status).toBe(Status.waitingForApprove);
    expect((await historyOf(id)).filter((h) => h.toStatus === Status.waitingForApprove)).toHaveLength(1);
    const proofs = await t.app.db
      .select()
      .from(documents)
      .where(and(eq(documents.applicationId, id), eq(documents.kind, 'proof_of_payment')));
    expect(proofs.length).toBe(answers.filter((a) => a.statusCode === 200).length);
    for (const p of proofs) expect((await t.app.documents.read(p)).length).toBe(p.size);
  });

  it('parallel officer actions on one application: one wins, recorded once', async () => {
    const { citizen, id } = await newApplication(t.app);
    await post(`${BASE}/${id}/upload-payment`, citizen.headers, { proof_of_payment: dataUrl(png(720, 1280)) });
    const officers = await Promise.all(Array.from({ length: 5 }, () => createOfficer(t.app)));
    const verify = await Promise.all(
      officers.map((o) => post(`/api/v1/officer/applications/${id}/verify-payment`, o.headers, {})),
    );
    expect(verify.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of verify.filter((x) => x.statusCode !== 200)) expect(a.statusCode, a.body).toBe(409);
    const review = await Promise.all(
      officers.flatMap((o) => [
        post(`/api/v1/officer/applications/${id}/start-review`, o.headers, {}),
        post(
          `/api/v1/officer/applications/${id}/start-review`,
          { ...o.headers, 'idempotency-key': `review-${o.user.id}` },
          {},
        ),
      ]),
    );
    expect(review.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of review.filter((x) => x.statusCode !== 200)) expect(a.statusCode, a.body).toBe(409);
    const history = await historyOf(id);
    expect(
      history.filter((h) => h.toPaymentStatus === PaymentStatus.paid && h.fromPaymentStatus !== PaymentStatus.paid),
    ).toHaveLength(1);
    expect(history.filter((h) => h.toStatus === Status.inValidation)).toHaveLength(1);
  });

  it("a bank callback racing an officer's verify: paid once, one history row, the loser refused", async () => {
    const secret = resolveBankCallbackSecret(t.app.config);
    const officer = await createOfficer(t.app);
    for (let round = 0; round < 5; round++) {
      const { citizen, id } = await newApplication(t.app);
      await post(`${BASE}/${id}/upload-payment`, citizen.headers, { proof_of_payment: dataUrl(png(720, 1280)) });
      const row = await load(id);
      const raw = JSON.stringify({
        transaction_id: `TX-race-${id}`,
        va_number: row.vaNumber,
        amount: row.amount,
        currency: 'LAK',
        paid_at: new Date().toISOString(),
      });
      const ts = String(Math.floor(Date.now() / 1000));
      const [bank, officerAnswer] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/v1/payments/va-callback',
          headers: {
            'content-type': 'application/json',
            'x-bank-timestamp': ts,
            'x-bank-signature': signBankCallback(secret, ts, raw),
          },
          payload: raw,
        }),
        post(`/api/v1/officer/applications/${id}/verify-payment`, officer.headers, {}),
      ]);
      const codes = [bank.statusCode, officerAnswer.statusCode].sort();
      expect(codes, `${bank.body} / ${officerAnswer.body}`).toEqual([200, 409]);
      const after = await load(id);
      expect(after.paymentStatus).toBe(PaymentStatus.paid);
      expect(after.status).toBe(Status.waitingForApprove);
      const paidRows = (await historyOf(id)).filter(
        (h) => h.toPaymentStatus === PaymentStatus.paid && h.fromPaymentStatus !== PaymentStatus.paid,
      );
      expect(paidRows).toHaveLength(1);
      expect(paidRows[0].actor).toBe(bank.statusCode === 200 ? 'bank' : 'officer');
      // The bank's record exists only when the bank won (a refused transfer is returned).
      expect(await t.app.db.select().from(bankPayments).where(eq(bankPayments.applicationId, id))).toHaveLength(
        bank.statusCode === 200 ? 1 : 0,
      );
    }
  });
});
