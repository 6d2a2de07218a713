import { officeNow } from '../../server/services/pickup';

export const shiftDay = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/** The n-th weekday after today in Vientiane (n ≥ 1): always open, never today's past slots. */
export function openDay(n: number): string {
  let date = officeNow().date;
  for (let found = 0; found < n;) {
    date = shiftDay(date, 1);
    if (![0, 6].includes(weekday(date))) found++;
  }
  return date;
}

/** The next Saturday in Vientiane. */
export function weekendDay(): string {
  let date = shiftDay(officeNow().date, 1);
  while (weekday(date) !== 6) date = shiftDay(date, 1);
  return date;
}
