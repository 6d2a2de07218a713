import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_SLOTS } from '../../contract/pickup';
import { dayClosedReason, officeNow, pickupDay } from '../../server/services/pickup';
import { BASE } from './certificate-fixtures';
import { createAccount } from './fixtures';
import { openDay, shiftDay, weekendDay } from './pickup-days';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PICKUP_SLOT_CAPACITY: '4', PICKUP_CLOSED_SLOTS: '09:30 AM, 11:00 AM,03:30 PM' });
});
afterAll(async () => t?.close());

const slots = async (date: string) => {
  const citizen = await createAccount(t.app);
  return t.app.inject({ method: 'GET', url: `${BASE}/pickup-slots?date=${date}`, headers: citizen.headers });
};

describe('GET …/pickup-slots?date=', () => {
  it('an open weekday lists the 20 slots, closed ones unavailable, the others with the configured capacity', async () => {
    const date = openDay(1);
    const res = await slots(date);
    expect(res.statusCode).toBe(200);
    const day = res.json().data;
    expect(day.date).toBe(date);
    expect(day.open).toBe(true);
    expect(day.slots.map((s: { time: string }) => s.time)).toEqual(PICKUP_SLOTS);
    expect(day.slots[0]).toEqual({ time: '08:00 AM', available: true, remaining: 4 });
    expect(day.slots.at(-1)).toEqual({ time: '05:30 PM', available: true, remaining: 4 });
    const closed = day.slots.filter((s: { available: boolean }) => !s.available).map((s: { time: string }) => s.time);
    expect(closed).toEqual(['09:30 AM', '11:00 AM', '03:30 PM']);
  });

  it('weekends, past days and days beyond 30 are closed with every slot unavailable', async () => {
    const today = officeNow().date;
    for (const date of [weekendDay(), shiftDay(today, -1), shiftDay(today, 31 + 2)]) {
      const day = (await slots(date)).json().data;
      expect(day.open, date).toBe(false);
      expect(day.slots.every((s: { available: boolean; remaining: number }) => !s.available && s.remaining === 0)).toBe(
        true,
      );
    }
  });

  it('today, slots that have begun in Vientiane are closed', async () => {
    // 10:05 in Vientiane (UTC+7) on Wednesday 2026-11-18.
    const now = new Date('2026-11-18T03:05:00Z');
    expect(officeNow(now)).toEqual({ date: '2026-11-18', minutes: 10 * 60 + 5 });
    const day = await pickupDay(t.app.db, t.app.config.pickup, '2026-11-18', 1, now);
    const open = day.slots.filter((s) => s.available).map((s) => s.time);
    expect(open[0]).toBe('10:30 AM');
    expect(open).not.toContain('10:00 AM');
    expect(open).not.toContain('11:00 AM');
    // After the last slot has begun the day is closed.
    expect(
      (await pickupDay(t.app.db, t.app.config.pickup, '2026-11-18', 1, new Date('2026-11-18T10:31:00Z'))).open,
    ).toBe(false);
  });

  it('counts the day in Vientiane, not UTC', () => {
    // 23:30 UTC on Friday is already Saturday 06:30 in Vientiane.
    const now = new Date('2026-11-20T23:30:00Z');
    expect(officeNow(now).date).toBe('2026-11-21');
    expect(dayClosedReason('2026-11-20', now)).toBe('date_past');
    expect(dayClosedReason('2026-11-21', now)).toBe('date_weekend');
    expect(dayClosedReason('2026-11-23', now)).toBe(null);
    expect(dayClosedReason('2026-12-21', now)).toBe(null); // 30 days ahead, a Monday
    expect(dayClosedReason('2026-12-22', now)).toBe('date_too_far');
  });

  it('refuses a missing or impossible date with 400 and needs a session', async () => {
    for (const q of ['', '?date=2026-02-30', '?date=tomorrow']) {
      const citizen = await createAccount(t.app);
      const res = await t.app.inject({ method: 'GET', url: `${BASE}/pickup-slots${q}`, headers: citizen.headers });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().data.error_code).toBe('validation_failed');
    }
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/pickup-slots?date=${openDay(1)}` })).statusCode).toBe(
      401,
    );
  });
});
