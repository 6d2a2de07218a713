import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, notifications, pickupSlots, statusHistory } from '../../server/db/schema';
import { officeNow } from '../../server/services/pickup';
import { BASE, issueCertificate, issuedApplication, newApplication } from './certificate-fixtures';
import { createAccount, createOfficer } from './fixtures';
import { openDay, shiftDay, weekendDay } from './pickup-days';
import { somePlace } from './application-fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}); // capacity 5, closed 09:30 AM, 11:00 AM, 03:30 PM (defaults)
afterAll(async () => t?.close());

const book = (headers: Record<string, string>, id: number, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `${BASE}/${id}/set-pickup-date`, headers, payload: payload as object });
const booked = async (date: string, time: string) =>
  (
    await t.app.db
      .select()
      .from(pickupSlots)
      .where(and(eq(pickupSlots.date, date), eq(pickupSlots.time, time)))
  )[0]?.booked ?? 0;
const remaining = async (headers: Record<string, string>, date: string, time: string) =>
  (await t.app.inject({ method: 'GET', url: `${BASE}/pickup-slots?date=${date}`, headers }))
    .json()
    .data.slots.find((s: { time: string }) => s.time === time).remaining;

describe('POST …/{id}/set-pickup-date', () => {
  it('books the slot, moves the application to waiting to pickup, records and notifies', async () => {
    const { citizen, id } = await issuedApplication(t.app);
    const date = openDay(2);
    const res = await book(citizen.headers, id, { date, time: '08:30 AM' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'success_set_pickup',
      data: { id, status: 'waiting to pickup', pickup_date: date, pickup_time: '08:30 AM' },
    });
    const detail = (await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: citizen.headers })).json().data;
    expect(detail).toMatchObject({ status: 'waiting to pickup', pickup_date: date, pickup_time: '08:30 AM' });
    expect(await remaining(citizen.headers, date, '08:30 AM')).toBe(4);
    const history = await t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'certificate issued',
      toStatus: 'waiting to pickup',
      actor: 'citizen',
      actorId: citizen.user.id,
    });
    const [note] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.applicationId, id), eq(notifications.kind, 'pickup_booked')));
    // The date spelt out in each language; Lao reads the time on the 24-hour clock.
    const spelt = (locale: string) =>
      new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(`${date}T00:00:00Z`),
      );
    expect(note.messageEn).toBe(`Pick-up for RC0000${id} is booked on ${spelt('en-GB')} at 08:30 AM.`);
    expect(note.messageLo).toBe(`ນັດມາຮັບ RC0000${id} ວັນທີ ${spelt('lo-LA')} ເວລາ 08:30.`);
  });

  it('rebooking frees the old seat; the same slot again counts once', async () => {
    const { citizen, id } = await issuedApplication(t.app);
    const date = openDay(3);
    expect((await book(citizen.headers, id, { date, time: '01:00 PM' })).statusCode).toBe(200);
    expect(await booked(date, '01:00 PM')).toBe(1);
    expect((await book(citizen.headers, id, { date, time: '01:00 PM' })).statusCode).toBe(200);
    expect(await booked(date, '01:00 PM')).toBe(1);
    const moved = await book(citizen.headers, id, { date: openDay(4), time: '02:00 PM' });
    expect(moved.statusCode).toBe(200);
    expect(await booked(date, '01:00 PM')).toBe(0);
    expect(await booked(openDay(4), '02:00 PM')).toBe(1);
    const history = await t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id));
    expect(history.filter((h) => h.toStatus === 'waiting to pickup')).toHaveLength(3);
  });

  it('never overbooks: 8 bookings at once for a slot of 5 give exactly 5 seats and 3 × 409 slot_unavailable', async () => {
    const apps = await Promise.all(Array.from({ length: 8 }, () => issuedApplication(t.app)));
    const date = openDay(5);
    const answers = await Promise.all(
      apps.map(({ citizen, id }) => book(citizen.headers, id, { date, time: '10:00 AM' })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 409, 409, 409]);
    // Each refusal names the free times nearest to the one asked for (09:30 and 11:00 are closed;
    // of two as near, the earlier).
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json().data).toMatchObject({
        error_code: 'slot_unavailable',
        nearest_free: [
          { date, time: '10:30 AM' },
          { date, time: '09:00 AM' },
          { date, time: '08:30 AM' },
        ],
      });
    expect(await booked(date, '10:00 AM')).toBe(5);
    const rows = await t.app.db
      .select()
      .from(applications)
      .where(and(eq(applications.pickupDate, date), eq(applications.pickupTime, '10:00 AM')));
    expect(rows).toHaveLength(5);
    // The refused citizens are untouched and may choose another time.
    const refused = apps.filter((_, i) => answers[i].statusCode === 409);
    for (const { citizen, id } of refused) {
      expect(
        (await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: citizen.headers })).json().data.status,
      ).toBe('certificate issued');
    }
    expect(await remaining(refused[0].citizen.headers, date, '10:00 AM')).toBe(0);
    expect((await book(refused[0].citizen.headers, refused[0].id, { date, time: '10:30 AM' })).statusCode).toBe(200);
  });

  it('refuses closed, weekend, past, too-far and invalid choices with clear codes', async () => {
    const { citizen, id } = await issuedApplication(t.app);
    const today = officeNow().date;
    const cases: [unknown, number, string, Record<string, string>?][] = [
      [{ date: openDay(1), time: '09:30 AM' }, 409, 'slot_unavailable', { time: 'slot_unavailable' }],
      [{ date: weekendDay(), time: '08:00 AM' }, 400, 'validation_failed', { date: 'date_weekend' }],
      [{ date: shiftDay(today, -1), time: '08:00 AM' }, 400, 'validation_failed', { date: 'date_past' }],
      [{ date: shiftDay(today, 40), time: '08:00 AM' }, 400, 'validation_failed', { date: 'date_too_far' }],
      [{ date: openDay(1), time: '07:00 AM' }, 400, 'validation_failed', { time: 'time_required' }],
      [{ date: openDay(1), time: '08:15 AM' }, 400, 'validation_failed', { time: 'time_required' }],
      [{ date: openDay(1), time: '' }, 400, 'validation_failed', { time: 'time_required' }],
      [{ date: '2026-02-30', time: '08:00 AM' }, 400, 'validation_failed', { date: 'invalid_date' }],
      [{ date: '', time: '08:00 AM' }, 400, 'validation_failed', { date: 'required' }],
      [{ time: '08:00 AM' }, 400, 'validation_failed', { date: 'required' }],
    ];
    for (const [payload, status, code, fields] of cases) {
      const res = await book(citizen.headers, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().data.error_code).toBe(code);
      if (fields) expect(res.json().data.fields, JSON.stringify(payload)).toMatchObject(fields);
    }
    expect((await t.app.db.select().from(applications).where(eq(applications.id, id)))[0].status).toBe(
      'certificate issued',
    );
  });

  it('only the owner may book: another citizen and an officer get 404', async () => {
    const { id } = await issuedApplication(t.app);
    for (const other of [await createAccount(t.app), await createOfficer(t.app)]) {
      const res = await book(other.headers, id, { date: openDay(1), time: '08:00 AM' });
      expect(res.statusCode).toBe(404);
      expect(res.json().data.error_code).toBe('x008');
    }
    expect((await book({}, id, { date: openDay(1), time: '08:00 AM' })).statusCode).toBe(401);
  });

  it('is 409 before the certificate is issued and once picked up', async () => {
    const { citizen, id } = await newApplication(t.app);
    const early = await book(citizen.headers, id, { date: openDay(1), time: '08:00 AM' });
    expect(early.statusCode).toBe(409);
    expect(early.json().data.error_code).toBe('invalid_status_transition');
    await issueCertificate(t.app, { id, citizen }, 'picked up');
    expect((await book(citizen.headers, id, { date: openDay(1), time: '08:00 AM' })).statusCode).toBe(409);
    expect(await booked(openDay(1), '08:00 AM')).toBe(0);
  });

  it('a revoked certificate gives its seat back, and cannot be booked again', async () => {
    const { citizen, id } = await issuedApplication(t.app);
    const admin = await createOfficer(t.app);
    const second = await createOfficer(t.app);
    const date = openDay(7);
    expect((await book(citizen.headers, id, { date, time: '03:00 PM' })).statusCode).toBe(200);
    expect(await booked(date, '03:00 PM')).toBe(1);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/officer/applications/${id}/request-revocation`,
      headers: admin.headers,
      payload: { notes: 'Issued on a forged household book' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // Asked for, not yet revoked: the seat is still booked until a second officer confirms.
    expect(await booked(date, '03:00 PM')).toBe(1);
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/v1/officer/applications/${id}/revoke`,
      headers: second.headers,
      payload: {},
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(await booked(date, '03:00 PM')).toBe(0);
    const again = await book(citizen.headers, id, { date, time: '03:00 PM' });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.error_code).toBe('invalid_status_transition');
    expect(await booked(date, '03:00 PM')).toBe(0);
  });

  it('a booked day gone by without the hand-over (a no-show) is booked again; the missed seat stays counted', async () => {
    const { citizen, id } = await issuedApplication(t.app);
    const yesterday = shiftDay(officeNow().date, -1);
    await t.app.db
      .update(applications)
      .set({ status: 'waiting to pickup', pickupDate: yesterday, pickupTime: '08:00 AM' })
      .where(eq(applications.id, id));
    const office = (await somePlace(t.app)).district.id;
    await t.app.db.insert(pickupSlots).values({ districtId: office, date: yesterday, time: '08:00 AM', booked: 1 });
    const res = await book(citizen.headers, id, { date: openDay(1), time: '04:00 PM' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await booked(openDay(1), '04:00 PM')).toBe(1);
    expect(await booked(yesterday, '08:00 AM')).toBe(1);
  });

  it('honours Idempotency-Key: a retry gets the first answer and takes no second seat', async () => {
    const { citizen, id } = await issuedApplication(t.app);
    const date = openDay(6);
    const headers = { ...citizen.headers, 'idempotency-key': `pickup-${id}-abcdef` };
    const first = await book(headers, id, { date, time: '04:30 PM' });
    const again = await book(headers, id, { date, time: '04:30 PM' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await booked(date, '04:30 PM')).toBe(1);
    const other = await book(headers, id, { date, time: '05:00 PM' });
    expect(other.statusCode).toBe(422);
    expect(await booked(date, '05:00 PM')).toBe(0);
  });
});
