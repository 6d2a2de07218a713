import { asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { officeContains, type Office } from '../../contract/offices';
import {
  FIGURE_KEYS,
  FIGURE_UNITS,
  type Figure,
  type FigureKey,
  type Figures,
  type FiguresQuery,
} from '../../contract/office-figures';
import { Status } from '../../contract/status';
import { addWorkingDays, vientianeDay } from '../../contract/working-days';
import type { Db } from '../db/client';
import { districts, nonWorkingDays, provinces } from '../db/schema';
import { notFound } from '../lib/http-error';
import { loadCalendar, RUNNING_STATUSES } from './officers/calendar';
import { officeOf, type OfficeColumns } from './offices';

/**
 * Figures a ministry steers by (docs/decisions.md#office-figures). One query per family of
 * figures, each grouped by bucket with a total row (GROUPING SETS), run side by side on the pool;
 * working days are counted in SQL against the calendar (contract/working-days.ts's rule: weekdays
 * that are neither a national holiday nor a closure of the application's office).
 */

type Bucket = 'day' | 'week' | 'month';
type Scope = { kind: 'country' } | { kind: 'province'; id: number } | { kind: 'district'; id: number };

const ZONE = 'Asia/Vientiane';
/** An officer's look at a case before deciding counts only if it was this recent (a day's work, not last week's glance). */
const OPENED_WITHIN_HOURS = 4;
/** How far before the period a decided case's clock may have started (a year is far beyond any case). */
const CLOCK_LOOKBACK_DAYS = 400;

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
/** The instant a Vientiane day starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+07:00`);

function parseScope(scope: string | undefined, office: Office | null): Scope {
  if (!scope) {
    if (!office || office.level === 'national') return { kind: 'country' };
    return office.level === 'province'
      ? { kind: 'province', id: office.province_id }
      : { kind: 'district', id: office.district_id };
  }
  if (scope === 'country') return { kind: 'country' };
  const [kind, id] = scope.split(':');
  return { kind: kind as 'province' | 'district', id: Number(id) };
}

/** The office a scope is, for the containment rule of contract/offices.ts (404 for an unknown place). */
async function scopeOffice(db: Db, scope: Scope): Promise<Office> {
  if (scope.kind === 'country') return { level: 'national' };
  if (scope.kind === 'province') {
    const [p] = await db.select({ id: provinces.id }).from(provinces).where(eq(provinces.id, scope.id));
    if (!p) throw notFound('Place not found');
    return { level: 'province', province_id: p.id };
  }
  const [d] = await db
    .select({ id: districts.id, p: districts.provinceId })
    .from(districts)
    .where(eq(districts.id, scope.id));
  if (!d) throw notFound('Place not found');
  return { level: 'district', province_id: d.p, district_id: d.id };
}

/** The scope as a condition on applications `a` (step 1's address, as applicationsInOffice). */
function areaOf(scope: Scope, alias = 'a'): SQL {
  const data = sql.raw(`${alias}.applicant_data`);
  if (scope.kind === 'country') return sql`true`;
  if (scope.kind === 'province') return sql`(${data}->>'province_id') = ${String(scope.id)}`;
  return sql`(${data}->>'district_id') = ${String(scope.id)}`;
}

function bucketOf(from: string, to: string): Bucket {
  const days = daysBetween(from, to) + 1;
  return days <= 31 ? 'day' : days <= 190 ? 'week' : 'month';
}

/** The bucket's first day of a timestamp (in Vientiane), as YYYY-MM-DD. */
const bucketSql = (bucket: Bucket, column: SQL) =>
  bucket === 'day'
    ? sql`to_char((${column} at time zone ${ZONE}), 'YYYY-MM-DD')`
    : sql`to_char(date_trunc(${bucket}, (${column} at time zone ${ZONE})), 'YYYY-MM-DD')`;
/** The same for a text day column (YYYY-MM-DD). */
const dayBucketSql = (bucket: Bucket, column: SQL) =>
  bucket === 'day' ? column : sql`to_char(date_trunc(${bucket}, ${column}::date), 'YYYY-MM-DD')`;

/** Every bucket's first day from `from` to `to`. */
function bucketStarts(bucket: Bucket, from: string, to: string): string[] {
  const first =
    bucket === 'day'
      ? from
      : bucket === 'week'
        ? shiftDay(from, -((new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7))
        : `${from.slice(0, 7)}-01`;
  const out: string[] = [];
  for (let d = first; d <= to;) {
    out.push(d);
    if (bucket === 'day') d = shiftDay(d, 1);
    else if (bucket === 'week') d = shiftDay(d, 7);
    else {
      const [y, m] = d.split('-').map(Number);
      d = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return out;
}

type Row = Record<string, unknown> & { b: string | null };
async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
/** Groups an inner query's rows (each with its bucket `b`) by bucket, with a total row (b null). */
const grouped = (inner: SQL, aggregates: SQL) =>
  sql`select b, ${aggregates} from (${inner}) s group by grouping sets ((b), ())`;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * Working days used to each decision of the period, counted in SQL: an ordinal of working days by
 * date (weekdays not national holidays), subtracted; a closure of the application's own office
 * inside the span counts off too. A paused case's waiting days never count: clock_used_days holds
 * the days of earlier runs and the running part starts when the citizen answered.
 */
function decisionsSql(scope: Scope, from: string, to: string, bucket: Bucket, closures: boolean): SQL {
  const calFrom = shiftDay(from, -CLOCK_LOOKBACK_DAYS);
  const startDay = sql`(coalesce(a.clock_started_at, a.paid_at) at time zone ${ZONE})::date`;
  const decidedDay = sql`(h.created_at at time zone ${ZONE})::date`;
  const closed = closures
    ? sql` - (select count(*) from non_working_days n
          where n.scope in ('province:' || (a.applicant_data->>'province_id'), 'district:' || (a.applicant_data->>'district_id'))
            and n.date > to_char(${startDay}, 'YYYY-MM-DD') and n.date <= to_char(${decidedDay}, 'YYYY-MM-DD')
            and extract(isodow from n.date::date) < 6
            and not exists (select 1 from non_working_days x where x.date = n.date and x.scope = 'national'))`
    : sql``;
  return sql`
    with cal as (
      select d::date as day,
        sum(case when extract(isodow from d) < 6 and h.date is null then 1 else 0 end) over (order by d) as ord
      from generate_series(${calFrom}::date, ${to}::date, interval '1 day') d
      left join non_working_days h on h.scope = 'national' and h.date = to_char(d, 'YYYY-MM-DD')
    ),
    dec as (
      select h.to_status, ${bucketSql(bucket, sql`h.created_at`)} as b,
        a.clock_used_days + case when a.clock_paused_at is null
          then coalesce(c2.ord - c1.ord${closed}, 0) else 0 end as used
      from status_history h
      join applications a on a.id = h.application_id
      left join cal c1 on c1.day = ${startDay}
      left join cal c2 on c2.day = ${decidedDay}
      where h.to_status in (${Status.approved}, ${Status.rejected})
        and h.created_at >= ${dayStart(from).toISOString()}::timestamptz
        and h.created_at < ${dayStart(shiftDay(to, 1)).toISOString()}::timestamptz
        and a.paid_at is not null and ${areaOf(scope)}
    )
    select b, count(*)::int as decided,
      count(*) filter (where to_status = ${Status.approved})::int as approved,
      count(*) filter (where to_status = ${Status.rejected})::int as rejected,
      count(*) filter (where used <= 3)::int as within3,
      count(*) filter (where used <= 5)::int as within5,
      percentile_cont(0.5) within group (order by used) as median
    from dec group by grouping sets ((b), ())`;
}

/** The scopes an officer may open: their office, and the places inside the one being looked at. */
async function scopeChoices(db: Db, office: Office | null, viewed: Office) {
  const out: { scope: string; name_en: string; name_lo: string }[] = [];
  if (office?.level === 'national') {
    out.push({ scope: 'country', name_en: 'Lao PDR', name_lo: 'ສ ປ ປ ລາວ' });
    const ps = await db.select().from(provinces).orderBy(asc(provinces.nameEn));
    for (const p of ps) out.push({ scope: `province:${p.id}`, name_en: p.nameEn, name_lo: p.nameLo });
  }
  const province = viewed.level === 'national' ? null : viewed.province_id;
  if (office && office.level !== 'district' && province) {
    if (office.level === 'province') {
      const [p] = await db.select().from(provinces).where(eq(provinces.id, province));
      out.push({ scope: `province:${p.id}`, name_en: p.nameEn, name_lo: p.nameLo });
    }
    const ds = await db
      .select()
      .from(districts)
      .where(eq(districts.provinceId, province))
      .orderBy(asc(districts.nameEn));
    for (const d of ds) out.push({ scope: `district:${d.id}`, name_en: d.nameEn, name_lo: d.nameLo });
  }
  if (office?.level === 'district') {
    const [d] = await db.select().from(districts).where(eq(districts.id, office.district_id));
    out.push({ scope: `district:${d.id}`, name_en: d.nameEn, name_lo: d.nameLo });
  }
  return out;
}

/** The places inside a scope, for the overdue / at-risk breakdown: provinces of the country, districts of a province. */
function childOf(scope: Scope): SQL {
  return scope.kind === 'country' ? sql`a.applicant_data->>'province_id'` : sql`a.applicant_data->>'district_id'`;
}

/**
 * GET /v1/officer/figures: every figure of the period for one scope the officer may see (their own
 * office by default); a scope outside their office answers 404 like one that does not exist.
 */
export async function officeFigures(
  db: Db,
  officer: OfficeColumns,
  query: FiguresQuery,
  now = new Date(),
): Promise<Figures> {
  const office = officeOf(officer);
  const scope = parseScope(query.scope, office);
  const viewed = await scopeOffice(db, scope);
  if (!officeContains(office, viewed)) throw notFound('Place not found');
  const { from, to } = query;
  const bucket = bucketOf(from, to);
  const starts = bucketStarts(bucket, from, to);
  const fromTs = dayStart(from).toISOString();
  const toTs = dayStart(shiftDay(to, 1)).toISOString();
  const area = areaOf(scope);
  const today = vientianeDay(now);
  const calendar = await loadCalendar(db, shiftDay(today, -7));
  const atRiskUntil = addWorkingDays(today, 1, calendar.dayOffOfOffice(viewed));
  const [closure] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(nonWorkingDays)
    .where(gte(nonWorkingDays.date, shiftDay(from, -CLOCK_LOOKBACK_DAYS)));
  const anyClosure = Number(closure?.n ?? 0) > 0;
  const districtOfVisit =
    scope.kind === 'country'
      ? sql`true`
      : scope.kind === 'district'
        ? sql`v.district_id = ${scope.id}`
        : sql`v.district_id in (select id from districts where province_id = ${scope.id})`;

  const [received, paid, decisions, reasons, minutes, open, noShows, downloads, pickups, feedback, choices, names] =
    await Promise.all([
      rows(
        db,
        grouped(
          sql`select ${bucketSql(bucket, sql`a.created_at`)} as b, a.paid_at from applications a
              where a.created_at >= ${fromTs}::timestamptz and a.created_at < ${toTs}::timestamptz and ${area}`,
          sql`count(*)::int as n, count(*) filter (where paid_at is not null)::int as paid`,
        ),
      ),
      rows(
        db,
        grouped(
          sql`select ${bucketSql(bucket, sql`a.paid_at`)} as b from applications a
              where a.paid_at >= ${fromTs}::timestamptz and a.paid_at < ${toTs}::timestamptz and ${area}`,
          sql`count(*)::int as n`,
        ),
      ),
      rows(db, decisionsSql(scope, from, to, bucket, anyClosure)),
      rows(
        db,
        sql`select r.code, count(*)::int as n, min(dr.text_en) as text_en, min(dr.text_lo) as text_lo, null as b
            from status_history h join applications a on a.id = h.application_id
            cross join lateral jsonb_array_elements_text(coalesce(h.reason_codes, '[]'::jsonb)) as r(code)
            left join decision_reasons dr on dr.code = r.code
            where h.to_status = ${Status.rejected} and h.created_at >= ${fromTs}::timestamptz and h.created_at < ${toTs}::timestamptz and ${area}
            group by r.code order by n desc, r.code limit 5`,
      ),
      rows(
        db,
        grouped(
          sql`select ${bucketSql(bucket, sql`l.created_at`)} as b, extract(epoch from (l.created_at - o.opened)) / 60 as minutes
              from access_log l join applications a on a.id = l.application_id
              cross join lateral (
                select max(v.created_at) as opened from access_log v
                where v.officer_id = l.officer_id and v.application_id = l.application_id and v.action = 'view'
                  and v.created_at <= l.created_at and v.created_at > l.created_at - interval '${sql.raw(String(OPENED_WITHIN_HOURS))} hours'
              ) o
              where l.action in ('approve', 'reject') and l.created_at >= ${fromTs}::timestamptz and l.created_at < ${toTs}::timestamptz
                and o.opened is not null and ${area}`,
          sql`count(*)::int as n, avg(minutes) as minutes`,
        ),
      ),
      rows(
        db,
        grouped(
          sql`select ${childOf(scope)} as b, a.due_on from applications a
              where a.status in (${sql.join(
                RUNNING_STATUSES.map((s) => sql`${s}`),
                sql`, `,
              )})
                and a.clock_paused_at is null and a.due_on is not null and a.due_on <= ${atRiskUntil} and ${area}`,
          sql`count(*) filter (where due_on < ${today})::int as overdue,
              count(*) filter (where due_on >= ${today} and due_on <= ${atRiskUntil})::int as at_risk`,
        ),
      ),
      rows(
        db,
        grouped(
          sql`select ${dayBucketSql(bucket, sql`v.pickup_date`)} as b from pickup_visits v
              where v.no_show_at is not null and v.handed_over_at is null and v.pickup_date >= ${from} and v.pickup_date <= ${to} and ${districtOfVisit}`,
          sql`count(*)::int as n`,
        ),
      ),
      rows(
        db,
        grouped(
          sql`select ${bucketSql(bucket, sql`d.first_at`)} as b from certificate_downloads d join applications a on a.id = d.application_id
              where d.first_at >= ${fromTs}::timestamptz and d.first_at < ${toTs}::timestamptz and ${area}`,
          sql`count(*)::int as n`,
        ),
      ),
      rows(
        db,
        grouped(
          sql`select ${bucketSql(bucket, sql`h.created_at`)} as b from status_history h join applications a on a.id = h.application_id
              where h.to_status = ${Status.pickedUp} and h.created_at >= ${fromTs}::timestamptz and h.created_at < ${toTs}::timestamptz and ${area}`,
          sql`count(*)::int as n`,
        ),
      ),
      rows(
        db,
        grouped(
          sql`select ${bucketSql(bucket, sql`f.created_at`)} as b, f.rating from certificate_feedback f join applications a on a.id = f.application_id
              where f.created_at >= ${fromTs}::timestamptz and f.created_at < ${toTs}::timestamptz and ${area}`,
          sql`count(*)::int as n, avg(rating) as rating`,
        ),
      ),
      scopeChoices(db, office, viewed),
      scope.kind === 'country'
        ? db.select({ id: provinces.id, en: provinces.nameEn, lo: provinces.nameLo }).from(provinces)
        : db
            .select({ id: districts.id, en: districts.nameEn, lo: districts.nameLo })
            .from(districts)
            .where(scope.kind === 'province' ? eq(districts.provinceId, scope.id) : eq(districts.id, scope.id)),
    ]);

  /** Total and series of one column of one query's rows. */
  const pick = (rs: Row[], value: (r: Row) => number | null) => {
    const total = rs.find((r) => r.b === null);
    const byBucket = new Map(rs.filter((r) => r.b !== null).map((r) => [r.b as string, value(r)]));
    return {
      total: total ? value(total) : null,
      series: starts.map((start) => ({ start, value: byBucket.get(start) ?? null })),
    };
  };
  const count = (rs: Row[], column = 'n') => {
    const p = pick(rs, (r) => num(r[column]) ?? 0);
    return { value: p.total ?? 0, of: null, series: p.series.map((s) => ({ ...s, value: s.value ?? 0 })) };
  };
  const share = (rs: Row[], part: string, whole: string) => {
    const p = pick(rs, (r) => (Number(r[whole]) ? Number(r[part]) / Number(r[whole]) : null));
    const total = rs.find((r) => r.b === null);
    return {
      value: p.total,
      of: total
        ? { numerator: Number(total[part]), denominator: Number(total[whole]) }
        : { numerator: 0, denominator: 0 },
      series: p.series,
    };
  };
  const average = (rs: Row[], column: string) => {
    const p = pick(rs, (r) => (r[column] === null ? null : Math.round(Number(r[column]) * 10) / 10));
    const total = rs.find((r) => r.b === null);
    return {
      value: p.total,
      of: { numerator: Number(total?.n ?? 0), denominator: Number(total?.n ?? 0) },
      series: p.series,
    };
  };

  // Digital take-up: first downloads against hand-overs at a desk, bucket by bucket.
  const takeUp = new Map<string | null, { d: number; p: number }>();
  for (const r of downloads) takeUp.set(r.b, { d: Number(r.n), p: takeUp.get(r.b)?.p ?? 0 });
  for (const r of pickups) takeUp.set(r.b, { d: takeUp.get(r.b)?.d ?? 0, p: Number(r.n) });
  const takeUpRows: Row[] = [...takeUp].map(([b, x]) => ({ b, d: x.d, all: x.d + x.p }));
  if (!takeUp.has(null)) takeUpRows.push({ b: null, d: 0, all: 0 });

  const openTotal = open.find((r) => r.b === null);
  const values: Record<FigureKey, Omit<Figure, 'key' | 'unit'>> = {
    received: count(received),
    paid: count(paid),
    decided: count(decisions, 'decided'),
    approved: count(decisions, 'approved'),
    rejected: count(decisions, 'rejected'),
    within_3_days: share(decisions, 'within3', 'decided'),
    within_5_days: share(decisions, 'within5', 'decided'),
    median_days: { ...average(decisions, 'median'), of: null },
    overdue_now: { value: Number(openTotal?.overdue ?? 0), of: null, series: [] },
    at_risk_now: { value: Number(openTotal?.at_risk ?? 0), of: null, series: [] },
    officer_minutes: average(minutes, 'minutes'),
    no_shows: count(noShows),
    completion_rate: share(received, 'paid', 'n'),
    digital_take_up: share(takeUpRows, 'd', 'all'),
    satisfaction: average(feedback, 'rating'),
  };
  const scopeName = choices.find((c) => c.scope === scopeKey(scope)) ?? (await nameOfScope(db, scope));
  const nameById = new Map(names.map((n) => [String(n.id), n]));
  return {
    scope: scopeName,
    from,
    to,
    bucket,
    scopes: choices,
    figures: FIGURE_KEYS.map((key) => ({ key, unit: FIGURE_UNITS[key], ...values[key] })),
    reasons: reasons.map((r) => ({
      code: String(r.code),
      text_en: (r.text_en as string | null) ?? String(r.code),
      text_lo: (r.text_lo as string | null) ?? String(r.code),
      count: Number(r.n),
    })),
    areas: open
      .filter((r) => r.b !== null)
      .map((r) => {
        const n = nameById.get(String(r.b));
        const kind = scope.kind === 'country' ? 'province' : 'district';
        return {
          scope: `${kind}:${r.b}`,
          name_en: n?.en ?? String(r.b),
          name_lo: n?.lo ?? String(r.b),
          overdue: Number(r.overdue),
          at_risk: Number(r.at_risk),
        };
      })
      .sort((a, b) => b.overdue + b.at_risk - (a.overdue + a.at_risk) || a.name_en.localeCompare(b.name_en)),
  };
}

const scopeKey = (scope: Scope) => (scope.kind === 'country' ? 'country' : `${scope.kind}:${scope.id}`);

async function nameOfScope(db: Db, scope: Scope) {
  if (scope.kind === 'country') return { scope: 'country', name_en: 'Lao PDR', name_lo: 'ສ ປ ປ ລາວ' };
  const table = scope.kind === 'province' ? provinces : districts;
  const [p] = await db.select({ en: table.nameEn, lo: table.nameLo }).from(table).where(eq(table.id, scope.id));
  return { scope: scopeKey(scope), name_en: p?.en ?? '', name_lo: p?.lo ?? '' };
}
