import type * as v from 'valibot';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import type { DecisionReason } from '../../../contract/officer';
import type { decisionReasonBody, decisionReasonUpdate, ReasonText } from '../../../contract/officer-day';
import type { Db } from '../../db/client';
import { decisionReasons, statusHistory } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { recordAudit } from './audit';
import { roleOf, type OfficerUser } from './queue';

/**
 * The reasons catalogue (docs/decisions.md#reasons-the-citizen-can-act-on): an officer rejects or
 * asks the citizen with reasons picked from it, so the citizen reads a sentence written for them,
 * in their language, with what to do about it. Admins keep it; a reason in use is retired
 * (active = false), never deleted, so old decisions still read.
 */

type Row = typeof decisionReasons.$inferSelect;

const toView = (r: Row): DecisionReason => ({
  id: r.id,
  code: r.code,
  usage: r.usage,
  text_en: r.textEn,
  text_lo: r.textLo,
  action_en: r.actionEn,
  action_lo: r.actionLo,
  active: r.active,
});

/** A reason as its reader reads it. */
export const reasonText = (r: Row, lang: 'en' | 'lo'): ReasonText => ({
  code: r.code,
  text: lang === 'lo' ? r.textLo : r.textEn,
  what_to_do: lang === 'lo' ? r.actionLo : r.actionEn,
});

/** GET /v1/officer/reasons: the active ones (admins may ask for the retired ones too). */
export async function listReasons(db: Db, officer: OfficerUser, all: boolean): Promise<DecisionReason[]> {
  if (all && roleOf(officer) !== 'admin') throw forbidden('Only an admin sees retired reasons.');
  const rows = await db
    .select()
    .from(decisionReasons)
    .where(all ? undefined : eq(decisionReasons.active, true))
    .orderBy(asc(decisionReasons.sort), asc(decisionReasons.id));
  return rows.map(toView);
}

const assertAdmin = (officer: OfficerUser) => {
  if (roleOf(officer) !== 'admin') throw forbidden('Only an admin changes the reasons catalogue.');
};

export async function createReason(
  db: Db,
  officer: OfficerUser,
  body: v.InferOutput<typeof decisionReasonBody>,
): Promise<DecisionReason> {
  assertAdmin(officer);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(decisionReasons)
      .values({
        code: body.code,
        usage: body.usage,
        textEn: body.text_en,
        textLo: body.text_lo,
        actionEn: body.action_en,
        actionLo: body.action_lo,
        active: body.active,
        sort: body.sort,
        updatedBy: officer.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new HttpError(409, ErrorCode.validation, 'A reason with this code exists already.', {
        code: 'already_listed',
      });
    await recordAudit(tx, officer.id, 'reason.add', null, { before: null, after: toView(row) });
    return toView(row);
  });
}

/** PUT /v1/officer/reasons/{id}: texts, usage, order, or retired with active=false. */
export async function updateReason(
  db: Db,
  officer: OfficerUser,
  id: number,
  body: v.InferOutput<typeof decisionReasonUpdate>,
): Promise<DecisionReason> {
  assertAdmin(officer);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(decisionReasons).where(eq(decisionReasons.id, id));
    if (!before) throw notFound('No such reason.');
    const [row] = await tx
      .update(decisionReasons)
      .set({
        usage: body.usage,
        textEn: body.text_en,
        textLo: body.text_lo,
        actionEn: body.action_en,
        actionLo: body.action_lo,
        active: body.active,
        sort: body.sort,
        updatedBy: officer.id,
        updatedAt: new Date(),
      })
      .where(eq(decisionReasons.id, id))
      .returning();
    await recordAudit(tx, officer.id, 'reason.update', null, { before: toView(before), after: toView(row) });
    return toView(row);
  });
}

/**
 * The catalogued reasons a decision names, checked: each known, active and meant for this use
 * (400 reason_required naming the first that is not). Kept in the order given.
 */
export async function checkedReasons(db: Db, codes: string[], use: 'reject' | 'request'): Promise<Row[]> {
  const unique = [...new Set(codes)];
  if (!unique.length) throw reasonRequired('reason_codes');
  const rows = await db.select().from(decisionReasons).where(inArray(decisionReasons.code, unique));
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return unique.map((code, i) => {
    const r = byCode.get(code);
    if (!r || !r.active || (r.usage !== 'both' && r.usage !== use)) throw reasonRequired(`reason_codes.${i}`);
    return r;
  });
}

const reasonRequired = (field: string) =>
  new HttpError(400, ErrorCode.reasonRequired, 'Pick at least one active reason of the catalogue for this decision.', {
    [field]: ErrorCode.reasonRequired,
  });

/** The reasons of stored codes (active or retired), in the order stored. */
export async function reasonsOf(db: Db, codes: string[]): Promise<Row[]> {
  if (!codes.length) return [];
  const rows = await db.select().from(decisionReasons).where(inArray(decisionReasons.code, codes));
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return codes.flatMap((c) => (byCode.has(c) ? [byCode.get(c)!] : []));
}

/** The reasons of an application's rejection, in the reader's language (none for an older rejection). */
export async function rejectionReasons(db: Db, applicationId: number, lang: 'en' | 'lo'): Promise<ReasonText[]> {
  const [last] = await db
    .select({ codes: statusHistory.reasonCodes })
    .from(statusHistory)
    .where(and(eq(statusHistory.applicationId, applicationId), eq(statusHistory.toStatus, 'rejected')))
    .orderBy(desc(statusHistory.id))
    .limit(1);
  return (await reasonsOf(db, last?.codes ?? [])).map((r) => reasonText(r, lang));
}
