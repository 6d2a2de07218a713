import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { applicationBody, dataUrl, png } from './application-fixtures';
import { createAccount, createOfficer } from './fixtures';

export const CITIZEN = '/api/v1/citizen/resident-certificate';
export const OFFICER = '/api/v1/officer/applications';

type Headers = Record<string, string>;

/** A citizen's application submitted through the citizen API (status 'pending payment'). */
export async function submittedApplication(
  t: TestApp,
  citizen?: Awaited<ReturnType<typeof createAccount>>,
  overrides: Record<string, unknown> = {},
) {
  citizen ??= await createAccount(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `${CITIZEN}/create-new`,
    headers: citizen.headers,
    payload: await applicationBody(t.app, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { citizen, id: res.json().data.id as number };
}

/** The citizen uploads a proof of payment for the application. */
export async function uploadProof(t: TestApp, headers: Headers, id: number) {
  const up = await t.app.inject({
    method: 'POST',
    url: `${CITIZEN}/${id}/upload-payment`,
    headers,
    payload: { proof_of_payment: dataUrl(png(720, 1280)), proof_of_payment_name: 'transfer.png' },
  });
  expect(up.statusCode, up.body).toBe(200);
}

/** A citizen's application with the proof of payment uploaded (status 'waiting for approve'). */
export async function applicationWithProof(
  t: TestApp,
  citizen?: Awaited<ReturnType<typeof createAccount>>,
  overrides: Record<string, unknown> = {},
) {
  const submitted = await submittedApplication(t, citizen, overrides);
  await uploadProof(t, submitted.citizen.headers, submitted.id);
  return submitted;
}

export const act = (t: TestApp, headers: Headers, id: number, action: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `${OFFICER}/${id}/${action}`, headers, payload });

/**
 * Takes an application from proof to 'certificate issued' the way the office does it: an admin
 * checks the payment, reviews and issues, and a second admin approves (four eyes).
 */
export async function issued(
  t: TestApp,
  citizen?: Awaited<ReturnType<typeof createAccount>>,
  overrides: Record<string, unknown> = {},
) {
  const admin = await createOfficer(t.app, 'admin');
  const approver = await createOfficer(t.app, 'admin');
  const { citizen: owner, id } = await applicationWithProof(t, citizen, overrides);
  const steps: [string, Headers][] = [
    ['verify-payment', admin.headers],
    ['start-review', admin.headers],
    ['mark-reviewed', admin.headers],
    ['approve', approver.headers],
    ['issue-certificate', admin.headers],
  ];
  for (const [action, headers] of steps) {
    const res = await act(t, headers, id, action);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  }
  return { citizen: owner, id, admin, approver };
}

/** A reason of the seeded catalogue, for rejections and requests to the citizen in tests. */
export const REASON = 'household_book_unreadable';
