import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationBody, dataUrl, png } from './application-fixtures';
import { createAccount, createOfficer } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const BASE = '/api/v1/citizen/resident-certificate';

describe("an officer's documents are those their job needs", () => {
  it('a cashier sees the proof of payment, not the household book nor the other documents', async () => {
    const citizen = await createAccount(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: `${BASE}/create-new`,
      headers: citizen.headers,
      payload: await applicationBody(t.app),
    });
    const id = created.json().data.id as number;
    const proof = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${id}/upload-payment`,
      headers: citizen.headers,
      payload: { proof_of_payment: dataUrl(png(720, 1280)) },
    });
    expect(proof.statusCode, proof.body).toBeLessThan(300);

    const open = (headers: Record<string, string>, kind: string) =>
      t.app.inject({ method: 'GET', url: `${BASE}/${id}/documents/${kind}`, headers });
    const cashier = await createOfficer(t.app, 'cashier');
    for (const kind of ['household_registration_book', 'proof_of_residence', 'applicant_photo']) {
      const res = await open(cashier.headers, kind);
      expect(res.statusCode, kind).toBe(403);
      expect(res.json().data.error_code).toBe('forbidden');
    }
    expect((await open(cashier.headers, 'proof_of_payment')).statusCode).toBe(200);

    const reviewer = await createOfficer(t.app, 'reviewer');
    expect((await open(reviewer.headers, 'household_registration_book')).statusCode).toBe(200);
    // The citizen's own documents stay theirs to read.
    expect((await open(citizen.headers, 'household_registration_book')).statusCode).toBe(200);
  });
});
