import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { officeContains, type Office } from '../../contract/offices';
import {
  FIGURE_KEYS,
  FIGURE_UNITS,
  type Figure,
  type FigureKey,
  type Figures,
  type FiguresQuery,
} from '../../contract/office-figures';
import { addWorkingDays, vientianeDay } from '../../contract/working-days';
import type { Db } from '../db/client';
import { districts, provinces } from '../db/schema';
import { notFound } from '../lib/http-error';
import { monthOf, nextMonth, refreshFigureDays, shiftDay } from './figure-days';
import { loadCalendar, RUNNING_STATUSES } from './officers/calendar';
import { officeOf, type OfficeColumns } from './offices';

/**
 * Figures a ministry steers by (docs/decisions.md#office-figures). The period's figures are read
 * from the daily rollup (server/services/figure-days.ts: counted per day and place, working days
 * against the calendar by contract/working-days.ts's rule), grouped by bucket with a total row
 * (GROUPING SETS); only the cases overdue or at risk now are read from the applications.
 */

type Bucket = 'day' | 'week' | 'month';
type Scope = { kind: 'country' } | { kind: 'province'; id: number } | { kind: 'district'; id: number };

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

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

/** The scope as a condition on the rollup's rows `f`. */
function rollupAreaOf(scope: Scope): SQL {
  if (scope.kind === 'country') return sql`true`;
  return scope.kind === 'province' ? sql`f.province = ${String(scope.id)}` : sql`f.district = ${String(scope.id)}`;
}

function bucketOf(from: string, to: string): Bucket {
  const days = daysBetween(from, to) + 1;
  return days <= 31 ? 'day' : days <= 190 ? 'week' : 'month';
}

/** The bucket's first day of a text day column (YYYY-MM-DD). */
const dayBucketSql = (bucket: Bucket, column: SQL) =>
  bucket === 'day' ? column : sql`to_char(date_trunc(${bucket}, ${column}::date), 'YYYY-MM-DD')`;

const ROLLUP_COLUMNS = sql.raw(
  'f.received, f.received_paid, f.paid, f.decided, f.approved, f.rejected, f.within3, f.within5, f.used_days, ' +
    'f.reasons, f.minutes_n, f.minutes_sum, f.no_shows, f.downloads, f.pickups, f.feedback_n, f.rating_sum',
);

/**
 * The rollup's rows of a period and scope, each with its bucket `b`. By month (a period longer than
 * 190 days), the whole months inside the period are read from the monthly layer (figure_months, 148
 * rows a month for the country) and only the partial first and last months day by day: a year of
 * the country was 90,000 daily rows whose histograms were each expanded (bench/history.md).
 */
function rollupRows(bucket: Bucket, from: string, to: string, scope: Scope): SQL {
  const daily = (days: SQL) =>
    sql`select ${dayBucketSql(bucket, sql`f.day`)} as b, ${ROLLUP_COLUMNS} from figure_days f
      where f.day >= ${from} and f.day <= ${to} and ${days} and ${rollupAreaOf(scope)}`;
  // The whole months: from the first one starting on or after `from` to the last one ending by `to`.
  const first = from === monthOf(from) ? from : nextMonth(monthOf(from));
  const end = shiftDay(to, 1) === nextMonth(monthOf(to)) ? nextMonth(monthOf(to)) : monthOf(to);
  if (bucket !== 'month' || first >= end) return daily(sql`true`);
  return sql`select f.month as b, ${ROLLUP_COLUMNS} from figure_months f
      where f.month >= ${first} and f.month < ${end} and ${rollupAreaOf(scope)}
    union all ${daily(sql`(f.day < ${first} or f.day >= ${end})`)}`;
}

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
    else d = nextMonth(d);
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
  const area = areaOf(scope);
  const today = vientianeDay(now);
  const calendar = await loadCalendar(db, shiftDay(today, -7));
  const atRiskUntil = addWorkingDays(today, 1, calendar.dayOffOfOffice(viewed));
  // The period's days changed since last counted are counted again first (server/services/figure-days.ts).
  await refreshFigureDays(db, { from, to });
  const days = rollupRows(bucket, from, to, scope);

  const [sums, usedDays, reasons, open, choices, names] = await Promise.all([
    rows(
      db,
      grouped(
        days,
        sql`coalesce(sum(received), 0)::int as received, coalesce(sum(received_paid), 0)::int as received_paid,
            coalesce(sum(paid), 0)::int as paid, coalesce(sum(decided), 0)::int as decided,
            coalesce(sum(approved), 0)::int as approved, coalesce(sum(rejected), 0)::int as rejected,
            coalesce(sum(within3), 0)::int as within3, coalesce(sum(within5), 0)::int as within5,
            coalesce(sum(minutes_n), 0)::int as minutes_n,
            case when sum(minutes_n) > 0 then sum(minutes_sum) / sum(minutes_n) end as minutes,
            coalesce(sum(no_shows), 0)::int as no_shows, coalesce(sum(downloads), 0)::int as downloads,
            coalesce(sum(pickups), 0)::int as pickups, coalesce(sum(feedback_n), 0)::int as feedback_n,
            case when sum(feedback_n) > 0 then sum(rating_sum)::numeric / sum(feedback_n) end as rating`,
      ),
    ),
    // Decisions by working days used, per bucket and in all: the median is read from them exactly.
    rows(
      db,
      sql`select b, u.key::int as used, sum(u.value::int)::int as n
          from (${days}) s cross join jsonb_each_text(s.used_days) u group by grouping sets ((b, u.key), (u.key))`,
    ),
    rows(
      db,
      sql`select t.code, t.n, dr.text_en, dr.text_lo, null as b from (
            select r.key as code, sum(r.value::int)::int as n from (${days}) s cross join jsonb_each_text(s.reasons) r
            group by r.key order by n desc, r.key limit 5
          ) t left join decision_reasons dr on dr.code = t.code order by t.n desc, t.code`,
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
    scopeChoices(db, office, viewed),
    scope.kind === 'country'
      ? db.select({ id: provinces.id, en: provinces.nameEn, lo: provinces.nameLo }).from(provinces)
      : db
          .select({ id: districts.id, en: districts.nameEn, lo: districts.nameLo })
          .from(districts)
          .where(scope.kind === 'province' ? eq(districts.provinceId, scope.id) : eq(districts.id, scope.id)),
  ]);
  // Each family of figures as its own rows (bucket `b`, total row b null), as the raw queries gave them.
  const as = (columns: Record<string, string>): Row[] =>
    sums.map((r) => ({ b: r.b, ...Object.fromEntries(Object.entries(columns).map(([k, c]) => [k, r[c]])) }));
  const medians = medianByBucket(usedDays);
  const received = as({ n: 'received', paid: 'received_paid' });
  const paid = as({ n: 'paid' });
  const decisions = sums.map((r) => ({ ...r, median: medians.get(r.b) ?? null }));
  const minutes = as({ n: 'minutes_n', minutes: 'minutes' });
  const noShows = as({ n: 'no_shows' });
  const downloads = as({ n: 'downloads' });
  const pickups = as({ n: 'pickups' });
  const feedback = as({ n: 'feedback_n', rating: 'rating' });

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

/**
 * The median of working days used (percentile_cont(0.5), as PostgreSQL computes it on the
 * decisions themselves) of each bucket and of all (key null), from the counts per days used.
 */
function medianByBucket(rs: Row[]): Map<string | null, number> {
  const byBucket = new Map<string | null, { used: number; n: number }[]>();
  for (const r of rs) byBucket.set(r.b, [...(byBucket.get(r.b) ?? []), { used: Number(r.used), n: Number(r.n) }]);
  const out = new Map<string | null, number>();
  for (const [b, counts] of byBucket) {
    counts.sort((x, y) => x.used - y.used);
    const all = counts.reduce((sum, c) => sum + c.n, 0);
    if (!all) continue;
    // The value at 0-based rank k of the sorted decisions.
    const at = (k: number) => {
      let seen = 0;
      for (const c of counts) if ((seen += c.n) > k) return c.used;
      return counts[counts.length - 1].used;
    };
    const rank = (all - 1) / 2;
    const low = at(Math.floor(rank));
    out.set(b, low + (rank - Math.floor(rank)) * (at(Math.ceil(rank)) - low));
  }
  return out;
}

const scopeKey = (scope: Scope) => (scope.kind === 'country' ? 'country' : `${scope.kind}:${scope.id}`);

async function nameOfScope(db: Db, scope: Scope) {
  if (scope.kind === 'country') return { scope: 'country', name_en: 'Lao PDR', name_lo: 'ສ ປ ປ ລາວ' };
  const table = scope.kind === 'province' ? provinces : districts;
  const [p] = await db.select({ en: table.nameEn, lo: table.nameLo }).from(table).where(eq(table.id, scope.id));
  return { scope: scopeKey(scope), name_en: p?.en ?? '', name_lo: p?.lo ?? '' };
}
