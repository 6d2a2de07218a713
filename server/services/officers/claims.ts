import { and, asc, eq, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../../contract/errors';
import { CLAIM_MINUTES, ROLE_TASKS, type OfficerTask } from '../../../contract/officer';
import type { ClaimView } from '../../../contract/officer-day';
import { PaymentStatus, Status } from '../../../contract/status';
import { vientianeDay } from '../../../contract/working-days';
import type { Db } from '../../db/client';
import { applications, users } from '../../db/schema';
import { forbidden, HttpError } from '../../lib/http-error';
import { logAccess } from '../access-log';
import { changeStatus } from '../application-status';
import type { ApplicationRow } from '../applications';
import { notify } from '../notifications';
import { applicationsInOffice, officeOf, officeSees } from '../offices';
import { recordAudit } from './audit';
import { claimHolder, findApplication, roleOf, type OfficerUser } from './queue';
import { assertTask, taskCondition } from './tasks';

/**
 * Claims (docs/decisions.md#claims): one officer works a case at a time. A claim lasts CLAIM_MINUTES
 * after its holder's last look or action; past that it has lapsed and anyone may take the case.
 * Every claim is taken by one conditional UPDATE (nobody holds it, or the claim lapsed, or it is
 * mine), so two officers never both hold a case, on PostgreSQL as on the embedded database.
 */

export const claimExpiry = (now: Date) => new Date(now.getTime() + CLAIM_MINUTES * 60_000);

/** Free for `officerId`: nobody holds it, the claim lapsed, or they hold it already. */
const freeFor = (officerId: number, now: Date): SQL =>
  or(isNull(applications.claimedBy), eq(applications.claimedBy, officerId), lt(applications.claimExpiresAt, now))!;

/** The task a case is in now (null: none — decided, or not yet paid for). */
export function taskOfRow(row: ApplicationRow, today: string): OfficerTask | null {
  const s = row.status;
  if (s === Status.waitingForApprove) return row.paymentStatus === PaymentStatus.paid ? 'review' : 'payments';
  if (s === Status.inValidation) return row.reviewedBy ? 'approval' : 'review';
  if (s === Status.waitingForCertificate) return 'issue';
  if (s === Status.informationRequested) return 'waiting';
  if (s === Status.waitingToPickup && row.pickupDate === today && !row.certificateRevokedAt) return 'pickups';
  return null;
}

async function holderName(db: Db, id: number): Promise<{ id: number; name: string; email: string }> {
  const [u] = await db
    .select({ first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return { id, name: `${u?.first ?? ''} ${u?.last ?? ''}`.trim() || (u?.email ?? ''), email: u?.email ?? '' };
}

/** 409 claimed_by_other, naming who holds the case and until when. */
async function heldByOther(db: Db, applicationId: number): Promise<HttpError> {
  const [row] = await db
    .select({ by: applications.claimedBy, until: applications.claimExpiresAt })
    .from(applications)
    .where(eq(applications.id, applicationId));
  const holder = row?.by ? await holderName(db, row.by) : null;
  const until = row?.until ? ` until ${row.until.toISOString().slice(11, 16)} UTC` : '';
  return new HttpError(
    409,
    ErrorCode.claimedByOther,
    `${holder?.name ?? 'Another officer'} is working on this application${until}.`,
  );
}

/**
 * Takes or extends the officer's claim before they act (inside the action's transaction): a case
 * nobody holds is claimed implicitly; one another officer holds answers 409 claimed_by_other.
 */
export async function takeClaim(tx: Db, officer: OfficerUser, applicationId: number, now: Date): Promise<void> {
  const taken = await tx
    .update(applications)
    .set({ claimedBy: officer.id, claimedAt: now, claimExpiresAt: claimExpiry(now) })
    .where(and(eq(applications.id, applicationId), freeFor(officer.id, now)))
    .returning({ id: applications.id });
  if (!taken.length) throw await heldByOther(tx, applicationId);
}

/** A look by the holder (the detail, a document) keeps their claim alive; anyone else's changes nothing. */
export async function extendClaim(db: Db, officerId: number, applicationId: number, now: Date): Promise<void> {
  await db
    .update(applications)
    .set({ claimExpiresAt: claimExpiry(now) })
    .where(and(eq(applications.id, applicationId), eq(applications.claimedBy, officerId)));
}

/** The case left the queue it was claimed in (a decision, the citizen's answer): nobody holds it. */
export async function releaseClaimOf(tx: Db, applicationId: number): Promise<void> {
  await tx
    .update(applications)
    .set({ claimedBy: null, claimedAt: null, claimExpiresAt: null })
    .where(eq(applications.id, applicationId));
}

/** The role may work the task the case is in now; and never the officer's own application. */
function assertMayWork(officer: OfficerUser, row: ApplicationRow, now: Date): OfficerTask {
  if (row.userId === officer.id) throw forbidden('Officers may not act on their own application.');
  const task = taskOfRow(row, vientianeDay(now));
  if (!task || task === 'waiting')
    throw new HttpError(409, ErrorCode.invalidTransition, 'Nothing to work on in this application now.');
  assertTask(officer, task);
  return task;
}

/** Taking a paid case from the review queue starts its review in the same step. */
async function startReviewOnTake(tx: Db, row: ApplicationRow, officer: OfficerUser): Promise<void> {
  if (row.status !== Status.waitingForApprove || row.paymentStatus !== PaymentStatus.paid) return;
  await changeStatus(tx, { application: row, to: Status.inValidation, actor: 'officer', actorId: officer.id });
  await notify(tx, row.userId, row.id, 'in_validation', { ticket: row.ticketNumber });
  await logAccess(tx, { applicationId: row.id, officerId: officer.id, action: 'start-review' });
}

/**
 * POST /v1/officer/tasks/{task}/next: the case with the least time left that nobody holds, claimed
 * for the officer. SELECT … FOR UPDATE SKIP LOCKED inside the UPDATE: officers pressing it at the
 * same moment each get a different case. PostgreSQL may find a candidate taken meanwhile and answer
 * nothing for that statement (a row re-checked under LIMIT 1), so it is asked again a few times.
 */
export async function takeNext(app: FastifyInstance, officer: OfficerUser, task: OfficerTask): Promise<number> {
  assertTask(officer, task);
  if (task === 'waiting')
    throw new HttpError(400, ErrorCode.badRequest, 'Cases waiting on the citizen are followed, not taken.');
  const now = app.clock.now();
  const today = vientianeDay(now);
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = await app.db.transaction(async (tx) => {
      const candidate = tx
        .select({ id: applications.id })
        .from(applications)
        .where(
          and(
            taskCondition(task, today),
            applicationsInOffice(officeOf(officer)),
            ne(applications.userId, officer.id),
            // Four eyes: the approval queue never hands a reviewer the case they reviewed.
            task === 'approval' ? ne(applications.reviewedBy, officer.id) : undefined,
            or(isNull(applications.claimedBy), lt(applications.claimExpiresAt, now)),
          ),
        )
        .orderBy(
          ...(task === 'pickups' ? [asc(applications.pickupTime)] : [asc(applications.dueOn)]),
          asc(applications.id),
        )
        .limit(1)
        .for('update', { skipLocked: true });
      const [taken] = await tx
        .update(applications)
        .set({ claimedBy: officer.id, claimedAt: now, claimExpiresAt: claimExpiry(now) })
        .where(
          and(
            sql`${applications.id} = (${candidate})`,
            or(isNull(applications.claimedBy), lt(applications.claimExpiresAt, now)),
          ),
        )
        .returning();
      if (!taken) return null;
      if (task === 'review') await startReviewOnTake(tx, taken, officer);
      return taken.id;
    });
    if (id !== null) return id;
    // Nothing left at all: no need to ask again.
    const [left] = await app.db
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          taskCondition(task, today),
          applicationsInOffice(officeOf(officer)),
          ne(applications.userId, officer.id),
          or(isNull(applications.claimedBy), lt(applications.claimExpiresAt, now)),
        ),
      )
      .limit(1);
    if (!left) break;
  }
  throw new HttpError(404, ErrorCode.queueEmpty, 'Nothing is waiting in this queue that you may take.');
}

/** POST …/{id}/claim: take this case (one nobody else holds). */
export async function claimCase(app: FastifyInstance, officer: OfficerUser, id: number): Promise<ClaimView> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const row = await findApplication(tx, id, officer);
    const task = assertMayWork(officer, row, now);
    if (task === 'approval' && row.reviewedBy === officer.id)
      throw new HttpError(403, ErrorCode.fourEyes, 'You reviewed this application: a second officer approves it.');
    await takeClaim(tx, officer, id, now);
    if (task === 'review') await startReviewOnTake(tx, row, officer);
    const holder = await holderName(tx, officer.id);
    return { ...holder, expires_at: claimExpiry(now).toISOString(), mine: true };
  });
}

/** DELETE …/{id}/claim: the holder lets it go; an admin may release anyone's. */
export async function releaseCase(app: FastifyInstance, officer: OfficerUser, id: number): Promise<void> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const row = await findApplication(tx, id, officer);
    const holder = claimHolder(row, now);
    if (holder !== null && holder !== officer.id) {
      if (roleOf(officer) !== 'admin') throw await heldByOther(tx, id);
      await recordAudit(tx, officer.id, 'claim.release', holder, { application_id: id });
    }
    await releaseClaimOf(tx, id);
  });
}

/**
 * POST …/{id}/claim/hand-over (admins): the case goes to an officer of the office whose role works
 * the queue it is in (never the applicant, never for approval the officer who reviewed it).
 */
export async function handOver(app: FastifyInstance, admin: OfficerUser, id: number, toId: number): Promise<ClaimView> {
  if (roleOf(admin) !== 'admin') throw forbidden('Only an admin hands a case over.');
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const row = await findApplication(tx, id, admin);
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, toId), eq(users.role, 'officer')));
    if (!target || !officeSees(officeOf(target), row.applicantData))
      throw new HttpError(400, ErrorCode.validation, 'That officer does not serve this application’s office.', {
        officer_id: 'invalid_id',
      });
    const task = taskOfRow(row, vientianeDay(now));
    const role = target.officerRole ?? 'admin';
    if (!task || !ROLE_TASKS[role].includes(task) || row.userId === target.id)
      throw new HttpError(400, ErrorCode.validation, `A ${role} does not work this application now.`, {
        officer_id: 'role_does_not_fit',
      });
    if (task === 'approval' && row.reviewedBy === target.id)
      throw new HttpError(
        403,
        ErrorCode.fourEyes,
        'That officer reviewed this application: a second officer approves it.',
      );
    await tx
      .update(applications)
      .set({ claimedBy: target.id, claimedAt: now, claimExpiresAt: claimExpiry(now) })
      .where(eq(applications.id, id));
    await recordAudit(tx, admin.id, 'claim.hand-over', target.id, {
      application_id: id,
      before: row.claimedBy,
      after: target.id,
    });
    const holder = await holderName(tx, target.id);
    return { ...holder, expires_at: claimExpiry(now).toISOString(), mine: false };
  });
}
