import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../contract/master-data';
import {
  availableActions,
  OFFICER_PAGE_SIZE,
  roleAllows,
  type OfficerAction,
  type OfficerApplicationDetail,
  type OfficerQueue,
  type OfficerRole,
} from '../../contract/officer';
import { PaymentStatus, Status } from '../../contract/status';
import type { Db } from '../db/client';
import { applications, documents, statusHistory, users } from '../db/schema';
import { forbidden, HttpError, notFound } from '../lib/http-error';
import { logAccess } from './access-log';
import { CERTIFICATE_STATUSES } from './certificates';
import { queueCitizenMail, type CitizenMail } from './citizen-mails';
import { changeStatus, confirmWaitingPayment, invalidTransition } from './application-status';
import { applicationDetail, type ApplicationRow } from './applications';
import type { IdempotencyScope } from './idempotency';
import { notify } from './notifications';
import { applicationsInOffice, officeOf, type OfficeColumns } from './offices';
import { paymentDeadline } from './payment-terms';
import { releasePickup } from './pickup';
import { ErrorCode } from '../../contract/errors';

/** Kind a refused proof is kept under: on record for audit, no longer the application's proof. */
export const REFUSED_PROOF_KIND = 'refused_proof_of_payment';

const applicantName = sql<string>`trim(concat(${applications.applicantData}->>'first_name', ' ', ${applications.applicantData}->>'last_name'))`;

/**
 * The queue of the officer's office: newest change first, filtered by status, searched by ticket,
 * name or ID card.
 */
export async function officerQueue(
  db: Db,
  officer: OfficeColumns,
  query: { status?: Status; q?: string; page: number },
): Promise<OfficerQueue> {
  const conditions: (SQL | undefined)[] = [
    applicationsInOffice(officeOf(officer)),
    query.status ? eq(applications.status, query.status) : undefined,
  ];
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(applications.ticketNumber, like),
        ilike(applicantName, like),
        ilike(sql`concat(${users.firstName}, ' ', ${users.lastName})`, like),
        ilike(users.idCard, like),
        ilike(users.email, like),
      ),
    );
  }
  const where = and(...conditions);
  const [{ total }] = await db
    .select({ total: count() })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(where);
  const rows = await db
    .select({
      id: applications.id,
      ticket: applications.ticketNumber,
      name: applicantName,
      status: applications.status,
      paymentStatus: applications.paymentStatus,
      createdAt: applications.createdAt,
      deadline: applications.deadline,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(where)
    .orderBy(desc(applications.updatedAt), desc(applications.id))
    .limit(OFFICER_PAGE_SIZE)
    .offset((query.page - 1) * OFFICER_PAGE_SIZE);
  return {
    items: rows.map((r) => ({
      id: r.id,
      ticket_number: r.ticket,
      applicant_name: r.name,
      status: r.status as Status,
      payment_status: r.paymentStatus as PaymentStatus,
      applied_on: r.createdAt.toISOString(),
      deadline: r.deadline.toISOString(),
    })),
    total: Number(total),
    page: query.page,
    page_size: OFFICER_PAGE_SIZE,
  };
}

/** An application of the officer's office; one outside it answers 404 like one that does not exist. */
export async function findApplication(db: Db, id: number, officer: OfficeColumns): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), applicationsInOffice(officeOf(officer))));
  if (!row) throw notFound('Application not found');
  return row;
}

/** The signed-in officer: id, duty (an officer from before roles keeps every duty) and office. */
export interface OfficerUser extends OfficeColumns {
  id: number;
  officerRole: OfficerRole | null;
}
export const roleOf = (officer: OfficerUser): OfficerRole => officer.officerRole ?? 'admin';

/**
 * The citizen's detail plus the applicant's account, the whole status history and the actions this
 * officer may take now. Opening it is recorded in the citizen's access log.
 */
export async function officerDetail(
  db: Db,
  row: ApplicationRow,
  lang: Language,
  officer: OfficerUser,
  officerFee?: { recipient: string; recipientLo: string },
): Promise<OfficerApplicationDetail> {
  await logAccess(db, { applicationId: row.id, officerId: officer.id, action: 'view' });
  const [detail, [account], history] = await Promise.all([
    applicationDetail(db, row, lang, officerFee),
    db.select().from(users).where(eq(users.id, row.userId)),
    db
      .select({ h: statusHistory, email: users.email })
      .from(statusHistory)
      .leftJoin(users, eq(users.id, statusHistory.actorId))
      .where(eq(statusHistory.applicationId, row.id))
      .orderBy(asc(statusHistory.createdAt), asc(statusHistory.id)),
  ]);
  return {
    ...detail,
    account: {
      id: account.id,
      email: account.email,
      phone_number: account.phoneNumber,
      id_card: account.idCard,
      first_name: account.firstName,
      last_name: account.lastName,
      language: account.language,
      created_at: account.createdAt.toISOString(),
    },
    history: history.map(({ h, email }) => ({
      id: h.id,
      from_status: h.fromStatus as Status | null,
      to_status: h.toStatus as Status,
      from_payment_status: h.fromPaymentStatus as PaymentStatus | null,
      to_payment_status: h.toPaymentStatus as PaymentStatus | null,
      actor: h.actor,
      actor_email: email,
      notes: h.notes,
      at: h.createdAt.toISOString(),
    })),
    actions:
      row.userId === officer.id
        ? []
        : availableActions(
            row.status as Status,
            row.paymentStatus as PaymentStatus,
            detail.payment.proof_of_payment_path !== null,
            row.certificateRevokedAt !== null,
          ).filter((a) => roleAllows(roleOf(officer), a)),
    officer_role: roleOf(officer),
    own_application: row.userId === officer.id,
    revocation: row.certificateRevokedAt
      ? { at: row.certificateRevokedAt.toISOString(), reason: row.certificateRevokedReason ?? '' }
      : null,
  };
}

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

const paymentNotVerified = () =>
  new HttpError(409, ErrorCode.invalidTransition, 'The payment must be verified before the review starts.');

interface ActionInput {
  officer: OfficerUser;
  notes?: string;
}

/** 403 unless the officer's role has this duty, and never on their own application (no self-approval). */
function assertMayAct(officer: OfficerUser, action: OfficerAction, row: ApplicationRow): void {
  if (!roleAllows(roleOf(officer), action))
    throw forbidden(`The ${roleOf(officer)} role may not ${action.replace(/-/g, ' ')}.`);
  if (row.userId === officer.id) throw forbidden('Officers may not act on their own application.');
}

/**
 * One officer action in one transaction: re-reads the application, applies the change through
 * changeStatus (only allowed transitions, optimistic check, history row with the officer as actor),
 * tells the citizen, and stores the idempotent answer with the change.
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
  const result = await app.db.transaction(async (tx) => {
    const row = await findApplication(tx, id, input.officer);
    assertMayAct(input.officer, action, row);
    citizenId = row.userId;
    const ticket = row.ticketNumber;
    const by = { actor: 'officer' as const, actorId: input.officer.id, notes: input.notes || null };
    const set: Partial<typeof applications.$inferInsert> = {};
    switch (action) {
      case 'verify-payment':
        // The status stays 'waiting for approve'; only the payment changes.
        await confirmWaitingPayment(tx, { application: row, ...by, paidAt: new Date() });
        await notify(tx, row.userId, row.id, 'payment_confirmed', { ticket });
        mail = { kind: 'payment_confirmed', ticket, applicationId: row.id };
        break;
      case 'refuse-payment': {
        if (row.paymentStatus !== PaymentStatus.unpaid) throw invalidTransition(row.status, Status.pending);
        // The citizen gets a full payment window from now to send a better proof.
        const deadline = new Date(Math.max(row.deadline.getTime(), paymentDeadline(new Date(), app.config).getTime()));
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
      case 'approve':
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
        set.certificateCode = newCertificateCode();
        // The signed issue date: every later download signs the same statement.
        set.certificateIssuedAt = new Date();
        await changeStatus(tx, { application: row, to: Status.certificateIssued, ...by, set });
        await notify(tx, row.userId, row.id, 'certificate_issued', { ticket });
        mail = { kind: 'certificate_issued', ticket, applicationId: row.id };
        break;
      case 'reject':
        await changeStatus(tx, { application: row, to: Status.rejected, ...by, set: { notes: input.notes } });
        await notify(tx, row.userId, row.id, 'rejected', { ticket, notes: input.notes });
        mail = { kind: 'rejected', ticket, applicationId: row.id, notes: input.notes };
        break;
      case 'mark-picked-up':
        // A revoked certificate is not handed out.
        if (row.certificateRevokedAt) throw invalidTransition(row.status, Status.pickedUp);
        await changeStatus(tx, { application: row, to: Status.pickedUp, ...by });
        await notify(tx, row.userId, row.id, 'picked_up', { ticket });
        break;
      case 'revoke': {
        if (!CERTIFICATE_STATUSES.includes(row.status) || !row.certificateCode || row.certificateRevokedAt) {
          throw new HttpError(
            409,
            ErrorCode.invalidTransition,
            'Only an issued certificate that is not revoked yet can be revoked.',
          );
        }
        const now = new Date();
        // Conditional on nobody having revoked it meanwhile: two officers at once revoke it once.
        const updated = await tx
          .update(applications)
          .set({
            certificateRevokedAt: now,
            certificateRevokedReason: input.notes!,
            certificateRevokedBy: input.officer.id,
            updatedAt: now,
          })
          .where(and(eq(applications.id, row.id), isNull(applications.certificateRevokedAt)))
          .returning({ id: applications.id });
        if (!updated.length)
          throw new HttpError(409, ErrorCode.invalidTransition, 'This certificate was revoked already.');
        await releasePickup(tx, row, now);
        // The status stays (the history of what happened is true); the revocation is its own history row.
        await tx.insert(statusHistory).values({
          applicationId: row.id,
          fromStatus: row.status,
          toStatus: row.status,
          fromPaymentStatus: row.paymentStatus,
          toPaymentStatus: row.paymentStatus,
          actor: 'officer',
          actorId: input.officer.id,
          notes: input.notes!,
          notesCode: 'certificate_revoked',
        });
        await notify(tx, row.userId, row.id, 'certificate_revoked', { ticket, notes: input.notes });
        mail = { kind: 'certificate_revoked', ticket, applicationId: row.id, notes: input.notes };
        break;
      }
    }
    await logAccess(tx, { applicationId: row.id, officerId: input.officer.id, action });
    const [after] = await tx
      .select({
        status: applications.status,
        paymentStatus: applications.paymentStatus,
        code: applications.certificateCode,
      })
      .from(applications)
      .where(eq(applications.id, row.id));
    const body = {
      data: {
        id: row.id,
        status: after.status as Status,
        payment_status: after.paymentStatus as PaymentStatus,
        certificate_code: after.code,
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
