import crypto from 'node:crypto';
import type * as v from 'valibot';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../../contract/errors';
import { roleAllows, type informationRequestBody, type OfficerAction } from '../../../contract/officer';
import { PaymentStatus, Status } from '../../../contract/status';
import { vientianeDay } from '../../../contract/working-days';
import type { Db } from '../../db/client';
import { applications, documents, statusHistory } from '../../db/schema';
import { forbidden, HttpError } from '../../lib/http-error';
import { logAccess } from '../access-log';
import { changeStatus, confirmWaitingPayment, invalidTransition } from '../application-status';
import type { ApplicationRow } from '../applications';
import { CERTIFICATE_STATUSES } from '../certificates';
import { queueCitizenMail, type CitizenMail } from '../citizen-mails';
import type { IdempotencyScope } from '../idempotency';
import { notify } from '../notifications';
import { paymentDeadline } from '../payment-terms';
import { releasePickup } from '../pickup';
import { revokeWalletCredentials } from '../wallet';
import { releaseClaimOf, takeClaim, taskOfRow } from './claims';
import { clockStart } from './clock';
import { clearDraft } from './notes';
import { findApplication, roleOf, type OfficerUser } from './queue';
import { checkedReasons } from './reasons';
import { reasonNote, reasonWords } from './request-words';
import { askCitizen, closeOpenRequest } from './requests';

/** Kind a refused proof is kept under: on record for audit, no longer the application's proof. */
export const REFUSED_PROOF_KIND = 'refused_proof_of_payment';

/** 128 random bits in RFC 4648 base32 (26 characters, A-Z 2-7): unguessable, easy to read aloud. */
export function newCertificateCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = crypto.randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** What an action's body may carry (each route's schema decides which of these it takes). */
export interface ActionInput {
  officer: OfficerUser;
  notes?: string;
  reason_codes?: string[];
  request?: v.InferOutput<typeof informationRequestBody>;
}

const paymentNotVerified = () =>
  new HttpError(409, ErrorCode.invalidTransition, 'The payment must be verified before the review starts.');
const fourEyes = (message: string) => new HttpError(403, ErrorCode.fourEyes, message);

/** 403 unless the officer's role has this duty, and never on their own application (no self-approval). */
function assertMayAct(officer: OfficerUser, action: OfficerAction, row: ApplicationRow): void {
  if (!roleAllows(roleOf(officer), action))
    throw forbidden(`The ${roleOf(officer)} role may not ${action.replace(/-/g, ' ')}.`);
  if (row.userId === officer.id) throw forbidden('Officers may not act on their own application.');
}

/** A history row for a step that leaves the status as it is (a review, a revocation asked or done). */
async function sameStatusRow(tx: Db, row: ApplicationRow, officerId: number, notes: string | null, notesCode: string) {
  await tx.insert(statusHistory).values({
    applicationId: row.id,
    fromStatus: row.status,
    toStatus: row.status,
    fromPaymentStatus: row.paymentStatus,
    toPaymentStatus: row.paymentStatus,
    actor: 'officer',
    actorId: officerId,
    notes,
    notesCode,
  });
}

/**
 * One officer action in one transaction: re-reads the application, takes (or extends) the officer's
 * claim — 409 claimed_by_other when another officer holds it — applies the change through
 * changeStatus (only allowed transitions, optimistic check, history row with the officer as actor),
 * holds four eyes, tells the citizen, and stores the idempotent answer with the change. A decision
 * that moves the case to another queue releases the claim.
 */
export async function runOfficerAction(
  app: FastifyInstance,
  id: number,
  action: OfficerAction,
  input: ActionInput,
  scope: IdempotencyScope,
) {
  let mail: CitizenMail | null = null;
  let citizenId = 0;
  const now = app.clock.now();
  const result = await app.db.transaction(async (tx) => {
    const row = await findApplication(tx, id, input.officer);
    assertMayAct(input.officer, action, row);
    await takeClaim(tx, input.officer, row.id, now);
    citizenId = row.userId;
    const ticket = row.ticketNumber;
    const officerId = input.officer.id;
    const by = { actor: 'officer' as const, actorId: officerId, notes: input.notes || null };
    switch (action) {
      case 'verify-payment':
        // The status stays 'waiting for approve'; only the payment changes, and the clock starts.
        await confirmWaitingPayment(tx, {
          application: row,
          ...by,
          paidAt: now,
          set: await clockStart(tx, row.applicantData, now),
        });
        await notify(tx, row.userId, row.id, 'payment_confirmed', { ticket });
        mail = { kind: 'payment_confirmed', ticket, applicationId: row.id };
        break;
      case 'refuse-payment': {
        if (row.paymentStatus !== PaymentStatus.unpaid) throw invalidTransition(row.status, Status.pending);
        // The citizen gets a full payment window from now to send a better proof.
        const deadline = new Date(Math.max(row.deadline.getTime(), paymentDeadline(now, app.config).getTime()));
        await changeStatus(tx, {
          application: row,
          to: Status.pending,
          paymentStatus: PaymentStatus.unpaid,
          ...by,
          set: { deadline },
        });
        await tx
          .update(documents)
          .set({ kind: REFUSED_PROOF_KIND })
          .where(and(eq(documents.applicationId, row.id), eq(documents.kind, 'proof_of_payment')));
        await notify(tx, row.userId, row.id, 'proof_refused', { ticket, notes: input.notes });
        mail = { kind: 'proof_refused', ticket, applicationId: row.id, notes: input.notes };
        break;
      }
      case 'start-review':
        if (row.status === Status.waitingForApprove && row.paymentStatus !== PaymentStatus.paid)
          throw paymentNotVerified();
        await changeStatus(tx, { application: row, to: Status.inValidation, ...by });
        await notify(tx, row.userId, row.id, 'in_validation', { ticket });
        break;
      case 'mark-reviewed': {
        if (row.status !== Status.inValidation) throw invalidTransition(row.status, 'reviewed');
        // Conditional on nobody having reviewed it meanwhile: one review per pass.
        const reviewed = await tx
          .update(applications)
          .set({ reviewedBy: officerId, reviewedAt: now, updatedAt: now })
          .where(
            and(
              eq(applications.id, row.id),
              eq(applications.status, Status.inValidation),
              isNull(applications.reviewedBy),
            ),
          )
          .returning({ id: applications.id });
        if (!reviewed.length)
          throw new HttpError(409, ErrorCode.invalidTransition, 'This application was reviewed already.');
        await sameStatusRow(tx, row, officerId, input.notes || null, 'reviewed');
        break;
      }
      case 'approve':
        if (row.status === Status.inValidation && !row.reviewedBy)
          throw new HttpError(
            409,
            ErrorCode.invalidTransition,
            'A reviewer must review the application before approval.',
          );
        // Four eyes, for everyone, an admin with every right included.
        if (row.reviewedBy === officerId)
          throw fourEyes('You reviewed this application: a second officer approves it.');
        await changeStatus(tx, { application: row, to: Status.approved, ...by });
        // Production of the certificate starts at once: the officer's next step is to issue it.
        await changeStatus(tx, {
          application: { ...row, status: Status.approved },
          to: Status.waitingForCertificate,
          actor: 'system',
          actorId: null,
        });
        await notify(tx, row.userId, row.id, 'approved', { ticket });
        break;
      case 'issue-certificate':
        await changeStatus(tx, {
          application: row,
          to: Status.certificateIssued,
          ...by,
          // The signed issue date: every later download signs the same statement.
          set: { certificateCode: newCertificateCode(), certificateIssuedAt: now },
        });
        await notify(tx, row.userId, row.id, 'certificate_issued', { ticket });
        mail = { kind: 'certificate_issued', ticket, applicationId: row.id };
        break;
      case 'reject': {
        const reasons = await checkedReasons(tx, input.reason_codes ?? [], 'reject');
        const words = reasons.map(reasonWords);
        await changeStatus(tx, {
          application: row,
          to: Status.rejected,
          ...by,
          reasonCodes: reasons.map((r) => r.code),
          set: { notes: input.notes || null },
        });
        await closeOpenRequest(tx, row.id, now);
        await notify(tx, row.userId, row.id, 'rejected', {
          ticket,
          notesIn: { en: reasonNote(words, input.notes, 'en'), lo: reasonNote(words, input.notes, 'lo') },
        });
        mail = { kind: 'rejected', ticket, applicationId: row.id, notes: input.notes, reasons: words };
        break;
      }
      case 'request-information':
        if (row.status !== Status.inValidation) throw invalidTransition(row.status, Status.informationRequested);
        mail = await askCitizen(tx, {
          row,
          officerId,
          body: input.request!,
          now,
          answerDays: app.config.informationRequestDays,
        });
        break;
      case 'mark-picked-up':
        // A revoked certificate is not handed out.
        if (row.certificateRevokedAt) throw invalidTransition(row.status, Status.pickedUp);
        await changeStatus(tx, { application: row, to: Status.pickedUp, ...by });
        await notify(tx, row.userId, row.id, 'picked_up', { ticket });
        break;
      case 'request-revocation':
        await requestRevocation(tx, row, officerId, input.notes!, now);
        break;
      case 'revoke':
        mail = await confirmRevocation(tx, row, officerId, input.notes, now);
        break;
    }
    await logAccess(tx, { applicationId: row.id, officerId, action });
    await clearDraft(tx, officerId, row.id);
    const [after] = await tx.select().from(applications).where(eq(applications.id, row.id));
    // Moved to another queue, or in none (a revocation waits for anyone's confirmation): nobody holds it now.
    const today = vientianeDay(now);
    const task = taskOfRow(after, today);
    if (task === null || task !== taskOfRow(row, today)) await releaseClaimOf(tx, row.id);
    const body = {
      data: {
        id: row.id,
        status: after.status as Status,
        payment_status: after.paymentStatus as PaymentStatus,
        certificate_code: after.certificateCode,
      },
    };
    await scope.remember(tx, { statusCode: 200, body });
    // In the change's transaction: a mail exists exactly when the change happened.
    if (mail) await queueCitizenMail(tx, app.config.appBaseUrl, citizenId, mail);
    return body;
  });
  if (mail) await app.mailQueue.kick();
  return result;
}

const revocable = (row: ApplicationRow) =>
  CERTIFICATE_STATUSES.includes(row.status) && Boolean(row.certificateCode) && !row.certificateRevokedAt;

/** The first officer asks for a revocation, with the reason; it waits for a second officer. */
async function requestRevocation(tx: Db, row: ApplicationRow, officerId: number, reason: string, now: Date) {
  if (!revocable(row))
    throw new HttpError(
      409,
      ErrorCode.invalidTransition,
      'Only an issued certificate that is not revoked yet can be revoked.',
    );
  const asked = await tx
    .update(applications)
    .set({ revocationRequestedBy: officerId, revocationRequestedAt: now, revocationRequestedReason: reason })
    .where(
      and(
        eq(applications.id, row.id),
        isNull(applications.revocationRequestedBy),
        isNull(applications.certificateRevokedAt),
      ),
    )
    .returning({ id: applications.id });
  if (!asked.length)
    throw new HttpError(
      409,
      ErrorCode.invalidTransition,
      'A revocation was asked for already; a second officer confirms it.',
    );
  await sameStatusRow(tx, row, officerId, reason, 'revocation_requested');
}

/** A second officer confirms the revocation asked for: the certificate stops being valid. */
async function confirmRevocation(
  tx: Db,
  row: ApplicationRow,
  officerId: number,
  notes: string | undefined,
  now: Date,
): Promise<CitizenMail> {
  if (!revocable(row))
    throw new HttpError(
      409,
      ErrorCode.invalidTransition,
      'Only an issued certificate that is not revoked yet can be revoked.',
    );
  if (!row.revocationRequestedBy)
    throw new HttpError(409, ErrorCode.invalidTransition, 'Nobody asked for this revocation: ask for it first.');
  if (row.revocationRequestedBy === officerId)
    throw fourEyes('You asked for this revocation: a second officer confirms it.');
  const reason = row.revocationRequestedReason ?? notes ?? '';
  // Conditional on nobody having revoked it meanwhile: two officers at once revoke it once.
  const updated = await tx
    .update(applications)
    .set({
      certificateRevokedAt: now,
      certificateRevokedReason: reason,
      certificateRevokedBy: officerId,
      updatedAt: now,
    })
    .where(and(eq(applications.id, row.id), isNull(applications.certificateRevokedAt)))
    .returning({ id: applications.id });
  if (!updated.length) throw new HttpError(409, ErrorCode.invalidTransition, 'This certificate was revoked already.');
  // The wallet credentials issued for it are withdrawn in the same transaction (their status bit).
  await revokeWalletCredentials(tx, row.id, now);
  await releasePickup(tx, row, now);
  // The status stays (the history of what happened is true); the revocation is its own history row.
  await sameStatusRow(tx, row, officerId, notes ? `${reason} — ${notes}` : reason, 'certificate_revoked');
  await notify(tx, row.userId, row.id, 'certificate_revoked', { ticket: row.ticketNumber, notes: reason });
  return { kind: 'certificate_revoked', ticket: row.ticketNumber, applicationId: row.id, notes: reason };
}
