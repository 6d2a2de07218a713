/**
 * The 3-working-day clock (docs/decisions.md#the-working-day-clock). Pure functions over Vientiane
 * calendar days written YYYY-MM-DD, shared by the server (which stores each application's due day)
 * and the app (which says it in words).
 *
 * - A working day is Monday to Friday and not a day off: a national public holiday, or a closure day
 *   of the application's office.
 * - The clock starts on the day the payment is confirmed; that day is day 0, so a decision is due by
 *   the end of the third working day after it.
 * - While the application waits on the citizen the clock stands still: the working days used so far
 *   are kept, and the answer's day starts a new run with what is left.
 */

/** Working days from the payment's confirmation to the decision's due day. */
export const DECISION_WORKING_DAYS = 3;
/** Asia/Vientiane is UTC+7 all year (no daylight saving). */
const VIENTIANE_OFFSET_MS = 7 * 3600_000;

/** A predicate: is this YYYY-MM-DD a day off (holiday or closure) for the office concerned? */
export type DayOff = (day: string) => boolean;

/** The Vientiane calendar day of an instant. */
export function vientianeDay(at: Date): string {
  return new Date(at.getTime() + VIENTIANE_OFFSET_MS).toISOString().slice(0, 10);
}

function shift(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

export function isWorkingDay(day: string, dayOff: DayOff): boolean {
  const wd = weekday(day);
  return wd !== 0 && wd !== 6 && !dayOff(day);
}

/**
 * The day `n` working days after `day`; n = 0 is `day` itself, and a negative n counts back over
 * working days (a case already overdue when it waited on the citizen stays overdue by as much).
 */
export function addWorkingDays(day: string, n: number, dayOff: DayOff): string {
  let current = day;
  const step = n >= 0 ? 1 : -1;
  let left = Math.abs(n);
  // A guard against a calendar with no working day at all (every day marked off by mistake).
  for (let guard = 0; left > 0 && guard < 3660; guard++) {
    current = shift(current, step);
    if (isWorkingDay(current, dayOff)) left--;
  }
  return current;
}

/** Working days in (from, to]: after `from`, up to and including `to`; negative when to < from. */
export function workingDaysBetween(from: string, to: string, dayOff: DayOff): number {
  if (from === to) return 0;
  const [a, b, sign] = from < to ? [from, to, 1] : [to, from, -1];
  let count = 0;
  for (let d = shift(a, 1), guard = 0; d <= b && guard < 3660; d = shift(d, 1), guard++) {
    if (isWorkingDay(d, dayOff)) count++;
  }
  return sign * count;
}

/** The clock's stored state (applications.clock_* and due_on). */
export interface ClockState {
  /** When the current run started (payment confirmed, or the citizen's answer); null: never started. */
  startedAt: Date | null;
  /** Working days used by earlier runs. */
  usedDays: number;
  /** Set while the application waits on the citizen. */
  pausedAt: Date | null;
}

/** The due day of a running clock. */
export function dueDay(state: ClockState, dayOff: DayOff): string | null {
  if (!state.startedAt || state.pausedAt) return null;
  return addWorkingDays(vientianeDay(state.startedAt), DECISION_WORKING_DAYS - state.usedDays, dayOff);
}

/** Working days used so far (for a pause, and for the figures: decided within 3 working days?). */
export function usedDays(state: ClockState, at: Date, dayOff: DayOff): number {
  if (!state.startedAt) return 0;
  const end = state.pausedAt ?? at;
  return state.usedDays + Math.max(0, workingDaysBetween(vientianeDay(state.startedAt), vientianeDay(end), dayOff));
}

export type ClockTone = 'on-time' | 'at-risk' | 'overdue' | 'paused';

/** What a queue row, a detail and the citizen's detail show (words are the app's). */
export interface ClockView {
  /** The due day, YYYY-MM-DD; null while paused. */
  due_on: string | null;
  /** Working days left after today up to the due day (0 = due today); negative = working days overdue. */
  working_days_left: number | null;
  tone: ClockTone;
}

/**
 * How the clock stands today. At risk: due by the end of the next working day (today or the next);
 * overdue: the due day has passed.
 */
export function clockView(dueOn: string | null, paused: boolean, now: Date, dayOff: DayOff): ClockView | null {
  if (paused) return { due_on: null, working_days_left: null, tone: 'paused' };
  if (!dueOn) return null;
  const today = vientianeDay(now);
  const left = workingDaysBetween(today, dueOn, dayOff);
  const tone: ClockTone = today > dueOn ? 'overdue' : left <= 1 ? 'at-risk' : 'on-time';
  // Overdue on a day off still counts the working days since the due day (at least one).
  return { due_on: dueOn, working_days_left: today > dueOn ? Math.min(-1, left) : left, tone };
}
