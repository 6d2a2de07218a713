import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PICKUP_TIME_ZONE } from '../../contract/pickup';
import { Status } from '../../contract/status';
import { applications } from '../db/schema';
import { queueCitizenMail } from './citizen-mails';
import { purgeIdempotencyKeys } from './idempotency';
import { pushPickupReminder } from './notifications';
import { rejectUnansweredRequests, remindOpenRequests } from './officers';
import { rejectOverdueApplications } from './payments';
import { refreshFigureDays } from './figure-days';
import { inviteNoShows } from './pickup-desk-mails';
import { sendRiskMails } from './risk-mails';
import { runDailyRetention } from './retention';

/** Tomorrow's date in Vientiane, YYYY-MM-DD. */
function tomorrowInVientiane(now: Date): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: PICKUP_TIME_ZONE }).format(now);
  return new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The pick-up reminder the day before a booked pick-up. Claimed with one conditional UPDATE …
 * RETURNING (reminder not sent yet), so with several instances each reminder goes out once.
 */
export async function sendPickupReminders(app: FastifyInstance, now = new Date()): Promise<number> {
  const due = await app.db.transaction(async (tx) => {
    const rows = await tx
      .update(applications)
      .set({ pickupReminderSentAt: now })
      .where(
        and(
          eq(applications.status, Status.waitingToPickup),
          eq(applications.pickupDate, tomorrowInVientiane(now)),
          isNull(applications.pickupReminderSentAt),
          isNull(applications.certificateRevokedAt),
        ),
      )
      .returning({
        id: applications.id,
        userId: applications.userId,
        ticket: applications.ticketNumber,
        date: applications.pickupDate,
        time: applications.pickupTime,
      });
    for (const row of rows) {
      await queueCitizenMail(tx, app.config.appBaseUrl, row.userId, {
        kind: 'pickup_reminder',
        ticket: row.ticket,
        applicationId: row.id,
        date: row.date!,
        time: row.time ?? '',
      });
      await pushPickupReminder(tx, row.userId, row.id, { ticket: row.ticket, date: row.date!, time: row.time ?? '' });
    }
    return rows;
  });
  if (due.length) {
    await app.mailQueue.kick();
    void app.webPush.runOnce();
  }
  return due.length;
}

/**
 * Everything the server does on its own: expiry of unpaid applications, pick-up reminders, requests
 * to citizens (a reminder before the answer-by date, rejection after it), old idempotency keys,
 * uploads left unused for a day.
 */
export async function runScheduledJobs(app: FastifyInstance, now = new Date()) {
  const rejected = await rejectOverdueApplications(app, now);
  const reminded = await sendPickupReminders(app, now);
  const requestsReminded = await remindOpenRequests(app, now);
  const requestsRejected = await rejectUnansweredRequests(app, now);
  const noShows = await inviteNoShows(app, now);
  const riskMails = await sendRiskMails(app, now);
  const purged = await purgeIdempotencyKeys(app.db);
  const expiredUploads = await app.uploads.expire(now);
  return { rejected, reminded, requestsReminded, requestsRejected, noShows, riskMails, purged, expiredUploads };
}

/** Runs the jobs every JOBS_INTERVAL_SECONDS (0: never; tests call runScheduledJobs themselves). */
export function scheduleJobs(app: FastifyInstance): void {
  const every = app.config.jobsIntervalSeconds * 1000;
  if (!every) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = runScheduledJobs(app)
        .then((done) => Object.values(done).some(Boolean) && app.log.info(done, 'scheduled jobs'))
        .catch((err) => app.log.warn({ err }, 'scheduled jobs failed'))
        .then(() => runDailyRetention(app))
        .then((removed) => removed && app.log.info(removed, 'retention: removed what is no longer kept'))
        .catch((err) => app.log.warn({ err }, 'retention failed'))
        // The figures' rollup: days changed since last counted (a backfill after migration 0017).
        .then(() => refreshFigureDays(app.db))
        .then((days) => days && app.log.info({ days }, 'figures: days counted again'))
        .catch((err) => app.log.warn({ err }, 'figures rollup failed'));
    }, every);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
