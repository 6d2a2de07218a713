import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, officerAuditLog } from '../../server/db/schema';
import { createOfficer } from './fixtures';
import {
  CALENDAR,
  get,
  must,
  namedOfficer,
  paidApplication,
  post,
  setNow,
  TASKS,
  type Officer,
} from './officer-day-fixtures';
import { startTestApp, type TestApp } from './test-app';
import { CITIZEN, OFFICER } from './trust-fixtures';

/**
 * The working-day clock, live (docs/decisions.md#the-working-day-clock): started when the payment
 * is confirmed, counted over weekends, Pi Mai Lao and office closures, paused while the citizen is
 * asked and resumed with what is left; and the calendar admins keep, on record.
 */

let t: TestApp;
let cashier: Officer;
let reviewer: Officer;
let admin: Officer;
beforeAll(async () => {
  t = await startTestApp();
  cashier = await createOfficer(t.app, 'cashier');
  reviewer = await namedOfficer(t, 'reviewer', 'Bounmy');
  admin = await createOfficer(t.app, 'admin');
});
afterAll(async () => t?.close());

const dueOn = async (id: number) =>
  (await t.app.db.select({ d: applications.dueOn }).from(applications).where(eq(applications.id, id)))[0].d;
const officerClock = async (id: number) => (await get(t, `${OFFICER}/${id}`, admin.headers)).json().data.clock;
const citizenClock = async (id: number, headers: Record<string, string>) =>
  (await get(t, `${CITIZEN}/${id}`, headers)).json().data;
const reviewRow = async (id: number, query = '') => {
  const res = await get(t, `${TASKS}/review?${query}`, reviewer.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { id: number; clock: unknown }[]).find((i) => i.id === id);
};

describe('the clock across Pi Mai Lao, a weekend and a request to the citizen', () => {
  it('paid on Friday 10 April 2026, due Monday 20 April; paused by the request, resumed by the answer two working days later', async () => {
    // Friday 10 April 2026, 10:00 in Vientiane: the payment is confirmed (day 0).
    setNow(t, '2026-04-10T03:00:00Z');
    const { citizen, id } = await paidApplication(t, cashier);
    // Mon 13 (1), Tue 14 – Thu 16 Pi Mai Lao, Fri 17 (2), the weekend, Mon 20 (3).
    expect(await dueOn(id)).toBe('2026-04-20');
    expect(await officerClock(id)).toEqual({ due_on: '2026-04-20', working_days_left: 3, tone: 'on-time' });
    expect((await citizenClock(id, citizen.headers)).clock).toEqual({
      due_on: '2026-04-20',
      working_days_left: 3,
      tone: 'on-time',
    });
    expect(await reviewRow(id)).toMatchObject({ clock: { due_on: '2026-04-20', working_days_left: 3 } });

    // Monday 13 April: one working day used; the reviewer asks for the name as on the ID card.
    setNow(t, '2026-04-13T02:00:00Z');
    await must(t, reviewer.headers, id, 'start-review');
    await must(t, reviewer.headers, id, 'request-information', {
      reason_codes: ['name_differs_from_id_card'],
      fields: ['first_name'],
      message: 'Write the first name as on the ID card.',
    });
    const [paused] = await t.app.db.select().from(applications).where(eq(applications.id, id));
    expect(paused).toMatchObject({ status: 'information requested', dueOn: null, clockUsedDays: 1 });
    expect(paused.clockPausedAt).not.toBeNull();
    const waiting = await citizenClock(id, citizen.headers);
    expect(waiting.clock).toEqual({ due_on: null, working_days_left: null, tone: 'paused' });
    expect(waiting.information_request).toMatchObject({
      reasons: [
        {
          code: 'name_differs_from_id_card',
          text: 'The name in the application differs from the name on your ID card.',
        },
      ],
      fields: ['first_name'],
      documents: [],
      message: 'Write the first name as on the ID card.',
      answered_at: null,
    });
    expect(await reviewRow(id)).toBeUndefined();
    const follow = (await get(t, `${TASKS}/waiting`, reviewer.headers)).json().data;
    expect(follow.items.find((i: { id: number }) => i.id === id).clock).toMatchObject({ tone: 'paused' });

    // Monday 20 April: the citizen answers; two working days were left, so Tue 21 and Wed 22.
    setNow(t, '2026-04-20T04:00:00Z');
    const answered = await post(t, `${CITIZEN}/${id}/answer-request`, citizen.headers, {
      request_id: waiting.information_request.id,
      fields: { first_name: 'Somchay' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toEqual({ id, status: 'in validation' });
    expect(await dueOn(id)).toBe('2026-04-22');
    expect(await reviewRow(id)).toMatchObject({
      clock: { due_on: '2026-04-22', working_days_left: 2, tone: 'on-time' },
      claimed_by: null,
    });
    const back = await citizenClock(id, citizen.headers);
    expect(back).toMatchObject({ status: 'in validation', information_request: null });
    expect(back.clock).toEqual({ due_on: '2026-04-22', working_days_left: 2, tone: 'on-time' });
    expect(back.applicant_data.first_name).toBe('Somchay');

    // The tones as the days pass: at risk on the due day, overdue the working day after.
    setNow(t, '2026-04-22T09:00:00Z');
    expect(await officerClock(id)).toEqual({ due_on: '2026-04-22', working_days_left: 0, tone: 'at-risk' });
    expect(await reviewRow(id, 'tone=at-risk')).toBeDefined();
    setNow(t, '2026-04-23T02:00:00Z');
    expect(await officerClock(id)).toEqual({ due_on: '2026-04-22', working_days_left: -1, tone: 'overdue' });
    expect(await reviewRow(id, 'tone=overdue')).toBeDefined();
    expect(await reviewRow(id, 'tone=at-risk')).toBeUndefined();
    const counts = (await get(t, TASKS, reviewer.headers)).json().data;
    expect(counts.find((c: { task: string }) => c.task === 'review')).toMatchObject({ overdue: 1 });
  });
});

describe('the calendar', () => {
  it('admins change it, on record, and the due days of open cases follow; others are refused', async () => {
    setNow(t, '2026-05-04T03:00:00Z'); // Monday 4 May 2026
    const { id } = await paidApplication(t, cashier);
    expect(await dueOn(id)).toBe('2026-05-07');
    const [{ data }] = await t.app.db
      .select({ data: applications.applicantData })
      .from(applications)
      .where(eq(applications.id, id));
    const { province_id: provinceId, district_id: districtId } = data as { province_id: number; district_id: number };

    const holiday = { date: '2026-05-06', kind: 'holiday', scope: 'national', name_en: 'A day off', name_lo: 'ມື້ພັກ' };
    for (const officer of [reviewer, cashier]) {
      const refused = await post(t, CALENDAR, officer.headers, holiday);
      expect(refused.statusCode).toBe(403);
    }
    const district = await namedOfficer(t, 'admin', 'Khamla', {
      officeLevel: 'district',
      officeProvinceId: provinceId,
      officeDistrictId: districtId,
    });
    // A district's admin closes their own office, never the country.
    expect((await post(t, CALENDAR, district.headers, holiday)).statusCode).toBe(403);

    const added = await post(t, CALENDAR, admin.headers, holiday);
    expect(added.statusCode, added.body).toBe(201);
    expect(await dueOn(id)).toBe('2026-05-08');
    const day = added.json().data;
    expect(day).toMatchObject({ date: '2026-05-06', kind: 'holiday', scope: 'national' });
    expect((await post(t, CALENDAR, admin.headers, holiday)).statusCode).toBe(409);

    const closure = await post(t, CALENDAR, district.headers, {
      date: '2026-05-07',
      kind: 'closure',
      scope: `district:${districtId}`,
      name_en: 'Office moving',
      name_lo: 'ຍ້າຍຫ້ອງການ',
    });
    expect(closure.statusCode, closure.body).toBe(201);
    expect(await dueOn(id)).toBe('2026-05-11');

    const moved = await t.app.inject({
      method: 'PUT',
      url: `${CALENDAR}/${day.id}`,
      headers: admin.headers,
      payload: { ...holiday, date: '2026-05-12' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await dueOn(id)).toBe('2026-05-08');
    const removed = await t.app.inject({ method: 'DELETE', url: `${CALENDAR}/${day.id}`, headers: admin.headers });
    expect(removed.statusCode).toBe(204);
    const notMine = await t.app.inject({
      method: 'DELETE',
      url: `${CALENDAR}/${closure.json().data.id}`,
      headers: reviewer.headers,
    });
    expect(notMine.statusCode).toBe(403);

    const log = await t.app.db
      .select()
      .from(officerAuditLog)
      .where(and(eq(officerAuditLog.actorId, admin.user.id)))
      .orderBy(desc(officerAuditLog.id));
    expect(log.map((l) => l.action).slice(0, 3)).toEqual(['calendar.delete', 'calendar.update', 'calendar.add']);
    expect(log[1].detail).toMatchObject({
      before: { date: '2026-05-06', name_en: 'A day off' },
      after: { date: '2026-05-12', name_en: 'A day off' },
      moved: 1,
    });
    expect(log[0].detail).toMatchObject({ before: { date: '2026-05-12' }, after: null });
    const [closed] = await t.app.db.select().from(officerAuditLog).where(eq(officerAuditLog.actorId, district.user.id));
    expect(closed).toMatchObject({ action: 'calendar.add', detail: { after: { scope: `district:${districtId}` } } });

    const year = (await get(t, `${CALENDAR}?year=2026`, reviewer.headers)).json().data as { date: string }[];
    expect(year.map((d) => d.date)).toEqual(
      expect.arrayContaining(['2026-01-01', '2026-03-09', '2026-04-14', '2026-04-15', '2026-04-16', '2026-12-02']),
    );
    expect(year.map((d) => d.date)).not.toContain('2026-05-12');
    const next = (await get(t, `${CALENDAR}?year=2027`, reviewer.headers)).json().data as { date: string }[];
    expect(next.map((d) => d.date)).toContain('2027-05-03');
  });
});
