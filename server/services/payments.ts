import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/errors';
import { PaymentStatus, Status } from '../../contract/status';
import { applications, statusHistory } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { isSent, prepareDocuments, storeDocuments, useUploads, type IncomingDocument } from './application-documents';
import { changeStatus, invalidTransition, updateIfUnchanged } from './application-status';
import type { ApplicationRow } from './applications';
import type { IdempotencyScope } from './idempotency';
import { queueCitizenMail } from './citizen-mails';
import { notify } from './notifications';
import { DEADLINE_NOTE, DEADLINE_NOTE_CODE } from './payment-terms';

/**
 * Proof of payment (jpg or png, 10 MB). The first proof moves a pending application to
 * 'waiting for approve'; while it waits, a better picture may replace the proof. After the deadline
 * an unpaid application takes no proof: it is (or is about to be) rejected and the citizen applies again.
 */
export async function receiveProofOfPayment(
  app: FastifyInstance,
  row: ApplicationRow,
  proof: IncomingDocument,
  scope: IdempotencyScope,
) {
  if (!isSent(proof))
    throw new HttpError(400, ErrorCode.validation, 'Proof of payment is required', { proof_of_payment: 'required' });
  if (
    row.paymentStatus === PaymentStatus.paid ||
    (row.status !== Status.pending && row.status !== Status.waitingForApprove)
  ) {
    throw invalidTransition(row.status, Status.waitingForApprove);
  }
  if (row.status === Status.pending && row.deadline.getTime() < Date.now()) {
    throw new HttpError(422, ErrorCode.paymentDeadlinePassed, 'The payment deadline has passed.');
  }
  const prepared = await prepareDocuments(app, row.userId, [{ kind: 'proof_of_payment', incoming: proof }]);
  const answer = await app.db.transaction(async (tx) => {
    await storeDocuments(tx, row.userId, row.id, prepared);
    await useUploads(app, tx, row.userId, prepared);
    if (row.status === Status.pending) {
      await changeStatus(tx, {
        application: row,
        to: Status.waitingForApprove,
        actor: 'citizen',
        actorId: row.userId,
        notes: 'Proof of payment uploaded',
      });
      await notify(tx, row.userId, row.id, 'proof_received', { ticket: row.ticketNumber });
    } else {
      // A replaced proof, only while no officer has taken it up (re-checked in this transaction).
      await updateIfUnchanged(
        tx,
        { id: row.id, status: Status.waitingForApprove, paymentStatus: PaymentStatus.unpaid },
        {},
        Status.waitingForApprove,
      );
    }
    const body = { message: 'success_upload_payment', data: { id: row.id, status: Status.waitingForApprove } };
    await scope.remember(tx, { statusCode: 200, body });
    return body;
  });
  await app.uploads.discardFiles(prepared.flatMap((p) => (p.uploadId ? [p.uploadId] : [])));
  return answer;
}

/**
 * Pending applications whose deadline passed unpaid become rejected, with a history
 * row, a notification and a mail. One conditional UPDATE … RETURNING takes them: with several
 * instances running it at once, PostgreSQL lets each row change once (the second UPDATE re-checks
 * `status = 'pending'` after the first commits and skips it), so each application is handled once.
 */
export async function rejectOverdueApplications(app: FastifyInstance, now = new Date()): Promise<number> {
  const expired = await app.db.transaction(async (tx) => {
    const rows = await tx
      .update(applications)
      .set({ status: Status.rejected, notes: DEADLINE_NOTE, updatedAt: now })
      .where(
        and(
          eq(applications.status, Status.pending),
          eq(applications.paymentStatus, PaymentStatus.unpaid),
          lt(applications.deadline, now),
        ),
      )
      .returning({ id: applications.id, userId: applications.userId, ticket: applications.ticketNumber });
    for (const row of rows) {
      await tx.insert(statusHistory).values({
        applicationId: row.id,
        fromStatus: Status.pending,
        toStatus: Status.rejected,
        fromPaymentStatus: PaymentStatus.unpaid,
        toPaymentStatus: PaymentStatus.unpaid,
        actor: 'system',
        notes: DEADLINE_NOTE,
        notesCode: DEADLINE_NOTE_CODE,
        createdAt: now,
      });
      await notify(tx, row.userId, row.id, 'rejected', { ticket: row.ticket, notes: DEADLINE_NOTE });
      await queueCitizenMail(tx, app.config.appBaseUrl, row.userId, {
        kind: 'rejected',
        ticket: row.ticket,
        applicationId: row.id,
        notesCode: DEADLINE_NOTE_CODE,
      });
    }
    return rows;
  });
  if (expired.length) await app.mailQueue.kick();
  return expired.length;
}
