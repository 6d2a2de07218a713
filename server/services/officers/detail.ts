import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../../contract/master-data';
import {
  availableActions,
  roleAllows,
  type OfficerAction,
  type OfficerApplicationDetail,
} from '../../../contract/officer';
import type { OfficerRef } from '../../../contract/officer-day';
import type { PaymentStatus, Status } from '../../../contract/status';
import type { Db } from '../../db/client';
import { documents, statusHistory, users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';
import { logAccess } from '../access-log';
import { applicationDetail, type ApplicationRow } from '../applications';
import type { MasterDataStore } from '../master-data-store';
import { claimExpiry, extendClaim } from './claims';
import { listNotes } from './notes';
import { officerRequestViews } from './requests';
import { claimHolder, findApplication, roleOf, type OfficerUser } from './queue';

/** The path officers open the account holder's registration ID-card image at. */
export const idCardImagePath = (applicationId: number) => `/api/v1/officer/applications/${applicationId}/id-card`;

/**
 * The people the detail names — the account holder, the officer holding the case, the reviewer, the
 * senior officer asked, who asked for a revocation — in one query rather than one each.
 */
async function peopleOf(db: Db, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows = await db.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, u]));
}
type People = Awaited<ReturnType<typeof peopleOf>>;
const refOf = (people: People, id: number | null): OfficerRef | null => {
  const u = id === null ? undefined : people.get(id);
  return u ? { id: u.id, name: `${u.firstName} ${u.lastName}`.trim() || u.email, email: u.email } : null;
};

/** Four eyes: a reviewed case, reviewed by someone else, and a role that approves. */
export const mayApprove = (row: ApplicationRow, officer: OfficerUser) =>
  row.reviewedBy !== null && row.reviewedBy !== officer.id && roleAllows(roleOf(officer), 'approve');

/**
 * What the officer may do now: the state's actions their role has, none on their own application or
 * on a case another officer holds, never approval of what they reviewed nor confirmation of a
 * revocation they asked for.
 */
export function actionsFor(row: ApplicationRow, officer: OfficerUser, hasProof: boolean, now: Date): OfficerAction[] {
  if (row.userId === officer.id) return [];
  const holder = claimHolder(row, now);
  if (holder !== null && holder !== officer.id) return [];
  return availableActions(row.status as Status, row.paymentStatus as PaymentStatus, {
    hasProof,
    revoked: row.certificateRevokedAt !== null,
    reviewed: row.reviewedBy !== null,
    revocationRequested: row.revocationRequestedBy !== null,
  }).filter(
    (a) =>
      roleAllows(roleOf(officer), a) &&
      !(a === 'approve' && row.reviewedBy === officer.id) &&
      !(a === 'revoke' && row.revocationRequestedBy === officer.id),
  );
}

/**
 * The citizen's detail plus the applicant's account, the whole status history, the clock, the claim,
 * four eyes, requests to the citizen, internal notes and the actions this officer may take now.
 * Opening it is recorded in the citizen's access log and keeps the holder's claim alive.
 */
export async function officerDetail(
  db: Db,
  row: ApplicationRow,
  lang: Language,
  officer: OfficerUser,
  now: Date,
  officerFee?: { recipient: string; recipientLo: string },
  /** The places and banks in memory (the API's case): their names cost no query. */
  masterData?: MasterDataStore,
): Promise<OfficerApplicationDetail> {
  // The look is recorded (and the holder's claim kept) beside the reads, not before them: a write
  // waits for its commit to reach the disk, and the answer fails with it if it fails.
  const recorded = Promise.all([
    logAccess(db, { applicationId: row.id, officerId: officer.id, action: 'view' }),
    row.claimedBy === officer.id ? extendClaim(db, officer.id, row.id, now) : undefined,
  ]);
  // The holder's look just extended the claim.
  const claimUntil = row.claimedBy === officer.id ? claimExpiry(now) : row.claimExpiresAt;
  const heldBy = claimHolder({ claimedBy: row.claimedBy, claimExpiresAt: claimUntil }, now);
  const [, [detail, people, history, requests, notes, idCard]] = await Promise.all([
    recorded,
    Promise.all([
      applicationDetail(db, row, lang, officerFee, masterData, undefined, now),
      peopleOf(db, [row.userId, heldBy, row.reviewedBy, row.escalatedTo, row.revocationRequestedBy]),
      db
        .select({ h: statusHistory, email: users.email })
        .from(statusHistory)
        .leftJoin(users, eq(users.id, statusHistory.actorId))
        .where(eq(statusHistory.applicationId, row.id))
        .orderBy(asc(statusHistory.createdAt), asc(statusHistory.id)),
      officerRequestViews(db, row.id, lang),
      listNotes(db, row.id),
      db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.ownerId, row.userId), eq(documents.kind, 'id_card')))
        .limit(1),
    ]),
  ]);
  const account = people.get(row.userId)!;
  const reviewer = refOf(people, row.reviewedBy);
  const requester = refOf(people, row.revocationRequestedBy);
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
    id_card_image_path: idCard.length ? idCardImagePath(row.id) : null,
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
    actions: actionsFor(row, officer, detail.payment.proof_of_payment_path !== null, now),
    officer_role: roleOf(officer),
    own_application: row.userId === officer.id,
    revocation: row.certificateRevokedAt
      ? { at: row.certificateRevokedAt.toISOString(), reason: row.certificateRevokedReason ?? '' }
      : null,
    claim:
      heldBy !== null && claimUntil
        ? {
            ...(refOf(people, heldBy) ?? { id: heldBy, name: '', email: '' }),
            expires_at: claimUntil.toISOString(),
            mine: heldBy === officer.id,
          }
        : null,
    reviewed_by: reviewer && row.reviewedAt ? { ...reviewer, at: row.reviewedAt.toISOString() } : null,
    may_approve: mayApprove(row, officer) && row.userId !== officer.id,
    escalated_to: refOf(people, row.escalatedTo),
    information_requests: requests,
    internal_notes: notes,
    revocation_request:
      requester && row.revocationRequestedAt && !row.certificateRevokedAt
        ? {
            ...requester,
            at: row.revocationRequestedAt.toISOString(),
            reason: row.revocationRequestedReason ?? '',
          }
        : null,
  };
}

/**
 * GET …/{id}/id-card: the account holder's registration ID-card image, for the reviewer to compare
 * at a glance (a cashier checks money only). In the citizen's access log like any document.
 */
export async function idCardImage(app: FastifyInstance, officer: OfficerUser, id: number) {
  const row = await findApplication(app.db, id, officer);
  if (roleOf(officer) === 'cashier' && row.userId !== officer.id)
    throw forbidden('A cashier sees the proof of payment only.');
  const [doc] = await app.db
    .select()
    .from(documents)
    .where(and(eq(documents.ownerId, row.userId), eq(documents.kind, 'id_card')))
    .orderBy(desc(documents.id))
    .limit(1);
  if (!doc) throw notFound('This account has no ID-card image.');
  const bytes = await app.documents.read(doc);
  if (row.userId !== officer.id)
    await logAccess(app.db, { applicationId: id, officerId: officer.id, action: 'view_document', detail: 'id_card' });
  await extendClaim(app.db, officer.id, id, app.clock.now());
  return { doc, bytes };
}
