import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Status } from '../../contract/status';
import { PICKUP_SLOTS } from '../../contract/pickup';
import { applications } from '../../server/db/schema';
import { resolveBankCallbackSecret, signBankCallback } from '../../server/lib/bank-signature';
import { applicationBody } from './application-fixtures';
import { createAccount, createOfficer } from './fixtures';
import { openDay } from './pickup-days';

export const BASE = '/api/v1/citizen/resident-certificate';
const OFFICER = '/api/v1/officer/applications';

/** A citizen's application created through the API. */
export async function newApplication(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const citizen = await createAccount(app);
  const res = await app.inject({
    method: 'POST',
    url: `${BASE}/create-new`,
    headers: citizen.headers,
    payload: await applicationBody(app, overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create-new answered ${res.statusCode}: ${res.body}`);
  return { citizen, id: res.json().data.id as number };
}

type Citizen = { headers: Record<string, string> };
type Ready = typeof Status.certificateIssued | typeof Status.waitingToPickup | typeof Status.pickedUp;

type Officer = { headers: Record<string, string> };
/** Two officers per app: one reviews and issues, the other approves (four eyes). */
const officers = new WeakMap<FastifyInstance, Promise<[Officer, Officer]>>();

/** The bank's signed "paid" callback for the application's virtual account, as the bank sends it. */
async function bankPays(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(applications).where(eq(applications.id, id));
  const raw = JSON.stringify({
    transaction_id: `TX-${crypto.randomUUID()}`,
    va_number: row.vaNumber,
    amount: row.amount,
    currency: 'LAK',
    paid_at: new Date().toISOString(),
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const secret = resolveBankCallbackSecret(app.config);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/va-callback',
    headers: {
      'content-type': 'application/json',
      'x-bank-timestamp': timestamp,
      'x-bank-signature': signBankCallback(secret, timestamp, raw),
    },
    payload: raw,
  });
  if (res.statusCode !== 200) throw new Error(`va-callback answered ${res.statusCode}: ${res.body}`);
}

/**
 * An application taken to `until` the way it happens: the bank's callback pays it, an officer
 * reviews, a second officer approves (four eyes), the first issues the certificate (the real code from the real generator); for the
 * later statuses the citizen books a pick-up and the officer hands the certificate over.
 */
export async function issueCertificate(
  app: FastifyInstance,
  application: { id: number; citizen: Citizen },
  until: Ready = Status.certificateIssued,
): Promise<string> {
  const { id, citizen } = application;
  if (!officers.has(app)) officers.set(app, Promise.all([createOfficer(app), createOfficer(app)]));
  const [officer, approver] = await officers.get(app)!;
  const post = (path: string, headers: Record<string, string>, payload: object = {}) =>
    app.inject({ method: 'POST', url: path, headers, payload });
  const act = async (path: string, headers: Record<string, string>, payload: object = {}) => {
    const res = await post(path, headers, payload);
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
    return res.json().data as { certificate_code?: string };
  };
  await bankPays(app, id);
  let code = '';
  for (const [action, by] of [
    ['start-review', officer],
    ['mark-reviewed', officer],
    ['approve', approver],
    ['issue-certificate', officer],
  ] as const) {
    const data = await act(`${OFFICER}/${id}/${action}`, by.headers);
    code = data.certificate_code ?? code;
  }
  if (until === Status.certificateIssued) return code;
  // A slot far enough ahead that the tests' own bookings (the first open days) never meet it; on a
  // database kept between runs a slot may be full already (409 slot_unavailable): another is tried.
  for (let attempt = 0; ; attempt++) {
    const date = openDay(10 + crypto.randomInt(10)); // within PICKUP_DAYS_AHEAD (30 days)
    const time = PICKUP_SLOTS[crypto.randomInt(PICKUP_SLOTS.length)];
    const res = await post(`${BASE}/${id}/set-pickup-date`, citizen.headers, { date, time });
    if (res.statusCode === 200) break;
    const full = res.statusCode === 409 && res.json().data?.error_code === 'slot_unavailable';
    if (!full || attempt >= 20) throw new Error(`set-pickup-date answered ${res.statusCode}: ${res.body}`);
  }
  if (until === Status.pickedUp) await act(`${OFFICER}/${id}/mark-picked-up`, officer.headers);
  return code;
}

/** An application issued and ready: the citizen, its id and the certificate code. */
export async function issuedApplication(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const { citizen, id } = await newApplication(app, overrides);
  const code = await issueCertificate(app, { id, citizen });
  return { citizen, id, code };
}
