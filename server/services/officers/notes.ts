import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../../contract/errors';
import type { CaseDraft, CaseDraftView, Colleague, InternalNote } from '../../../contract/officer-day';
import { officeCovers } from '../../../contract/offices';
import type { Db } from '../../db/client';
import { applications, caseDrafts, internalNotes, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { logAccess } from '../access-log';
import { officeOf, officeSees } from '../offices';
import { recordAudit } from './audit';
import { claimExpiry, extendClaim } from './claims';
import { findApplication, type OfficerUser } from './queue';

/**
 * What officers say to each other about a case — notes and escalations, never shown to the citizen —
 * what one of them has typed and not sent yet (drafts), and who their colleagues are.
 */

const name = (first: string | null, last: string | null, email: string) =>
  `${first ?? ''} ${last ?? ''}`.trim() || email;
const toOfficer = alias(users, 'to_officer');

/** GET …/{id}/notes: the case's notes and escalations, oldest first. */
export async function listNotes(db: Db, applicationId: number): Promise<InternalNote[]> {
  const rows = await db
    .select({
      n: internalNotes,
      first: users.firstName,
      last: users.lastName,
      email: users.email,
      toFirst: toOfficer.firstName,
      toLast: toOfficer.lastName,
      toEmail: toOfficer.email,
    })
    .from(internalNotes)
    .innerJoin(users, eq(users.id, internalNotes.officerId))
    .leftJoin(toOfficer, eq(toOfficer.id, internalNotes.toOfficerId))
    .where(eq(internalNotes.applicationId, applicationId))
    .orderBy(asc(internalNotes.createdAt), asc(internalNotes.id));
  return rows.map((r) => ({
    id: r.n.id,
    kind: r.n.kind,
    officer: { id: r.n.officerId, name: name(r.first, r.last, r.email), email: r.email },
    to_officer:
      r.n.toOfficerId && r.toEmail
        ? { id: r.n.toOfficerId, name: name(r.toFirst, r.toLast, r.toEmail), email: r.toEmail }
        : null,
    body: r.n.body,
    at: r.n.createdAt.toISOString(),
  }));
}

/**
 * GET …/{id}/notes as a route: the citizen's access log says only that the application was opened
 * (what officers wrote to each other is not the citizen's to read).
 */
export async function readNotes(app: FastifyInstance, officer: OfficerUser, id: number): Promise<InternalNote[]> {
  await findApplication(app.db, id, officer);
  await logAccess(app.db, { applicationId: id, officerId: officer.id, action: 'view' });
  await extendClaim(app.db, officer.id, id, app.clock.now());
  return listNotes(app.db, id);
}

/** POST …/{id}/notes: a note for the colleagues on this case. */
export async function addNote(app: FastifyInstance, officer: OfficerUser, id: number, body: string) {
  await findApplication(app.db, id, officer);
  const [row] = await app.db
    .insert(internalNotes)
    .values({ applicationId: id, officerId: officer.id, kind: 'note', body, createdAt: app.clock.now() })
    .returning({ id: internalNotes.id });
  await extendClaim(app.db, officer.id, id, app.clock.now());
  return (await listNotes(app.db, id)).find((n) => n.id === row.id)!;
}

/**
 * POST …/{id}/escalate: to a senior officer (an admin or an approver of the office), with the note
 * saying why; the case is theirs from now (the claim goes to them).
 */
export async function escalate(app: FastifyInstance, officer: OfficerUser, id: number, toId: number, note: string) {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const row = await findApplication(tx, id, officer);
    if (row.userId === officer.id) throw new HttpError(403, ErrorCode.forbidden, 'Not on your own application.');
    const [senior] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, toId), eq(users.role, 'officer')));
    const role = senior?.officerRole ?? 'admin';
    if (
      !senior ||
      senior.id === officer.id ||
      senior.id === row.userId ||
      !(role === 'admin' || role === 'approver') ||
      !officeSees(officeOf(senior), row.applicantData)
    )
      throw new HttpError(400, ErrorCode.validation, 'Escalate to an admin or an approver of this office.', {
        officer_id: 'not_a_senior_officer',
      });
    await tx.insert(internalNotes).values({
      applicationId: id,
      officerId: officer.id,
      kind: 'escalation',
      toOfficerId: senior.id,
      body: note,
      createdAt: now,
    });
    await tx
      .update(applications)
      .set({ escalatedTo: senior.id, claimedBy: senior.id, claimedAt: now, claimExpiresAt: claimExpiry(now) })
      .where(eq(applications.id, id));
    await recordAudit(tx, officer.id, 'case.escalate', senior.id, { application_id: id, before: row.claimedBy });
    return {
      id,
      escalated_to: { id: senior.id, name: name(senior.firstName, senior.lastName, senior.email), email: senior.email },
    };
  });
}

/** GET /v1/officer/colleagues: the officers who serve the signed-in officer's whole office or part of it. */
export async function colleagues(db: Db, officer: OfficerUser): Promise<Colleague[]> {
  const mine = officeOf(officer);
  if (!mine) return [];
  const rows = await db.select().from(users).where(eq(users.role, 'officer')).orderBy(asc(users.email));
  return rows
    .filter((u) => {
      const theirs = officeOf(u);
      if (!theirs) return false;
      // Same office, or one that covers it or lies in it: all of them may work some of its cases.
      if (mine.level === 'national' || theirs.level === 'national') return true;
      if (theirs.level === 'district') return officeCovers(mine, theirs);
      return mine.province_id === theirs.province_id;
    })
    .map((u) => ({
      id: u.id,
      name: name(u.firstName, u.lastName, u.email),
      email: u.email,
      role: u.officerRole ?? 'admin',
    }));
}

/** GET …/{id}/draft: what the signed-in officer typed on this case and did not send. */
export async function readDraft(app: FastifyInstance, officer: OfficerUser, id: number): Promise<CaseDraftView> {
  await findApplication(app.db, id, officer);
  const [row] = await app.db
    .select()
    .from(caseDrafts)
    .where(and(eq(caseDrafts.applicationId, id), eq(caseDrafts.officerId, officer.id)));
  return { draft: (row?.body as CaseDraft) ?? null, updated_at: row?.updatedAt.toISOString() ?? null };
}

/** PUT …/{id}/draft: kept per officer, whoever holds the case (a lapsed claim loses nothing typed). */
export async function saveDraft(
  app: FastifyInstance,
  officer: OfficerUser,
  id: number,
  draft: CaseDraft,
): Promise<CaseDraftView> {
  await findApplication(app.db, id, officer);
  const now = app.clock.now();
  await app.db
    .insert(caseDrafts)
    .values({ applicationId: id, officerId: officer.id, body: draft, updatedAt: now })
    .onConflictDoUpdate({
      target: [caseDrafts.applicationId, caseDrafts.officerId],
      set: { body: draft, updatedAt: now },
    });
  await extendClaim(app.db, officer.id, id, now);
  return { draft, updated_at: now.toISOString() };
}

/** A decision sent: the officer's draft for it is done with. */
export async function clearDraft(tx: Db, officerId: number, applicationId: number): Promise<void> {
  await tx
    .delete(caseDrafts)
    .where(and(eq(caseDrafts.applicationId, applicationId), eq(caseDrafts.officerId, officerId)));
}
