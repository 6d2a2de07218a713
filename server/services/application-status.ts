import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors';
import { canTransition, PaymentStatus, Status } from '../../contract/status';
import type { Db } from '../db/client';
import { applications, statusHistory } from '../db/schema';
import { HttpError } from '../lib/http-error';

export type Actor = 'citizen' | 'officer' | 'bank' | 'system';

export interface StatusChange {
  /** The application as read in this transaction. */
  application: { id: number; status: string; paymentStatus: string };
  to: Status;
  actor: Actor;
  actorId?: number | null;
  notes?: string | null;
  paymentStatus?: PaymentStatus;
  /** Other columns that change with the status (paid_at, pickup date…). */
  set?: Partial<typeof applications.$inferInsert>;
  /** The catalogued reasons a rejection or a request to the citizen named. */
  reasonCodes?: string[] | null;
  /** A fixed note of ours, shown in the reader's language instead of `notes`. */
  notesCode?: string | null;
}

export const invalidTransition = (from: string, to: string) =>
  new HttpError(409, ErrorCode.invalidTransition, `An application in status "${from}" cannot move to "${to}".`);

/**
 * Writes `set` to the application only if its status and payment status are still the ones `read`
 * (nobody changed it since: two officers, a citizen and the bank at once); otherwise the move to
 * `to` is refused as a conflict and nothing is written.
 */
export async function updateIfUnchanged(
  tx: Db,
  read: { id: number; status: string; paymentStatus: string },
  set: Partial<typeof applications.$inferInsert>,
  to: string,
): Promise<void> {
  const updated = await tx
    .update(applications)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(applications.id, read.id),
        eq(applications.status, read.status),
        eq(applications.paymentStatus, read.paymentStatus),
      ),
    )
    .returning({ id: applications.id });
  if (!updated.length) throw invalidTransition(read.status, to);
}

/**
 * The one way an application changes status (docs/decisions.md#the-application-status-machine):
 * only the transitions of the machine, applied only if nobody changed the status since it was read
 * (two officers, a citizen and the bank at once), and recorded in status_history with who, when,
 * from, to and notes.
 */
export async function changeStatus(tx: Db, change: StatusChange): Promise<void> {
  const { application, to, actor } = change;
  const from = application.status as Status;
  if (!canTransition(from, to)) throw invalidTransition(from, to);
  const paymentTo = change.paymentStatus ?? (application.paymentStatus as PaymentStatus);
  await updateIfUnchanged(tx, application, { ...change.set, status: to, paymentStatus: paymentTo }, to);
  await tx.insert(statusHistory).values({
    applicationId: application.id,
    fromStatus: from,
    toStatus: to,
    fromPaymentStatus: application.paymentStatus,
    toPaymentStatus: paymentTo,
    actor,
    actorId: change.actorId ?? null,
    notes: change.notes ?? null,
    notesCode: change.notesCode ?? null,
    reasonCodes: change.reasonCodes ?? null,
  });
}

/**
 * A proof is waiting and the payment is now confirmed (by an officer, or by the bank): the payment
 * becomes paid while the status stays 'waiting for approve', so changeStatus does not apply; this is
 * the same optimistic check and the same history row (from = to, only the payment status moves).
 */
export async function confirmWaitingPayment(
  tx: Db,
  change: Omit<StatusChange, 'to' | 'paymentStatus'> & { paidAt: Date },
): Promise<void> {
  const { application } = change;
  if (application.status !== Status.waitingForApprove || application.paymentStatus !== PaymentStatus.unpaid) {
    throw invalidTransition(application.status, Status.waitingForApprove);
  }
  await updateIfUnchanged(
    tx,
    application,
    { ...change.set, paymentStatus: PaymentStatus.paid, paidAt: change.paidAt },
    Status.waitingForApprove,
  );
  await tx.insert(statusHistory).values({
    applicationId: application.id,
    fromStatus: Status.waitingForApprove,
    toStatus: Status.waitingForApprove,
    fromPaymentStatus: PaymentStatus.unpaid,
    toPaymentStatus: PaymentStatus.paid,
    actor: change.actor,
    actorId: change.actorId ?? null,
    notes: change.notes ?? null,
  });
}
