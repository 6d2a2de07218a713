import { describe, expect, it } from 'vitest';
import {
  formatAccountNumber,
  formatCalendarDate,
  formatCountdown,
  formatDate,
  formatDateTime,
  formatDay,
  formatMoney,
  formatSlotTime,
  laoDateFallback,
  todayInVientiane,
} from '../../src/lib/format';

describe('formatters (Asia/Vientiane, per language)', () => {
  it('shows instants in Vientiane time whatever the machine zone', () => {
    // 23:30 UTC is already the next day in Vientiane (UTC+7).
    expect(formatDate('2026-03-26T23:30:00Z', 'en')).toBe('27 Mar 2026');
    expect(formatDateTime('2026-03-27T07:47:00Z', 'en')).toBe('27 Mar 2026, 14:47');
    expect(formatDate('2026-03-26T23:30:00Z', 'lo')).toBe('27 ມ.ນ. 2026');
    expect(todayInVientiane(new Date('2026-03-26T18:00:00Z'))).toBe('2026-03-27');
  });

  it('writes Lao dates by hand the same way where the browser has no Lao data (no padded day)', () => {
    const long = laoDateFallback({ timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
    expect(long.format(new Date('2015-06-01T00:00:00Z'))).toBe('1 ມິຖຸນາ 2015');
    expect(long.format(new Date('1990-04-12T00:00:00Z'))).toBe('12 ເມສາ 1990');
  });

  it('never shifts a calendar date', () => {
    expect(formatCalendarDate('1990-04-12', 'en')).toBe('12 April 1990');
    expect(formatCalendarDate('1990-04-12', 'lo')).toBe('12 ເມສາ 1990');
  });

  it('names a day close at hand with its weekday, in Lao by hand where the browser has no Lao data', () => {
    expect(formatDay('2026-04-14', 'en')).toBe('Tuesday 14 April');
    expect(formatDay('2026-04-14', 'lo')).toBe('ວັນອັງຄານ 14 ເມສາ');
    // An instant is its Vientiane day: 20:00 UTC on the 13th is already Tuesday there.
    expect(formatDay('2026-04-13T20:00:00Z', 'en')).toBe('Tuesday 14 April');
    const fallback = laoDateFallback({ timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
    expect(fallback.format(new Date('2026-04-14T00:00:00Z'))).toBe('ວັນອັງຄານ 14 ເມສາ');
  });

  it('writes amounts as LAK first in English, as the amount then ກີບ in Lao (as the banks do)', () => {
    expect(formatMoney(29_000, 'en')).toBe('LAK 29,000');
    expect(formatMoney(1_250_000, 'en')).toBe('LAK 1,250,000');
    expect(formatMoney(29_000, 'lo')).toBe('29.000 ກີບ');
    expect(formatMoney(1_250_000, 'lo', 'LAK')).toBe('1.250.000 ກີບ');
    expect(formatMoney(29_000, 'lo')).not.toMatch(/LAK/);
  });

  it('counts down as HH:MM:SS and floors at zero', () => {
    expect(formatCountdown(24 * 3_600_000)).toBe('24:00:00');
    expect(formatCountdown(3_723_999)).toBe('01:02:03');
    expect(formatCountdown(-5000)).toBe('00:00:00');
  });

  it('reads pick-up times on the 24-hour clock in Lao and keeps AM/PM in English', () => {
    expect(formatSlotTime('01:30 PM', 'lo')).toBe('13:30');
    expect(formatSlotTime('08:00 AM', 'lo')).toBe('08:00');
    expect(formatSlotTime('12:00 PM', 'lo')).toBe('12:00');
    expect(formatSlotTime('01:30 PM', 'en')).toBe('01:30 PM');
  });

  it('groups account numbers by four', () => {
    expect(formatAccountNumber('10200000000012')).toBe('1020 0000 0000 12');
  });
});
