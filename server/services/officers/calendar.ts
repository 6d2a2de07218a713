import { and, asc, eq, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import type { NonWorkingDay, NonWorkingDayBody } from '../../../contract/officer-day';
import { officeContains, type Office } from '../../../contract/offices';
import { Status } from '../../../contract/status';
import { dueDay, vientianeDay, type DayOff } from '../../../contract/working-days';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { applications, districts, nonWorkingDays } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { officeOf } from '../offices';
import { recordAudit } from './audit';
import { roleOf, type OfficerUser } from './queue';

/**
 * The calendar of days off (docs/decisions.md#the-working-day-clock): national holidays and the
 * closure days of one office. A day off of a province closes its districts' offices too.
 */

/** Where an application belongs: the province and district of the applicant's current address. */
export interface Area {
  province_id: number;
  district_id: number;
}

export const areaOf = (applicantData: unknown): Area => {
  const d = applicantData as { province_id?: unknown; district_id?: unknown };
  return { province_id: Number(d.province_id), district_id: Number(d.district_id) };
};

/** The days off as read once for a request: a predicate per application's area. */
export class Calendar {
  private readonly national = new Set<string>();
  private readonly byScope = new Map<string, Set<string>>();

  constructor(rows: { date: string; scope: string }[]) {
    for (const r of rows) {
      if (r.scope === 'national') this.national.add(r.date);
      else {
        let days = this.byScope.get(r.scope);
        if (!days) this.byScope.set(r.scope, (days = new Set()));
        days.add(r.date);
      }
    }
  }

  /** Days off of the national calendar only (for a national office's thresholds). */
  readonly nationalDayOff: DayOff = (day) => this.national.has(day);

  dayOffFor(area: Area | null): DayOff {
    if (!area) return this.nationalDayOff;
    const province = this.byScope.get(`province:${area.province_id}`);
    const district = this.byScope.get(`district:${area.district_id}`);
    if (!province && !district) return this.nationalDayOff;
    return (day) => this.national.has(day) || Boolean(province?.has(day)) || Boolean(district?.has(day));
  }

  /** The days off of an officer's office (a national office: the national calendar). */
  dayOffOfOffice(office: Office | null): DayOff {
    if (!office || office.level === 'national') return this.nationalDayOff;
    if (office.level === 'province') {
      const province = this.byScope.get(`province:${office.province_id}`);
      return (day) => this.national.has(day) || Boolean(province?.has(day));
    }
    return this.dayOffFor(office);
  }
}

/**
 * The days off from `fromDay` on (a clock never looks back further than its start). The table holds
 * a few dozen national days a year and the offices' closures: one small indexed read per request.
 */
export async function loadCalendar(db: Db, fromDay: string): Promise<Calendar> {
  return new Calendar(await daysOffFrom(db).execute({ fromDay }));
}
/** Prepared: every queue page and detail reads it, and its shape never changes. */
const daysOffFrom = preparedPerDatabase('days_off_from', (db, name) =>
  db
    .select({ date: nonWorkingDays.date, scope: nonWorkingDays.scope })
    .from(nonWorkingDays)
    .where(gte(nonWorkingDays.date, sql.placeholder('fromDay')))
    .prepare(name),
);

const toView = (r: typeof nonWorkingDays.$inferSelect): NonWorkingDay => ({
  id: r.id,
  date: r.date,
  kind: r.kind,
  scope: r.scope,
  name_en: r.nameEn,
  name_lo: r.nameLo,
  updated_at: r.updatedAt.toISOString(),
});

/** The office a scope names ('national' is the whole country). */
function scopeOffice(scope: string): Office | 'unknown' {
  if (scope === 'national') return { level: 'national' };
  const [level, id] = scope.split(':');
  // A district's province is not needed to compare offices by containment below.
  if (level === 'province') return { level: 'province', province_id: Number(id) };
  if (level === 'district') return { level: 'district', province_id: 0, district_id: Number(id) };
  return 'unknown';
}

/** The scopes an officer's calendar shows: the national days and the closures of their office. */
function visibleScopes(office: Office | null): SQL | undefined {
  if (!office) return eq(nonWorkingDays.scope, 'national');
  if (office.level === 'national') return undefined;
  const scopes = ['national', `province:${office.province_id}`];
  if (office.level === 'district') scopes.push(`district:${office.district_id}`);
  // A province office also sees the closures of its districts.
  if (office.level === 'province')
    return or(
      inArray(nonWorkingDays.scope, scopes),
      sql`${nonWorkingDays.scope} in (select 'district:' || d.id from districts d where d.province_id = ${office.province_id})`,
    );
  return inArray(nonWorkingDays.scope, scopes);
}

/** GET /v1/officer/calendar?year=: the year's days off an officer's office observes, by date. */
export async function listCalendar(db: Db, officer: OfficerUser, year: number): Promise<NonWorkingDay[]> {
  const rows = await db
    .select()
    .from(nonWorkingDays)
    .where(
      and(
        gte(nonWorkingDays.date, `${year}-01-01`),
        sql`${nonWorkingDays.date} <= ${`${year}-12-31`}`,
        visibleScopes(officeOf(officer)),
      ),
    )
    .orderBy(asc(nonWorkingDays.date), asc(nonWorkingDays.scope));
  return rows.map(toView);
}

/**
 * National days are a national admin's; a closure is an admin's of the office it closes (or of an
 * office containing it). Anyone else: 403.
 */
function assertMayEdit(officer: OfficerUser, scope: string) {
  if (roleOf(officer) !== 'admin') throw forbidden('Only an admin changes the calendar.');
  const target = scopeOffice(scope);
  const mine = officeOf(officer);
  if (target === 'unknown') throw forbidden('Unknown scope.');
  if (target.level === 'national') {
    if (mine?.level !== 'national') throw forbidden('National holidays are set by a national admin.');
    return;
  }
  if (mine?.level === 'national') return;
  if (mine?.level === 'province' && target.level === 'district') return; // checked in SQL below
  if (!officeContains(mine, target)) throw forbidden('An admin sets closure days of their own office only.');
}

/** A district closure by a province admin: the district must lie in their province. */
async function assertDistrictInProvince(db: Db, officer: OfficerUser, scope: string) {
  const mine = officeOf(officer);
  if (mine?.level !== 'province' || !scope.startsWith('district:')) return;
  const [found] = await db
    .select({ id: districts.id })
    .from(districts)
    .where(and(eq(districts.id, Number(scope.split(':')[1])), eq(districts.provinceId, mine.province_id)));
  if (!found) throw forbidden('An admin sets closure days of their own office only.');
}

const duplicate = () =>
  new HttpError(409, ErrorCode.validation, 'That day is already in the calendar for this scope.', {
    date: 'already_listed',
  });
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * The due day of every running clock the change may move, worked out again: the applications of
 * the scope whose due day is on or after the day added, moved or removed (an earlier due day
 * cannot count it). Grouped by their new due day: a few UPDATEs, whatever the number of cases.
 */
export async function recomputeDueDays(tx: Db, scope: string, fromDay: string): Promise<number> {
  const areaCondition =
    scope === 'national'
      ? undefined
      : scope.startsWith('province:')
        ? sql`(${applications.applicantData}->>'province_id') = ${scope.split(':')[1]}`
        : sql`(${applications.applicantData}->>'district_id') = ${scope.split(':')[1]}`;
  const open = await tx
    .select({
      id: applications.id,
      data: applications.applicantData,
      startedAt: applications.clockStartedAt,
      usedDays: applications.clockUsedDays,
      dueOn: applications.dueOn,
    })
    .from(applications)
    .where(
      and(
        inArray(applications.status, RUNNING_STATUSES),
        isNotNull(applications.dueOn),
        isNotNull(applications.clockStartedAt),
        gte(applications.dueOn, fromDay),
        areaCondition,
      ),
    );
  if (!open.length) return 0;
  const earliest = open.reduce((min, r) => (r.startedAt! < min ? r.startedAt! : min), open[0].startedAt!);
  const calendar = await loadCalendar(tx, vientianeDay(earliest));
  const moved = new Map<string, number[]>();
  for (const r of open) {
    const due = dueDay(
      { startedAt: r.startedAt, usedDays: r.usedDays, pausedAt: null },
      calendar.dayOffFor(areaOf(r.data)),
    );
    if (due && due !== r.dueOn) moved.set(due, [...(moved.get(due) ?? []), r.id]);
  }
  for (const [due, ids] of moved)
    await tx.update(applications).set({ dueOn: due }).where(inArray(applications.id, ids));
  return [...moved.values()].reduce((n, ids) => n + ids.length, 0);
}

/** Statuses whose clock runs (paid, not yet issued or rejected, not waiting on the citizen). */
export const RUNNING_STATUSES: Status[] = [
  Status.waitingForApprove,
  Status.inValidation,
  Status.approved,
  Status.waitingForCertificate,
];

/** POST /v1/officer/calendar: one day off added, on record, and the due days it moves. */
export async function addDay(db: Db, officer: OfficerUser, body: NonWorkingDayBody): Promise<NonWorkingDay> {
  assertMayEdit(officer, body.scope);
  await assertDistrictInProvince(db, officer, body.scope);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(nonWorkingDays)
        .values({
          date: body.date,
          kind: body.kind,
          scope: body.scope,
          nameEn: body.name_en,
          nameLo: body.name_lo,
          createdBy: officer.id,
          updatedBy: officer.id,
        })
        .returning();
      const moved = await recomputeDueDays(tx, row.scope, row.date);
      await recordAudit(tx, officer.id, 'calendar.add', null, { before: null, after: toView(row), moved });
      return toView(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

async function existing(db: Db, id: number) {
  const [row] = await db.select().from(nonWorkingDays).where(eq(nonWorkingDays.id, id));
  if (!row) throw notFound('No such day in the calendar.');
  return row;
}

/** PUT /v1/officer/calendar/{id}: a day moved or renamed (both the old and new scope must be the admin's). */
export async function updateDay(
  db: Db,
  officer: OfficerUser,
  id: number,
  body: NonWorkingDayBody,
): Promise<NonWorkingDay> {
  const before = await existing(db, id);
  assertMayEdit(officer, before.scope);
  assertMayEdit(officer, body.scope);
  await assertDistrictInProvince(db, officer, before.scope);
  await assertDistrictInProvince(db, officer, body.scope);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(nonWorkingDays)
        .set({
          date: body.date,
          kind: body.kind,
          scope: body.scope,
          nameEn: body.name_en,
          nameLo: body.name_lo,
          updatedBy: officer.id,
          updatedAt: new Date(),
        })
        .where(eq(nonWorkingDays.id, id))
        .returning();
      const from = before.date < row.date ? before.date : row.date;
      let moved = await recomputeDueDays(tx, row.scope, from);
      if (before.scope !== row.scope) moved += await recomputeDueDays(tx, before.scope, from);
      await recordAudit(tx, officer.id, 'calendar.update', null, { before: toView(before), after: toView(row), moved });
      return toView(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** DELETE /v1/officer/calendar/{id}: a day off removed; the due days it held back move earlier. */
export async function deleteDay(db: Db, officer: OfficerUser, id: number): Promise<void> {
  const before = await existing(db, id);
  assertMayEdit(officer, before.scope);
  await assertDistrictInProvince(db, officer, before.scope);
  await db.transaction(async (tx) => {
    await tx.delete(nonWorkingDays).where(eq(nonWorkingDays.id, id));
    const moved = await recomputeDueDays(tx, before.scope, before.date);
    await recordAudit(tx, officer.id, 'calendar.delete', null, { before: toView(before), after: null, moved });
  });
}
