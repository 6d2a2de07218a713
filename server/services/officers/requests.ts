import type * as v from 'valibot';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { CorrectableField, InformationRequestView, REQUESTABLE_DOCUMENTS } from '../../../contract/application';
import type { informationRequestBody } from '../../../contract/officer';
import type { OfficerInformationRequest } from '../../../contract/officer-day';
import { Status } from '../../../contract/status';
import type { Db } from '../../db/client';
import { informationRequests, users } from '../../db/schema';
import type { ApplicationRow } from '../applications';
import { changeStatus } from '../application-status';
import type { CitizenMail } from '../citizen-mails';
import { notify } from '../notifications';
import { releaseClaimOf } from './claims';
import { clockPause } from './clock';
import { checkedReasons, reasonsOf, reasonText } from './reasons';
import { reasonNote, reasonWords } from './request-words';

/**
 * "Ask the citizen" (docs/decisions.md#asking-the-citizen): instead of rejecting, an officer asks
 * for documents again or fields corrected, with catalogued reasons. The clock stops until the
 * citizen answers (services/officers/answers.ts); unanswered by `answer_by`, the scheduled job
 * rejects the application (services/officers/request-jobs.ts).
 */

type RequestRow = typeof informationRequests.$inferSelect;
type Document = (typeof REQUESTABLE_DOCUMENTS)[number];

/** The officer's request, inside the action's transaction: status, paused clock, the request, the news. */
export async function askCitizen(
  tx: Db,
  input: {
    row: ApplicationRow;
    officerId: number;
    body: v.InferOutput<typeof informationRequestBody>;
    now: Date;
    answerDays: number;
  },
): Promise<CitizenMail> {
  const { row, officerId, body, now } = input;
  const reasons = await checkedReasons(tx, body.reason_codes, 'request');
  const codes = reasons.map((r) => r.code);
  const message = body.message?.trim() || null;
  await changeStatus(tx, {
    application: row,
    to: Status.informationRequested,
    actor: 'officer',
    actorId: officerId,
    notes: message,
    reasonCodes: codes,
    set: await clockPause(tx, row, now),
  });
  const answerBy = new Date(now.getTime() + input.answerDays * 86_400_000);
  await tx.insert(informationRequests).values({
    applicationId: row.id,
    officerId,
    reasonCodes: codes,
    message,
    documents: [...new Set(body.documents)],
    fields: [...new Set(body.fields)],
    createdAt: now,
    answerBy,
  });
  // The case waits on the citizen: nobody works it meanwhile.
  await releaseClaimOf(tx, row.id);
  const words = reasons.map(reasonWords);
  await notify(tx, row.userId, row.id, 'information_requested', {
    ticket: row.ticketNumber,
    notesIn: { en: reasonNote(words, message, 'en'), lo: reasonNote(words, message, 'lo') },
  });
  return {
    kind: 'information_requested',
    ticket: row.ticketNumber,
    applicationId: row.id,
    reasons: words,
    message,
    documents: [...new Set(body.documents)],
    fields: [...new Set(body.fields)],
    answerBy,
  };
}

/** The open request of an application (at most one: it opens only from 'in validation'). */
export async function openRequest(db: Db, applicationId: number): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(informationRequests)
    .where(and(eq(informationRequests.applicationId, applicationId), isNull(informationRequests.closedAt)))
    .orderBy(desc(informationRequests.id))
    .limit(1);
  return row;
}

/** The case ended otherwise (an officer rejected it): its open request closes with it. */
export async function closeOpenRequest(tx: Db, applicationId: number, now: Date): Promise<void> {
  await tx
    .update(informationRequests)
    .set({ closedAt: now })
    .where(and(eq(informationRequests.applicationId, applicationId), isNull(informationRequests.closedAt)));
}

/** What the citizen reads: the open request, the reasons in their language (null when none is open). */
export async function citizenRequestView(
  db: Db,
  row: ApplicationRow,
  lang: 'en' | 'lo',
): Promise<InformationRequestView | null> {
  if (row.status !== Status.informationRequested) return null;
  const request = await openRequest(db, row.id);
  if (!request) return null;
  const reasons = await reasonsOf(db, request.reasonCodes);
  return {
    id: request.id,
    asked_at: request.createdAt.toISOString(),
    answer_by: request.answerBy.toISOString(),
    reasons: reasons.map((r) => reasonText(r, lang)),
    message: request.message,
    documents: request.documents as Document[],
    fields: request.fields as CorrectableField[],
    answered_at: request.answeredAt?.toISOString() ?? null,
  };
}

/** Every request of an application with its answer, oldest first, for officers. */
export async function officerRequestViews(
  db: Db,
  applicationId: number,
  lang: 'en' | 'lo',
): Promise<OfficerInformationRequest[]> {
  const rows = await db
    .select({ r: informationRequests, first: users.firstName, last: users.lastName, email: users.email })
    .from(informationRequests)
    .innerJoin(users, eq(users.id, informationRequests.officerId))
    .where(eq(informationRequests.applicationId, applicationId))
    .orderBy(asc(informationRequests.id));
  const reasons = await reasonsOf(db, [...new Set(rows.flatMap(({ r }) => r.reasonCodes))]);
  const byCode = new Map(reasons.map((r) => [r.code, r]));
  return rows.map(({ r, first, last, email }) => ({
    id: r.id,
    officer: { id: r.officerId, name: `${first} ${last}`.trim(), email },
    asked_at: r.createdAt.toISOString(),
    answer_by: r.answerBy.toISOString(),
    reasons: r.reasonCodes.flatMap((c) => (byCode.has(c) ? [reasonText(byCode.get(c)!, lang)] : [])),
    message: r.message,
    documents: r.documents as Document[],
    fields: r.fields as CorrectableField[],
    answered_at: r.answeredAt?.toISOString() ?? null,
    answer: (r.answer as OfficerInformationRequest['answer']) ?? null,
  }));
}
