import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Status } from '../../contract/status';
import { applications, statusHistory } from '../../server/db/schema';
import { applicationBody } from './application-fixtures';
import { createAccount } from './fixtures';

export const BASE = '/api/v1/citizen/resident-certificate';

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

/**
 * What the officer's "issue certificate" does, written directly: status, a random unique code and
 * the status-history row (the officer screens are tested on their own).
 */
export async function issueCertificate(app: FastifyInstance, id: number, status: string = Status.certificateIssued) {
  const code = crypto
    .randomBytes(9)
    .toString('base64url')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X');
  const [before] = await app.db.select().from(applications).where(eq(applications.id, id));
  await app.db
    .update(applications)
    .set({ status, paymentStatus: 'paid', certificateCode: code, updatedAt: new Date() })
    .where(eq(applications.id, id));
  await app.db.insert(statusHistory).values({
    applicationId: id,
    fromStatus: before.status,
    toStatus: Status.certificateIssued,
    fromPaymentStatus: before.paymentStatus,
    toPaymentStatus: 'paid',
    actor: 'officer',
  });
  return code;
}

/** An application issued and ready: the citizen, its id and the certificate code. */
export async function issuedApplication(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const { citizen, id } = await newApplication(app, overrides);
  const code = await issueCertificate(app, id);
  return { citizen, id, code };
}
