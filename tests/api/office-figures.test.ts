import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vientianeDay } from '../../contract/working-days';
import {
  accessLog,
  applications,
  certificateDownloads,
  certificateFeedback,
  decisionReasons,
  nonWorkingDays,
  pickupVisits,
  statusHistory,
} from '../../server/db/schema';
import { somePlace } from './application-fixtures';
import { newApplication } from './certificate-fixtures';
import { createOfficer } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

/**
 * Hand-counted fixtures, written as the services write them, in March 2026 (Monday the 2nd to
 * Friday the 13th), whose Monday the 9th is a national holiday of the calendar (the compensation
 * day of Women's Day). District A (the first place) has:
 *  1. paid Mon 2, approved Thu 5: 3 working days → within 3;
 *  2. paid Mon 2, approved Fri 6: 4 → within 5 only;
 *  3. paid Mon 2, asked the citizen on Tue 3 (1 day used), answered Tue 10, rejected Thu 12:
 *     1 + 2 = 3 → within 3; its waiting days do not count (counted, they would make 7);
 *  4. paid Fri 6, approved Thu 12: Tue 10, Wed 11, Thu 12 = 3 (the holiday skipped) → within 3;
 *  5. created Mon 2 and never paid (rejected at its payment deadline: not a decision).
 * District B (another province) has one case paid and approved in the period.
 */
let t: TestApp;
type Place = { provinceId: number; districtId: number; villageId: number };
let a: Place;
let b: Place;
const at = (day: string, time = '10:00') => new Date(`2026-03-${day}T${time}:00+07:00`);
const ids: number[] = [];
let officerA: Awaited<ReturnType<typeof createOfficer>>;
let national: Awaited<ReturnType<typeof createOfficer>>;

async function caseIn(
  place: Place,
  set: Partial<typeof applications.$inferInsert>,
  decision?: { to: 'application approved' | 'rejected'; at: Date; reasons?: string[] },
) {
  const { id } = await newApplication(t.app, {
    province_id: place.provinceId,
    district_id: place.districtId,
    village_id: place.villageId,
  });
  await t.app.db.update(applications).set(set).where(eq(applications.id, id));
  if (decision)
    await t.app.db.insert(statusHistory).values({
      applicationId: id,
      fromStatus: 'in validation',
      toStatus: decision.to,
      actor: 'officer',
      actorId: national.user.id,
      reasonCodes: decision.reasons ?? null,
      createdAt: decision.at,
    });
  ids.push(id);
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  const pa = await somePlace(t.app, 0);
  const pb = await somePlace(t.app, 1);
  a = { provinceId: pa.province.id, districtId: pa.district.id, villageId: pa.village.id };
  b = { provinceId: pb.province.id, districtId: pb.district.id, villageId: pb.village.id };
  officerA = await createOfficer(t.app, 'reviewer', {
    officeLevel: 'district',
    officeProvinceId: a.provinceId,
    officeDistrictId: a.districtId,
  });
  national = await createOfficer(t.app, 'admin');
  // The calendar's own holiday, as migration 0010 seeds it (the figures count with the calendar).
  await t.app.db
    .insert(nonWorkingDays)
    .values({ date: '2026-03-09', kind: 'holiday', nameEn: 'Compensation day', nameLo: 'ວັນພັກຊົດເຊີຍ' })
    .onConflictDoNothing();
  await t.app.db
    .insert(decisionReasons)
    .values({
      code: 'photo_unclear_test',
      textEn: 'The photo is not clear',
      textLo: 'ຮູບບໍ່ຊັດເຈນ',
      actionEn: 'Send a clearer photo',
      actionLo: 'ສົ່ງຮູບທີ່ຊັດເຈນກວ່າ',
    })
    .onConflictDoNothing();
  const paidMon = {
    createdAt: at('02', '08:00'),
    paidAt: at('02', '09:00'),
    clockStartedAt: at('02', '09:00'),
    paymentStatus: 'paid',
  };
  const c1 = await caseIn(
    a,
    { ...paidMon, status: 'waiting for certificate issued' },
    { to: 'application approved', at: at('05') },
  );
  const c2 = await caseIn(a, { ...paidMon, status: 'picked up' }, { to: 'application approved', at: at('06') });
  await caseIn(
    a,
    { ...paidMon, status: 'rejected', clockStartedAt: at('10', '14:00'), clockUsedDays: 1 },
    { to: 'rejected', at: at('12'), reasons: ['photo_unclear_test'] },
  );
  await caseIn(
    a,
    {
      createdAt: at('02', '08:00'),
      paidAt: at('06'),
      clockStartedAt: at('06'),
      paymentStatus: 'paid',
      status: 'waiting for certificate issued',
    },
    { to: 'application approved', at: at('12') },
  );
  await caseIn(a, { createdAt: at('02', '08:00'), status: 'rejected' }, undefined);
  await caseIn(
    b,
    { ...paidMon, status: 'waiting for certificate issued' },
    { to: 'application approved', at: at('04') },
  );

  // The officer opened case 1 twelve minutes before approving it, case 2 thirty minutes before;
  // a look two days earlier is not time spent on the decision.
  await t.app.db.insert(accessLog).values([
    { applicationId: c1, officerId: national.user.id, action: 'view', createdAt: at('05', '09:48') },
    { applicationId: c1, officerId: national.user.id, action: 'approve', createdAt: at('05') },
    { applicationId: c2, officerId: national.user.id, action: 'view', createdAt: at('04', '09:30') },
    { applicationId: c2, officerId: national.user.id, action: 'view', createdAt: at('06', '09:30') },
    { applicationId: c2, officerId: national.user.id, action: 'approve', createdAt: at('06') },
  ]);
  // Take-up: case 1 downloaded, case 2 handed over at the desk; a no-show on the 5th.
  await t.app.db.insert(certificateDownloads).values({ applicationId: c1, firstAt: at('06') });
  await t.app.db.insert(statusHistory).values({
    applicationId: c2,
    fromStatus: 'waiting to pickup',
    toStatus: 'picked up',
    actor: 'officer',
    createdAt: at('12'),
  });
  await t.app.db.insert(pickupVisits).values({
    applicationId: c1,
    districtId: a.districtId,
    pickupDate: '2026-03-05',
    pickupTime: '09:00 AM',
    noShowAt: at('05', '18:05'),
  });
  await t.app.db.insert(certificateFeedback).values([
    { applicationId: c1, rating: 5, createdAt: at('06') },
    { applicationId: c2, rating: 2, createdAt: at('12') },
  ]);
  // Open now: one overdue, one due today (at risk), one waiting on the citizen (its clock stands still).
  const today = vientianeDay(new Date());
  const before = new Date(Date.parse(`${today}T00:00:00Z`) - 10 * 86_400_000).toISOString().slice(0, 10);
  await caseIn(a, {
    status: 'in validation',
    paymentStatus: 'paid',
    paidAt: new Date(),
    clockStartedAt: new Date(),
    dueOn: before,
  });
  await caseIn(a, {
    status: 'in validation',
    paymentStatus: 'paid',
    paidAt: new Date(),
    clockStartedAt: new Date(),
    dueOn: today,
  });
  await caseIn(a, {
    status: 'information requested',
    paymentStatus: 'paid',
    paidAt: new Date(),
    clockStartedAt: new Date(),
    clockPausedAt: new Date(),
    dueOn: null,
  });
  // About ten applications through the API, each with its documents: slow on a busy shared machine.
}, 180_000);
afterAll(async () => t?.close());

const FIGURES = '/api/v1/officer/figures';
const get = (url: string, headers = officerA.headers) => t.app.inject({ method: 'GET', url, headers });
const period = 'from=2026-03-02&to=2026-03-13';
type Fig = {
  key: string;
  value: number | null;
  of: { numerator: number; denominator: number } | null;
  series: { start: string; value: number | null }[];
};
const byKey = (figures: Fig[]) => Object.fromEntries(figures.map((f) => [f.key, f]));

describe('GET /v1/officer/figures', () => {
  it("counts a district office's period by hand: decided on the third working day is within, the fourth is not, a pause does not count", async () => {
    const res = await get(`${FIGURES}?${period}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.scope.scope).toBe(`district:${a.districtId}`);
    expect(data.bucket).toBe('day');
    const f = byKey(data.figures);
    expect(f.received.value).toBe(5);
    expect(f.paid.value).toBe(4);
    expect(f.decided.value).toBe(4);
    expect(f.approved.value).toBe(3);
    expect(f.rejected.value).toBe(1);
    expect(f.within_3_days).toMatchObject({ value: 0.75, of: { numerator: 3, denominator: 4 } });
    expect(f.within_5_days).toMatchObject({ value: 1, of: { numerator: 4, denominator: 4 } });
    expect(f.median_days.value).toBe(3);
    expect(f.overdue_now.value).toBe(1);
    expect(f.at_risk_now.value).toBe(1);
    expect(f.officer_minutes.value).toBe(21);
    expect(f.no_shows.value).toBe(1);
    expect(f.completion_rate).toMatchObject({ value: 0.8, of: { numerator: 4, denominator: 5 } });
    expect(f.digital_take_up).toMatchObject({ value: 0.5, of: { numerator: 1, denominator: 2 } });
    expect(f.satisfaction.value).toBe(3.5);
    expect(data.reasons).toEqual([
      { code: 'photo_unclear_test', text_en: 'The photo is not clear', text_lo: 'ຮູບບໍ່ຊັດເຈນ', count: 1 },
    ]);
    // The series: one point a day; the decisions fall on the 5th, 6th and 12th (two).
    expect(f.decided.series).toHaveLength(12);
    expect(f.decided.series.filter((p) => (p.value ?? 0) > 0).map((p) => p.start)).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-12',
    ]);
    expect(f.decided.series.find((p) => p.start === '2026-03-12')!.value).toBe(2);
    expect(f.within_3_days.series.find((p) => p.start === '2026-03-06')!.value).toBe(0);
  });

  it('the country counts every office; a province its districts; a longer period by week', async () => {
    const country = (await get(`${FIGURES}?${period}&scope=country`, national.headers)).json().data;
    expect(byKey(country.figures).decided.value).toBe(5);
    expect(country.scopes[0]).toMatchObject({ scope: 'country' });
    const province = (await get(`${FIGURES}?${period}&scope=province:${b.provinceId}`, national.headers)).json().data;
    expect(byKey(province.figures).decided.value).toBe(1);
    const quarter = (await get(`${FIGURES}?from=2026-01-01&to=2026-03-31&scope=country`, national.headers)).json().data;
    expect(quarter.bucket).toBe('week');
    expect(byKey(quarter.figures).decided.value).toBe(5);
  });

  it('an officer sees only the offices they may see, as JSON and as CSV', async () => {
    for (const scope of ['country', `province:${a.provinceId}`, `district:${b.districtId}`]) {
      expect((await get(`${FIGURES}?${period}&scope=${scope}`)).statusCode).toBe(404);
      expect((await get(`${FIGURES}.csv?${period}&scope=${scope}`)).statusCode).toBe(404);
    }
    const csv = await get(`${FIGURES}.csv?${period}&lang=lo`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1].split(',').slice(0, 3)).toEqual(['key', 'ຕົວເລກ', 'ລວມ']);
    expect(
      lines
        .find((l) => l.startsWith('decided,'))!
        .split(',')
        .slice(0, 3),
    ).toEqual(['decided', 'ການຕັດສິນ', '4']);
    expect(lines.find((l) => l.startsWith('within_3_days,'))!.split(',')[2]).toBe('0.75');
  });

  it('refuses a period backwards or longer than a year (400, not a 500)', async () => {
    const back = await get(`${FIGURES}?from=2026-03-13&to=2026-03-02`);
    expect(back.statusCode).toBe(400);
    expect(back.json().data.fields).toEqual({ to: 'period_reversed' });
    expect((await get(`${FIGURES}?from=2024-01-01&to=2026-03-02`)).statusCode).toBe(400);
    expect((await get(`${FIGURES}?from=2026-03-01&to=2026-03-02&scope=planet:1`)).statusCode).toBe(400);
  });
});

describe('the satisfaction question and the download', () => {
  it("takes 1 to 5 from the certificate's owner only, once (a second answer replaces it); the first download is recorded", async () => {
    const { issuedApplication, BASE } = await import('./certificate-fixtures');
    const { citizen, id } = await issuedApplication(t.app);
    const url = `${BASE}/${id}/feedback`;
    expect((await t.app.inject({ method: 'GET', url, headers: citizen.headers })).json().data).toEqual({
      rating: null,
    });
    expect(
      (await t.app.inject({ method: 'POST', url, headers: citizen.headers, payload: { rating: 6 } })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: citizen.headers, payload: { rating: 4 } })).json().data,
    ).toEqual({ rating: 4 });
    await t.app.inject({ method: 'POST', url, headers: citizen.headers, payload: { rating: 5 } });
    expect((await t.app.inject({ method: 'GET', url, headers: citizen.headers })).json().data).toEqual({ rating: 5 });
    const other = await newApplication(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: other.citizen.headers, payload: { rating: 1 } })).statusCode,
    ).toBe(404);
    const early = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${other.id}/feedback`,
      headers: other.citizen.headers,
      payload: { rating: 1 },
    });
    expect(early.statusCode).toBe(409);

    expect(
      await t.app.db.select().from(certificateDownloads).where(eq(certificateDownloads.applicationId, id)),
    ).toHaveLength(0);
    await t.app.inject({ method: 'GET', url: `${BASE}/${id}/download-2`, headers: citizen.headers });
    await t.app.inject({ method: 'GET', url: `${BASE}/${id}/download-2`, headers: citizen.headers });
    expect(
      await t.app.db.select().from(certificateDownloads).where(eq(certificateDownloads.applicationId, id)),
    ).toHaveLength(1);
  });
});

describe("the leads' morning mail", () => {
  it('goes to each admin on a working morning, once across instances, with what is at risk and overdue in their office', async () => {
    const { sendRiskMails } = await import('../../server/services/risk-mails');
    const { mailQueue } = await import('../../server/db/schema');
    // A Sunday morning, and a Monday before seven: nothing.
    expect(await sendRiskMails(t.app, new Date('2026-03-08T08:00:00+07:00'))).toBe(0);
    expect(await sendRiskMails(t.app, new Date('2026-03-10T06:30:00+07:00'))).toBe(0);
    const morning = new Date('2026-03-10T07:30:00+07:00');
    const [first, second] = await Promise.all([sendRiskMails(t.app, morning), sendRiskMails(t.app, morning)]);
    expect(first + second).toBeGreaterThan(0);
    expect(Math.min(first, second)).toBe(0);
    const mails = await t.app.db.select().from(mailQueue).where(eq(mailQueue.kind, 'status:risk_morning'));
    const toNational = mails.filter((m) => m.toAddress === national.user.email);
    expect(toNational).toHaveLength(1);
    // On the 10th of March the open cases of the fixtures are not due yet (their due days are later).
    expect(toNational[0].subject).toMatch(/^At risk today: \d+, overdue: \d+$/);
  });
});
