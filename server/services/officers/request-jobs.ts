import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Status } from '../../../contract/status';
import { applications, informationRequests } from '../../db/schema';
import { changeStatus } from '../application-status';
import { queueCitizenMail } from '../citizen-mails';
import { notify } from '../notifications';
import { releaseClaimOf } from './claims';

/** Days before the answer-by date the reminder goes out. */
export const REMINDER_DAYS_BEFORE = 3;
/** The fixed note of an application rejected because a request went unanswered (in the reader's language by its code). */
export const INFORMATION_NOTE = 'The information an officer asked for was not sent in time.';
export const INFORMATION_NOTE_CODE = 'information_not_sent';

/**
 * The reminder, REMINDER_DAYS_BEFORE days before an open request's answer-by date. One conditional
 * UPDATE … RETURNING marks them: with several instances at once, each reminder goes out once.
 */
export async function remindOpenRequests(app: FastifyInstance, now: Date): Promise<number> {
  const soon = new Date(now.getTime() + REMINDER_DAYS_BEFORE * 86_400_000);
  const sent = await app.db.transaction(async (tx) => {
    const due = await tx
      .update(informationRequests)
      .set({ reminderSentAt: now })
      .where(
        and(
          isNull(informationRequests.closedAt),
          isNull(informationRequests.reminderSentAt),
          lte(informationRequests.answerBy, soon),
          gt(informationRequests.answerBy, now),
        ),
      )
      .returning({ applicationId: informationRequests.applicationId, answerBy: informationRequests.answerBy });
    for (const r of due) {
      const [a] = await tx
        .select({ userId: applications.userId, ticket: applications.ticketNumber })
        .from(applications)
        .where(eq(applications.id, r.applicationId));
      await queueCitizenMail(tx, app.config.appBaseUrl, a.userId, {
        kind: 'information_reminder',
        ticket: a.ticket,
        applicationId: r.applicationId,
        answerBy: r.answerBy,
      });
    }
    return due.length;
  });
  if (sent) await app.mailQueue.kick();
  return sent;
}

/**
 * Requests unanswered past their answer-by date: the application is rejected with a fixed note,
 * a history row, a notification and a mail. Each request is closed by one conditional UPDATE in
 * its own transaction (closed_at still null): with several instances each is handled once, and a
 * citizen's answer at the same moment either closes it first (no rejection) or finds it closed.
 */
export async function rejectUnansweredRequests(app: FastifyInstance, now: Date): Promise<number> {
  const overdue = await app.db
    .select({ id: informationRequests.id })
    .from(informationRequests)
    .where(and(isNull(informationRequests.closedAt), lte(informationRequests.answerBy, now)))
    .limit(500);
  let rejected = 0;
  for (const { id } of overdue) {
    const done = await app.db.transaction(async (tx) => {
      const [closed] = await tx
        .update(informationRequests)
        .set({ closedAt: now })
        .where(and(eq(informationRequests.id, id), isNull(informationRequests.closedAt)))
        .returning({ applicationId: informationRequests.applicationId });
      if (!closed) return false;
      const [row] = await tx.select().from(applications).where(eq(applications.id, closed.applicationId));
      if (row?.status !== Status.informationRequested) return false;
      await changeStatus(tx, {
        application: row,
        to: Status.rejected,
        actor: 'system',
        notes: INFORMATION_NOTE,
        notesCode: INFORMATION_NOTE_CODE,
        set: { notes: INFORMATION_NOTE },
      });
      await releaseClaimOf(tx, row.id);
      await notify(tx, row.userId, row.id, 'rejected', {
        ticket: row.ticketNumber,
        notesIn: {
          en: INFORMATION_NOTE,
          lo: 'ບໍ່ໄດ້ສົ່ງຂໍ້ມູນທີ່ເຈົ້າໜ້າທີ່ຂໍໃຫ້ສົ່ງ ພາຍໃນກຳນົດເວລາ',
        },
      });
      await queueCitizenMail(tx, app.config.appBaseUrl, row.userId, {
        kind: 'rejected',
        ticket: row.ticketNumber,
        applicationId: row.id,
        notesCode: INFORMATION_NOTE_CODE,
      });
      return true;
    });
    if (done) rejected++;
  }
  if (rejected) await app.mailQueue.kick();
  return rejected;
}
