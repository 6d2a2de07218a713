import { PaymentStatus, Status } from '../../../contract/status';
import {
  addWorkingDays,
  clockView,
  DECISION_WORKING_DAYS,
  dueDay,
  usedDays,
  vientianeDay,
  type ClockView,
} from '../../../contract/working-days';
import type { Db } from '../../db/client';
import type { applications } from '../../db/schema';
import { areaOf, loadCalendar, RUNNING_STATUSES, type Calendar } from './calendar';

/**
 * The working-day clock of one application (contract/working-days.ts holds the counting; this is
 * what is stored): started when the payment is confirmed, paused while the citizen is asked for
 * something, resumed with what is left on the day they answer, read until the case leaves the
 * office (certificate issued, or rejected).
 */

type ClockColumns = Pick<
  typeof applications.$inferSelect,
  'status' | 'paymentStatus' | 'applicantData' | 'clockStartedAt' | 'clockUsedDays' | 'clockPausedAt' | 'dueOn'
>;
type ClockSet = Partial<typeof applications.$inferInsert>;

/** The columns that start the clock now (payment confirmed): day 0 is today in Vientiane. */
export async function clockStart(db: Db, applicantData: unknown, now: Date): Promise<ClockSet> {
  const calendar = await loadCalendar(db, vientianeDay(now));
  const dueOn = dueDay({ startedAt: now, usedDays: 0, pausedAt: null }, calendar.dayOffFor(areaOf(applicantData)));
  return { clockStartedAt: now, clockUsedDays: 0, clockPausedAt: null, dueOn };
}

/** The columns that pause it (the citizen is asked): the working days used so far are kept. */
export async function clockPause(db: Db, row: ClockColumns, now: Date): Promise<ClockSet> {
  if (!row.clockStartedAt || row.clockPausedAt) return {};
  const calendar = await loadCalendar(db, vientianeDay(row.clockStartedAt));
  const used = usedDays(
    { startedAt: row.clockStartedAt, usedDays: row.clockUsedDays, pausedAt: null },
    now,
    calendar.dayOffFor(areaOf(row.applicantData)),
  );
  return { clockUsedDays: used, clockPausedAt: now, dueOn: null };
}

/** The columns that resume it (the citizen answered): a new run from today with what is left. */
export async function clockResume(db: Db, row: ClockColumns, now: Date): Promise<ClockSet> {
  const calendar = await loadCalendar(db, vientianeDay(now));
  const dayOff = calendar.dayOffFor(areaOf(row.applicantData));
  // A case already overdue when it waited stays overdue by as much (addWorkingDays counts back).
  const dueOn = addWorkingDays(vientianeDay(now), DECISION_WORKING_DAYS - row.clockUsedDays, dayOff);
  return { clockStartedAt: now, clockPausedAt: null, dueOn };
}

/** Whether the clock shows for this state: paid and not yet issued or rejected. */
export function clockShows(status: string, paymentStatus: string): boolean {
  if (status === Status.informationRequested) return true;
  return paymentStatus === PaymentStatus.paid && RUNNING_STATUSES.includes(status as Status);
}

/** How the clock stands now for one application (null before payment and after the decision). */
export function clockOf(row: ClockColumns, calendar: Calendar, now: Date): ClockView | null {
  if (!clockShows(row.status, row.paymentStatus) || !row.clockStartedAt) return null;
  return clockView(
    row.dueOn,
    row.status === Status.informationRequested || row.clockPausedAt !== null,
    now,
    calendar.dayOffFor(areaOf(row.applicantData)),
  );
}

/** The clock of one application, reading the calendar for it. */
export async function readClock(db: Db, row: ClockColumns, now: Date): Promise<ClockView | null> {
  if (!clockShows(row.status, row.paymentStatus) || !row.clockStartedAt) return null;
  const from = [vientianeDay(now), row.dueOn ?? vientianeDay(now)].sort()[0];
  return clockOf(row, await loadCalendar(db, from), now);
}
