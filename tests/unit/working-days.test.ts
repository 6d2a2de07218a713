import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  clockView,
  dueDay,
  usedDays,
  vientianeDay,
  workingDaysBetween,
} from '../../contract/working-days';

// Pi Mai Lao 2026: Tuesday 14 to Thursday 16 April.
const piMai = new Set(['2026-04-14', '2026-04-15', '2026-04-16']);
const dayOff = (d: string) => piMai.has(d);

describe('the working-day clock', () => {
  it('takes the Vientiane day of an instant (UTC+7)', () => {
    expect(vientianeDay(new Date('2026-04-09T16:59:00Z'))).toBe('2026-04-09');
    expect(vientianeDay(new Date('2026-04-09T17:00:00Z'))).toBe('2026-04-10');
  });

  it('a case paid on the Friday before Pi Mai is due the Monday after it', () => {
    // Friday 10 April: Mon 13 (1), Tue–Thu holidays, Fri 17 (2), Mon 20 (3).
    const paid = new Date('2026-04-10T03:00:00Z');
    expect(dueDay({ startedAt: paid, usedDays: 0, pausedAt: null }, dayOff)).toBe('2026-04-20');
    expect(addWorkingDays('2026-04-10', 3, () => false)).toBe('2026-04-15');
  });

  it('counts working days after a day up to another, skipping weekends and days off', () => {
    expect(workingDaysBetween('2026-04-10', '2026-04-20', dayOff)).toBe(3);
    expect(workingDaysBetween('2026-04-20', '2026-04-10', dayOff)).toBe(-3);
    expect(workingDaysBetween('2026-04-11', '2026-04-12', dayOff)).toBe(0);
  });

  it('stops while waiting on the citizen and resumes with what was left', () => {
    // Paid Monday 6 April; asked Tuesday 7 (1 day used); answered Monday 20 → 2 left → Wednesday 22.
    const state = {
      startedAt: new Date('2026-04-06T02:00:00Z'),
      usedDays: 0,
      pausedAt: new Date('2026-04-07T05:00:00Z'),
    };
    expect(dueDay(state, dayOff)).toBeNull();
    const used = usedDays(state, new Date('2026-04-20T02:00:00Z'), dayOff);
    expect(used).toBe(1);
    expect(dueDay({ startedAt: new Date('2026-04-20T02:00:00Z'), usedDays: used, pausedAt: null }, dayOff)).toBe(
      '2026-04-22',
    );
  });

  it('says how the clock stands today', () => {
    const at = (day: string) => new Date(`${day}T03:00:00Z`);
    expect(clockView('2026-04-20', false, at('2026-04-13'), dayOff)).toEqual({
      due_on: '2026-04-20',
      working_days_left: 2,
      tone: 'on-time',
    });
    expect(clockView('2026-04-20', false, at('2026-04-17'), dayOff)?.tone).toBe('at-risk');
    expect(clockView('2026-04-20', false, at('2026-04-20'), dayOff)).toMatchObject({
      working_days_left: 0,
      tone: 'at-risk',
    });
    expect(clockView('2026-04-20', false, at('2026-04-22'), dayOff)).toMatchObject({
      working_days_left: -2,
      tone: 'overdue',
    });
    // Overdue seen on a Saturday: still overdue.
    expect(clockView('2026-04-24', false, at('2026-04-25'), dayOff)).toMatchObject({
      working_days_left: -1,
      tone: 'overdue',
    });
    expect(clockView(null, true, at('2026-04-22'), dayOff)?.tone).toBe('paused');
  });
});
