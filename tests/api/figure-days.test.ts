import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  certificateDownloads,
  certificateFeedback,
  nonWorkingDays,
  statusHistory,
} from '../../server/db/schema';
import { somePlace } from './application-fixtures';
import { newApplication } from './certificate-fixtures';
import { createOfficer } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

/**
 * The figures' daily rollup (server/services/figure-days.ts) follows every write that changes a
 * day already counted: a late payment, a decision, a holiday entered afterwards, a download and an
 * answer; and what it then says is what counting the period from the raw rows says.
 */
let t: TestApp;
let national: Awaited<ReturnType<typeof createOfficer>>;
let place: { province_id: number; district_id: number; village_id: number };
const at = (day: string, time = '10:00') => new Date(`2026-05-${day}T${time}:00+07:00`);
const FIGURES = '/api/v1/officer/figures?scope=country&from=2026-05-11&to=2026-05-22';

type Fig = {
  key: string;
  value: number | null;
  of: { numerator: number; denominator: number } | null;
  series: { start: string; value: number | null }[];
};
async function figures(url = FIGURES) {
  const res = await t.app.inject({ method: 'GET', url, headers: national.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    bucket: string;
    figures: Fig[];
    reasons: { code: string; count: number }[];
  };
}
const value = (data: { figures: Fig[] }, key: string) => data.figures.find((f) => f.key === key)!;

async function decide(applicationId: number, day: string) {
  await t.app.db.insert(statusHistory).values({
    applicationId,
    fromStatus: 'in validation',
    toStatus: 'application approved',
    actor: 'officer',
    actorId: national.user.id,
    createdAt: at(day),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  const p = await somePlace(t.app, 2);
  place = { province_id: p.province.id, district_id: p.district.id, village_id: p.village.id };
  national = await createOfficer(t.app, 'admin');
}, 120_000);
afterAll(async () => t?.close());

describe('the figures rollup', () => {
  it('follows a late payment, a decision, a holiday entered afterwards, a download and an answer', async () => {
    // Monday 11 May 2026: one case paid and approved on Friday the 15th (4 working days), one unpaid.
    const paid = (await newApplication(t.app, place)).id;
    await t.app.db
      .update(applications)
      .set({ createdAt: at('11', '08:00'), paidAt: at('11', '09:00'), clockStartedAt: at('11', '09:00') })
      .where(eq(applications.id, paid));
    await decide(paid, '15');
    const late = (await newApplication(t.app, place)).id;
    await t.app.db
      .update(applications)
      .set({ createdAt: at('11', '08:00') })
      .where(eq(applications.id, late));

    const first = await figures();
    expect(value(first, 'received').value).toBe(2);
    expect(value(first, 'completion_rate').of).toEqual({ numerator: 1, denominator: 2 });
    expect(value(first, 'within_3_days').of).toEqual({ numerator: 0, denominator: 1 });
    expect(value(first, 'median_days').value).toBe(4);

    // Paid a week late (its creation day is counted again), decided two working days later.
    await t.app.db
      .update(applications)
      .set({ paidAt: at('18'), clockStartedAt: at('18') })
      .where(eq(applications.id, late));
    await decide(late, '20');
    // A holiday entered afterwards on Wednesday the 13th: the first case took 3 working days.
    await t.app.db
      .insert(nonWorkingDays)
      .values({ date: '2026-05-13', kind: 'holiday', nameEn: 'A holiday', nameLo: 'ວັນພັກ' });
    await t.app.db.insert(certificateDownloads).values({ applicationId: paid, firstAt: at('21') });
    await t.app.db.insert(certificateFeedback).values({ applicationId: paid, rating: 4, createdAt: at('21') });

    const second = await figures();
    expect(value(second, 'completion_rate').of).toEqual({ numerator: 2, denominator: 2 });
    expect(value(second, 'paid').value).toBe(2);
    expect(value(second, 'decided').value).toBe(2);
    expect(value(second, 'within_3_days').of).toEqual({ numerator: 2, denominator: 2 });
    expect(value(second, 'median_days').value).toBe(2.5);
    expect(value(second, 'digital_take_up').of).toEqual({ numerator: 1, denominator: 1 });
    expect(value(second, 'satisfaction').value).toBe(4);

    // Counted again from nothing, the period says the same.
    await t.app.db.execute(sql`delete from figure_days`);
    await t.app.db.execute(
      sql`insert into figure_days_stale (day) select to_char(d, 'YYYY-MM-DD') from generate_series('2026-05-01'::date, '2026-05-31'::date, interval '1 day') d`,
    );
    expect(await figures()).toEqual(second);
  });

  it('reads whole months from the monthly layer and the partial ones by day, and follows a decision in a month already counted', async () => {
    // Whole months only (June 2025 to May 2026): what May's days say.
    const year = await figures('/api/v1/officer/figures?scope=country&from=2025-06-01&to=2026-05-31');
    expect(year.bucket).toBe('month');
    const may = await figures();
    for (const key of [
      'received',
      'paid',
      'decided',
      'within_3_days',
      'median_days',
      'completion_rate',
      'satisfaction',
    ])
      expect([key, value(year, key).value, value(year, key).of]).toEqual([
        key,
        value(may, key).value,
        value(may, key).of,
      ]);
    expect(value(year, 'decided').series.find((p) => p.start === '2026-05-01')!.value).toBe(2);

    // May read day by day up to the 15th, the months before it whole: one decision (3 working days).
    const edge = await figures('/api/v1/officer/figures?scope=country&from=2025-05-25&to=2026-05-15');
    expect(value(edge, 'received').value).toBe(2);
    expect(value(edge, 'paid').value).toBe(1);
    expect(value(edge, 'decided').value).toBe(1);
    expect(value(edge, 'median_days').value).toBe(3);

    // A rejection in March (paid Monday the 9th, rejected on the 12th: 3 working days), a month
    // already counted whole: its month follows.
    const march = (await newApplication(t.app, place)).id;
    const inMarch = (d: string) => new Date(`2026-03-${d}T10:00:00+07:00`);
    await t.app.db
      .update(applications)
      .set({ createdAt: inMarch('09'), paidAt: inMarch('09'), clockStartedAt: inMarch('09') })
      .where(eq(applications.id, march));
    await t.app.db.insert(statusHistory).values({
      applicationId: march,
      fromStatus: 'in validation',
      toStatus: 'rejected',
      actor: 'officer',
      actorId: national.user.id,
      reasonCodes: ['photo_unclear_month', 'photo_unclear_month_2'],
      createdAt: inMarch('12'),
    });
    const after = await figures('/api/v1/officer/figures?scope=country&from=2025-06-01&to=2026-05-31');
    expect(value(after, 'decided').value).toBe(3);
    expect(value(after, 'rejected').value).toBe(1);
    expect(value(after, 'median_days').value).toBe(3);
    expect(value(after, 'decided').series.find((p) => p.start === '2026-03-01')!.value).toBe(1);
    expect(after.reasons.map((r) => [r.code, r.count])).toEqual([
      ['photo_unclear_month', 1],
      ['photo_unclear_month_2', 1],
    ]);

    // Counted again from nothing, days and months, the year says the same.
    await t.app.db.execute(sql`delete from figure_days`);
    await t.app.db.execute(sql`delete from figure_months`);
    await t.app.db.execute(
      sql`insert into figure_days_stale (day) select to_char(d, 'YYYY-MM-DD') from generate_series('2026-03-01'::date, '2026-05-31'::date, interval '1 day') d`,
    );
    expect(await figures('/api/v1/officer/figures?scope=country&from=2025-06-01&to=2026-05-31')).toEqual(after);
  });
});
