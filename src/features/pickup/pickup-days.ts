import { PICKUP_DAYS_AHEAD } from '../../../contract/pickup';
import { todayInVientiane } from '../../lib/format';

/** Calendar arithmetic on YYYY-MM-DD strings, in whole days (no time zone can shift them). */
export const shiftDay = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
export const isWeekendDay = (isoDate: string) => [0, 6].includes(new Date(`${isoDate}T00:00:00Z`).getUTCDay());

/** The bookable window: today to 30 days ahead, in Vientiane (docs/decisions.md#pick-up-slots-come-from-the-server). */
export function pickupWindow(now = new Date()) {
  const min = todayInVientiane(now);
  return { min, max: shiftDay(min, PICKUP_DAYS_AHEAD) };
}

/** The first weekday on or after `isoDate` (the default pick-up date: today, or the next open day). */
export function firstOpenDay(isoDate: string): string {
  let date = isoDate;
  while (isWeekendDay(date)) date = shiftDay(date, 1);
  return date;
}

/** The next `count` weekdays after `isoDate` within the window: the days a citizen is likely to look at next. */
export function nextOpenDays(isoDate: string, count: number, max: string): string[] {
  const days: string[] = [];
  let date = isoDate;
  while (days.length < count) {
    date = firstOpenDay(shiftDay(date, 1));
    if (date > max) break;
    days.push(date);
  }
  return days;
}
