import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createOfficer } from './fixtures';
import { startTestApp, type TestApp } from './test-app';
import { act, applicationWithProof, issued, OFFICER, REASON } from './trust-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const detail = async (headers: Record<string, string>, id: number) =>
  (await t.app.inject({ method: 'GET', url: `${OFFICER}/${id}`, headers })).json().data;
const refused = (res: { statusCode: number; json(): { data: { error_code: string } } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().data.error_code).toBe('forbidden');
};

describe('officer roles: each role does its own duty and gets 403 for the others', () => {
  it('cashier verifies or refuses payments only', async () => {
    const cashier = await createOfficer(t.app, 'cashier');
    const { id } = await applicationWithProof(t);
    const d = await detail(cashier.headers, id);
    expect(d.officer_role).toBe('cashier');
    expect(d.actions).toEqual(['verify-payment', 'refuse-payment']); // not 'reject'
    refused(await act(t, cashier.headers, id, 'reject', { reason_codes: [REASON], notes: 'Blurred photo' }));
    expect((await act(t, cashier.headers, id, 'verify-payment')).statusCode).toBe(200);
    expect((await detail(cashier.headers, id)).actions).toEqual([]); // start-review is a reviewer's
    refused(await act(t, cashier.headers, id, 'start-review'));
  });

  it('reviewer starts and marks the review and rejects; the approver approves; neither verifies a payment or issues', async () => {
    const reviewer = await createOfficer(t.app, 'reviewer');
    const approver = await createOfficer(t.app, 'approver');
    const cashier = await createOfficer(t.app, 'cashier');
    const { id } = await applicationWithProof(t);
    expect((await detail(reviewer.headers, id)).actions).toEqual(['reject']);
    refused(await act(t, reviewer.headers, id, 'verify-payment'));
    expect((await act(t, cashier.headers, id, 'verify-payment')).statusCode).toBe(200);
    expect((await act(t, reviewer.headers, id, 'start-review')).statusCode).toBe(200);
    refused(await act(t, approver.headers, id, 'mark-reviewed'));
    expect((await act(t, reviewer.headers, id, 'mark-reviewed')).statusCode).toBe(200);
    refused(await act(t, reviewer.headers, id, 'approve'));
    expect((await detail(approver.headers, id)).actions).toEqual(['approve', 'request-information', 'reject']);
    expect((await act(t, approver.headers, id, 'approve')).statusCode).toBe(200);
    refused(await act(t, reviewer.headers, id, 'issue-certificate'));
    refused(await act(t, approver.headers, id, 'issue-certificate'));
    const other = await applicationWithProof(t);
    expect(
      (await act(t, reviewer.headers, other.id, 'reject', { reason_codes: [REASON], notes: 'Unreadable' })).statusCode,
    ).toBe(200);
  });

  it('issuer issues, marks picked up and asks for or confirms revocations; cannot approve or reject', async () => {
    const issuer = await createOfficer(t.app, 'issuer');
    const secondIssuer = await createOfficer(t.app, 'issuer');
    const reviewer = await createOfficer(t.app, 'reviewer');
    const approver = await createOfficer(t.app, 'approver');
    const cashier = await createOfficer(t.app, 'cashier');
    const { id } = await applicationWithProof(t);
    refused(await act(t, issuer.headers, id, 'reject', { reason_codes: [REASON] }));
    await act(t, cashier.headers, id, 'verify-payment');
    await act(t, reviewer.headers, id, 'start-review');
    await act(t, reviewer.headers, id, 'mark-reviewed');
    refused(await act(t, issuer.headers, id, 'approve'));
    expect((await act(t, approver.headers, id, 'approve')).statusCode).toBe(200);
    expect((await detail(issuer.headers, id)).actions).toEqual(['issue-certificate']);
    expect((await act(t, issuer.headers, id, 'issue-certificate')).statusCode).toBe(200);
    expect((await detail(issuer.headers, id)).actions).toEqual(['request-revocation']);
    refused(await act(t, reviewer.headers, id, 'request-revocation', { notes: 'Issued in error' }));
    expect((await act(t, issuer.headers, id, 'request-revocation', { notes: 'Issued in error' })).statusCode).toBe(200);
    // The one who asked may not confirm; a second issuer does.
    expect((await detail(issuer.headers, id)).actions).toEqual([]);
    expect((await detail(secondIssuer.headers, id)).actions).toEqual(['revoke']);
    expect((await act(t, secondIssuer.headers, id, 'revoke')).statusCode).toBe(200);
  });

  it('admin may do everything', async () => {
    const { id } = await issued(t);
    const admin = await createOfficer(t.app, 'admin');
    expect((await detail(admin.headers, id)).actions).toEqual(['request-revocation']);
  });

  it('an officer cannot act on an application they submitted as a citizen, whatever their role', async () => {
    const admin = await createOfficer(t.app, 'admin');
    const { id } = await applicationWithProof(t, admin);
    const d = await detail(admin.headers, id);
    expect(d).toMatchObject({ own_application: true, actions: [] });
    refused(await act(t, admin.headers, id, 'verify-payment'));
    const colleague = await createOfficer(t.app, 'cashier');
    expect((await act(t, colleague.headers, id, 'verify-payment')).statusCode).toBe(200);
  });

  it('citizens get 403 on every officer route', async () => {
    const citizen = await createAccount(t.app);
    const { id } = await applicationWithProof(t);
    refused(await act(t, citizen.headers, id, 'verify-payment'));
    refused(await act(t, citizen.headers, id, 'revoke', { notes: 'x' }));
  });
});
