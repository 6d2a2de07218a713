import { expect } from 'vitest';
import type { users } from '../../server/db/schema';
import { createAccount } from './fixtures';
import type { TestApp } from './test-app';
import { act, applicationWithProof } from './trust-fixtures';

/** Helpers of the officer's-day tests (tests/api/officer-day-*.test.ts). */

type Headers = Record<string, string>;
export type Officer = Awaited<ReturnType<typeof createAccount>>;
type Role = 'cashier' | 'reviewer' | 'approver' | 'issuer' | 'admin';
type OfficeColumns = Pick<typeof users.$inferInsert, 'officeLevel' | 'officeProvinceId' | 'officeDistrictId'>;

export const TASKS = '/api/v1/officer/tasks';
export const CALENDAR = '/api/v1/officer/calendar';

/** An officer with a name of their own (messages name the holder of a claim), national unless told. */
export const namedOfficer = (
  t: TestApp,
  role: Role,
  firstName: string,
  office: OfficeColumns = { officeLevel: 'national' },
) => createAccount(t.app, { role: 'officer', officerRole: role, firstName, lastName: 'Officer', ...office });

/** Puts the service on a chosen instant (the working-day clock, claims, requests read app.clock). */
export const setNow = (t: TestApp, iso: string) => {
  const at = new Date(iso);
  t.app.clock.now = () => at;
};
export const realNow = (t: TestApp) => {
  t.app.clock.now = () => new Date();
};

export const get = async (t: TestApp, url: string, headers: Headers) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return res;
};
export const post = (t: TestApp, url: string, headers: Headers, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

/** The action must succeed. */
export async function must(t: TestApp, headers: Headers, id: number, action: string, payload: object = {}) {
  const res = await act(t, headers, id, action, payload);
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  return res.json().data as { status: string };
}

/** An application whose payment the cashier confirmed now (app.clock): the clock runs from today. */
export async function paidApplication(t: TestApp, cashier: Officer, overrides: Record<string, unknown> = {}) {
  const { citizen, id } = await applicationWithProof(t, undefined, overrides);
  await must(t, cashier.headers, id, 'verify-payment');
  return { citizen, id };
}

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** A finished resumable upload of `kind` (tus, one piece): its id, as an answer references it. */
export async function finishedUpload(t: TestApp, headers: Headers, kind: string, bytes: Buffer): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      ...headers,
      ...TUS,
      'upload-length': String(bytes.length),
      'upload-metadata': `kind ${b64(kind)},filename ${b64(`${kind}.pdf`)}`,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  const sent = await t.app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...headers, ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    payload: bytes,
  });
  expect(sent.statusCode, sent.body).toBe(204);
  return location.split('/').pop()!;
}
