import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors';
import type { VaCallbackAnswer, VaCallbackBody } from '../../contract/payments';
import { PaymentStatus, Status } from '../../contract/status';
import type { Db } from '../db/client';
import { applications, bankPayments } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { changeStatus, confirmWaitingPayment } from './application-status';
import { clockStart } from './officers/clock';
import { notify } from './notifications';

const reused = () =>
  new HttpError(
    422,
    ErrorCode.idempotencyConflict,
    'This transaction_id was already received for another account or amount.',
  );

/**
 * A transfer the bank received on an application's virtual account (signature already checked).
 * One transaction: the payment is recorded with the change, so a retry of the same transaction_id
 * finds it and gets the first answer. Any refusal changes nothing, and tells the bank to refuse
 * (return) the transfer.
 */
export async function receiveBankTransfer(db: Db, body: VaCallbackBody, now = new Date()): Promise<VaCallbackAnswer> {
  // The bank's time of the transfer decides whether it beat the deadline (a retry may arrive
  // later); a time in the future counts as now.
  const paidAt = new Date(Math.min(Date.parse(body.paid_at), Date.now()));
  return db.transaction(async (tx) => {
    // Locked: two transfers to one account are taken one after the other, so the second sees the first.
    const [row] = await tx.select().from(applications).where(eq(applications.vaNumber, body.va_number)).for('update');
    if (!row) throw notFound('No application has this virtual account number.');
    const [known] = await tx.select().from(bankPayments).where(eq(bankPayments.transactionId, body.transaction_id));
    if (known) {
      if (known.applicationId !== row.id || known.amount !== body.amount) throw reused();
      return known.response as VaCallbackAnswer;
    }
    if (body.amount !== row.amount)
      throw new HttpError(422, ErrorCode.amountMismatch, `The amount due on this account is LAK ${row.amount}.`);
    if (row.paymentStatus === PaymentStatus.paid)
      throw new HttpError(409, ErrorCode.alreadyPaid, 'This application is already paid.');
    const open = row.status === Status.waitingForApprove || (row.status === Status.pending && paidAt <= row.deadline);
    if (!open) throw new HttpError(409, ErrorCode.vaClosed, 'This virtual account no longer takes payments.');

    const change = { application: row, actor: 'bank' as const, notes: `Bank transfer ${body.transaction_id}` };
    // The payment is confirmed now: the working-day clock starts today (day 0).
    const clock = await clockStart(tx, row.applicantData, now);
    if (row.status === Status.pending) {
      await changeStatus(tx, {
        ...change,
        to: Status.waitingForApprove,
        paymentStatus: PaymentStatus.paid,
        set: { paidAt, ...clock },
      });
    } else {
      // The citizen uploaded a proof first: the bank's word makes the officer's check unnecessary.
      await confirmWaitingPayment(tx, { ...change, paidAt, set: clock });
    }
    await notify(tx, row.userId, row.id, 'payment_confirmed', { ticket: row.ticketNumber });
    const answer: VaCallbackAnswer = {
      data: { id: row.id, status: Status.waitingForApprove, payment_status: PaymentStatus.paid },
    };
    // Same transaction_id at the same moment for another account: the unique index waits for it, then refuses.
    const inserted = await tx
      .insert(bankPayments)
      .values({
        transactionId: body.transaction_id,
        applicationId: row.id,
        amount: body.amount,
        paidAt,
        response: answer,
      })
      .onConflictDoNothing()
      .returning({ id: bankPayments.id });
    if (!inserted.length) throw reused();
    return answer;
  });
}
