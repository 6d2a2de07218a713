import { sql, type SQL } from 'drizzle-orm';
import { Status } from '../../contract/status';
import type { Db } from '../db/client';

/**
 * The figures' daily rollup (migration 0017, docs/architecture.md#figures-at-national-scale): one
 * row per Vientiane day and place with the day's counts, counted from the raw rows exactly as the
 * figures counted them before; and its monthly layer (migration 0018), each month the sum of its
 * days, counted again with them. The triggers of migration 0017 mark a day stale in the same
 * transaction as any write that changes what it counts (a decision, a payment, a no-show, a
 * holiday…); the figures count their period's stale days again before reading, and the scheduled
 * jobs count every other one, so a day is never read out of date.
 */

const ZONE = 'Asia/Vientiane';
/** An officer's look at a case before deciding counts only if it was this recent (a day's work, not last week's glance). */
const OPENED_WITHIN_HOURS = 4;
/** How far before its decision a case's clock may have started and still be counted in working days (a year is far beyond any case). */
const CLOCK_LOOKBACK_DAYS = 400;
/** The advisory lock that keeps the counts one at a time (any number of the app's own). */
const FIGURE_DAYS_LOCK = 170017;
/** Days counted in one transaction: a month keeps the backfill's transactions short. */
const DAYS_PER_REFRESH = 31;

export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The first day of a day's month. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
/** The first day of the month after the one `month` (a first day) starts. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
/** The instant a Vientiane day starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+07:00`);

const dayOf = (column: SQL) => sql`to_char((${column} at time zone ${ZONE}), 'YYYY-MM-DD')`;
/** The applicant's place as step 1 wrote it ('' when none): the rollup's key, the figures' scope. */
const province = sql`coalesce(a.applicant_data->>'province_id', '')`;
const district = sql`coalesce(a.applicant_data->>'district_id', '')`;

/**
 * Counts the days `from`…`to` again: deletes their markers and rows and writes them anew, in one
 * transaction. A marker written meanwhile by a commit after the delete stays for the next count.
 */
async function countDays(db: Db, from: string, to: string) {
  const fromTs = dayStart(from).toISOString();
  const toTs = dayStart(shiftDay(to, 1)).toISOString();
  const inPeriod = (column: SQL) => sql`${column} >= ${fromTs}::timestamptz and ${column} < ${toTs}::timestamptz`;
  const startDay = sql`(coalesce(a.clock_started_at, a.paid_at) at time zone ${ZONE})::date`;
  const decidedDay = sql`(h.created_at at time zone ${ZONE})::date`;
  await db.transaction(async (tx) => {
    // One count at a time (two instances' jobs, two officers opening the figures): the second
    // finds the markers gone and the days counted, instead of writing the same rows twice.
    await tx.execute(sql`select pg_advisory_xact_lock(${FIGURE_DAYS_LOCK})`);
    const marked = (await tx.execute(
      sql`delete from figure_days_stale where day >= ${from} and day <= ${to} returning day`,
    )) as unknown as { rows: unknown[] };
    if (!marked.rows.length) return;
    await tx.execute(sql`delete from figure_days where day >= ${from} and day <= ${to}`);
    await tx.execute(sql`
      with cal as (
        select d::date as day,
          sum(case when extract(isodow from d) < 6 and h.date is null then 1 else 0 end) over (order by d) as ord
        from generate_series(${shiftDay(from, -CLOCK_LOOKBACK_DAYS)}::date, ${to}::date, interval '1 day') d
        left join non_working_days h on h.scope = 'national' and h.date = to_char(d, 'YYYY-MM-DD')
      ),
      received as (
        select ${dayOf(sql`a.created_at`)} as day, ${province} as province, ${district} as district,
          count(*)::int as received, count(*) filter (where a.paid_at is not null)::int as received_paid
        from applications a where ${inPeriod(sql`a.created_at`)} group by 1, 2, 3
      ),
      paid as (
        select ${dayOf(sql`a.paid_at`)} as day, ${province} as province, ${district} as district, count(*)::int as paid
        from applications a where ${inPeriod(sql`a.paid_at`)} group by 1, 2, 3
      ),
      -- Working days used to each decision: an ordinal of working days by date (weekdays not
      -- national holidays), subtracted; a closure of the application's own office inside the span
      -- counts off too. A paused case's waiting days never count: clock_used_days holds the days
      -- of earlier runs and the running part starts when the citizen answered.
      decision as (
        select ${dayOf(sql`h.created_at`)} as day, ${province} as province, ${district} as district, h.to_status,
          a.clock_used_days + case when a.clock_paused_at is null and c1.day >= ${decidedDay} - ${sql.raw(String(CLOCK_LOOKBACK_DAYS))}
            then coalesce(c2.ord - c1.ord - (select count(*) from non_working_days n
              where n.scope in ('province:' || (a.applicant_data->>'province_id'), 'district:' || (a.applicant_data->>'district_id'))
                and n.date > to_char(${startDay}, 'YYYY-MM-DD') and n.date <= to_char(${decidedDay}, 'YYYY-MM-DD')
                and extract(isodow from n.date::date) < 6
                and not exists (select 1 from non_working_days x where x.date = n.date and x.scope = 'national')), 0)
            else 0 end as used
        from status_history h
        join applications a on a.id = h.application_id
        left join cal c1 on c1.day = ${startDay}
        left join cal c2 on c2.day = ${decidedDay}
        where h.to_status in (${Status.approved}, ${Status.rejected}) and ${inPeriod(sql`h.created_at`)}
          and a.paid_at is not null
      ),
      decided as (
        select day, province, district, sum(n)::int as decided, sum(approved)::int as approved,
          sum(rejected)::int as rejected, (sum(n) filter (where used <= 3))::int as within3,
          (sum(n) filter (where used <= 5))::int as within5, jsonb_object_agg(used::text, n) as used_days
        from (
          select day, province, district, used, count(*) as n,
            count(*) filter (where to_status = ${Status.approved}) as approved,
            count(*) filter (where to_status = ${Status.rejected}) as rejected
          from decision group by 1, 2, 3, 4
        ) s group by 1, 2, 3
      ),
      reasons as (
        select day, province, district, jsonb_object_agg(code, n) as reasons from (
          select ${dayOf(sql`h.created_at`)} as day, ${province} as province, ${district} as district, r.code, count(*) as n
          from status_history h join applications a on a.id = h.application_id
          cross join lateral jsonb_array_elements_text(coalesce(h.reason_codes, '[]'::jsonb)) as r(code)
          where h.to_status = ${Status.rejected} and ${inPeriod(sql`h.created_at`)}
          group by 1, 2, 3, 4
        ) s group by 1, 2, 3
      ),
      minutes as (
        select ${dayOf(sql`l.created_at`)} as day, ${province} as province, ${district} as district,
          count(*)::int as minutes_n, sum(extract(epoch from (l.created_at - o.opened)) / 60) as minutes_sum
        from access_log l join applications a on a.id = l.application_id
        cross join lateral (
          select max(v.created_at) as opened from access_log v
          where v.officer_id = l.officer_id and v.application_id = l.application_id and v.action = 'view'
            and v.created_at <= l.created_at and v.created_at > l.created_at - interval '${sql.raw(String(OPENED_WITHIN_HOURS))} hours'
        ) o
        where l.action in ('approve', 'reject') and ${inPeriod(sql`l.created_at`)} and o.opened is not null
        group by 1, 2, 3
      ),
      no_shows as (
        select v.pickup_date as day, coalesce(d.province_id::text, '') as province, v.district_id::text as district,
          count(*)::int as no_shows
        from pickup_visits v left join districts d on d.id = v.district_id
        where v.no_show_at is not null and v.handed_over_at is null and v.pickup_date >= ${from} and v.pickup_date <= ${to}
        group by 1, 2, 3
      ),
      downloads as (
        select ${dayOf(sql`x.first_at`)} as day, ${province} as province, ${district} as district, count(*)::int as downloads
        from certificate_downloads x join applications a on a.id = x.application_id
        where ${inPeriod(sql`x.first_at`)} group by 1, 2, 3
      ),
      pickups as (
        select ${dayOf(sql`h.created_at`)} as day, ${province} as province, ${district} as district, count(*)::int as pickups
        from status_history h join applications a on a.id = h.application_id
        where h.to_status = ${Status.pickedUp} and ${inPeriod(sql`h.created_at`)} group by 1, 2, 3
      ),
      feedback as (
        select ${dayOf(sql`f.created_at`)} as day, ${province} as province, ${district} as district,
          count(*)::int as feedback_n, sum(f.rating)::int as rating_sum
        from certificate_feedback f join applications a on a.id = f.application_id
        where ${inPeriod(sql`f.created_at`)} group by 1, 2, 3
      ),
      places as (
        select day, province, district from received union select day, province, district from paid
        union select day, province, district from decided union select day, province, district from reasons
        union select day, province, district from minutes union select day, province, district from no_shows
        union select day, province, district from downloads union select day, province, district from pickups
        union select day, province, district from feedback
      )
      insert into figure_days (day, province, district, received, received_paid, paid, decided, approved, rejected,
        within3, within5, used_days, reasons, minutes_n, minutes_sum, no_shows, downloads, pickups, feedback_n, rating_sum)
      select k.day, k.province, k.district, coalesce(r.received, 0), coalesce(r.received_paid, 0), coalesce(p.paid, 0),
        coalesce(d.decided, 0), coalesce(d.approved, 0), coalesce(d.rejected, 0), coalesce(d.within3, 0),
        coalesce(d.within5, 0), coalesce(d.used_days, '{}'::jsonb), coalesce(rs.reasons, '{}'::jsonb),
        coalesce(m.minutes_n, 0), coalesce(m.minutes_sum, 0), coalesce(ns.no_shows, 0), coalesce(dl.downloads, 0),
        coalesce(pk.pickups, 0), coalesce(fb.feedback_n, 0), coalesce(fb.rating_sum, 0)
      from places k
      left join received r using (day, province, district)
      left join paid p using (day, province, district)
      left join decided d using (day, province, district)
      left join reasons rs using (day, province, district)
      left join minutes m using (day, province, district)
      left join no_shows ns using (day, province, district)
      left join downloads dl using (day, province, district)
      left join pickups pk using (day, province, district)
      left join feedback fb using (day, province, district)`);
    // Their months again, from the days as they now stand (migration 0018's figure_months_count).
    await tx.execute(sql`select figure_months_count(${monthOf(from)}, ${nextMonth(monthOf(to))})`);
  });
}

/** Runs of consecutive days, each at most DAYS_PER_REFRESH long. */
function runsOf(days: string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && shiftDay(last[1], 1) === day && shiftDay(last[0], DAYS_PER_REFRESH - 1) >= day) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/**
 * Counts again the stale days (those of `from`…`to` only, when given): before the figures read a
 * period, and in the scheduled jobs for all of them. Returns how many days were counted.
 */
export async function refreshFigureDays(db: Db, period?: { from: string; to: string }): Promise<number> {
  const within = period ? sql`where day >= ${period.from} and day <= ${period.to}` : sql``;
  const result = (await db.execute(
    sql`select distinct day from figure_days_stale ${within} order by day`,
  )) as unknown as {
    rows: { day: string }[];
  };
  const days = result.rows.map((r) => r.day);
  for (const [from, to] of runsOf(days)) await countDays(db, from, to);
  return days.length;
}
