import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Fee } from '../../contract/application';
import { ErrorCode } from '../../contract/errors';
import { PaymentStatus, Status } from '../../contract/status';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { applications } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { storeDocuments, type IncomingDocument } from './application-documents';
import { changeStatus, invalidTransition } from './application-status';
import type { ApplicationRow } from './applications';
import { decodeDocument } from './documents';
import type { IdempotencyScope } from './idempotency';
import { notify } from './notifications';

/** The fee of a new application, from configuration (defaults LAK 20,000 + 9,000 = 29,000). */
export function currentFee(config: Config): Fee {
  const lines: Fee['lines'] = [
    { key: 'payment', amount: config.fee.payment },
    { key: 'processing_fee', amount: config.fee.processing },
  ];
  return { lines, total: lines.reduce((sum, l) => sum + l.amount, 0), currency: 'LAK', recipient: config.fee.recipient, payment_window_hours: config.fee.windowHours };
}

export const paymentDeadline = (createdAt: Date, config: Config) => new Date(createdAt.getTime() + config.fee.windowHours * 3_600_000);

/**
 * Proof of payment (jpg or png, 10 MB). The first proof moves a pending application to
 * 'waiting for approve'; while it waits, a better picture may replace the proof. After the deadline
 * an unpaid application takes no proof: it is (or is about to be) rejected and the citizen applies again.
 */
export async function receiveProofOfPayment(app: FastifyInstance, row: ApplicationRow, proof: IncomingDocument, scope: IdempotencyScope) {
  if (!proof.dataUrl) throw new HttpError(400, ErrorCode.validation, 'Proof of payment is required', { proof_of_payment: 'required' });
  if (row.paymentStatus === PaymentStatus.paid || (row.status !== Status.pending && row.status !== Status.waitingForApprove)) {
    throw invalidTransition(row.status, Status.waitingForApprove);
  }
  if (row.status === Status.pending && row.deadline.getTime() < Date.now()) {
    throw new HttpError(422, ErrorCode.paymentDeadlinePassed, 'The payment deadline has passed.');
  }
  const doc = decodeDocument(proof.dataUrl, 'proof_of_payment');
  const stored = await app.documents.prepare(doc);
  return app.db.transaction(async (tx) => {
    await storeDocuments(tx, row.userId, row.id, [{ kind: 'proof_of_payment', name: proof.name, doc, stored }]);
    if (row.status === Status.pending) {
      await changeStatus(tx, { application: row, to: Status.waitingForApprove, actor: 'citizen', actorId: row.userId, notes: 'Proof of payment uploaded' });
      await notify(tx, row.userId, row.id, 'proof_received', { ticket: row.ticketNumber });
    } else {
      // A replaced proof, only while no officer has taken it up (re-checked in this transaction).
      const still = await tx.update(applications).set({ updatedAt: new Date() })
        .where(and(eq(applications.id, row.id), eq(applications.status, Status.waitingForApprove), eq(applications.paymentStatus, PaymentStatus.unpaid)))
        .returning({ id: applications.id });
      if (!still.length) throw invalidTransition(row.status, Status.waitingForApprove);
    }
    const body = { message: 'success_upload_payment', data: { id: row.id, status: Status.waitingForApprove } };
    await scope.remember(tx, { statusCode: 200, body });
    return body;
  });
}

/** Pending applications whose deadline passed unpaid are rejected (DECISIONS §3), with a notification. */
export async function rejectOverdueApplications(db: Db, now = new Date()): Promise<number> {
  const overdue = await db.select().from(applications)
    .where(and(eq(applications.status, Status.pending), eq(applications.paymentStatus, PaymentStatus.unpaid), lt(applications.deadline, now)));
  let rejected = 0;
  for (const row of overdue) {
    try {
      await db.transaction(async (tx) => {
        const notes = 'The payment deadline passed without payment.';
        await changeStatus(tx, { application: row, to: Status.rejected, actor: 'system', notes, set: { notes } });
        await notify(tx, row.userId, row.id, 'rejected', { ticket: row.ticketNumber, notes });
      });
      rejected++;
    } catch (err) {
      // Changed meanwhile (a proof arrived at the last second): the status check refused it, rightly.
      if (!(err instanceof HttpError)) throw err;
    }
  }
  return rejected;
}
