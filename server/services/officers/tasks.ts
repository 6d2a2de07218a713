import { and, count, eq, gt, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  OFFICER_PAGE_SIZE,
  OFFICER_TASKS,
  ROLE_TASKS,
  type OfficerTask,
  type OfficerTaskCount,
  type OfficerTaskQueue,
} from '../../../contract/officer';
import { PaymentStatus, Status } from '../../../contract/status';
import { addWorkingDays, vientianeDay } from '../../../contract/working-days';
import type { Db } from '../../db/client';
import { applications, users } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { applicationsInOffice, officeOf } from '../offices';
import { loadCalendar } from './calendar';
import { clockOf } from './clock';
import {
  applicantName,
  claimHolder,
  countUpTo,
  orderOf,
  roleOf,
  searchIn,
  type OfficerUser,
  type QueuePage,
} from './queue';

/**
 * Queues by task (docs/decisions.md#queues-by-task): each role opens on its own work, the case with
 * the least working time left first. Every condition is on `applications` and sorts on
 * applications_queue_idx (status, due_on, id): one query for a page, one for its total, none per row.
 */

/** The applications of one task, as a condition (pick-ups: those booked on `day`). */
export function taskCondition(task: OfficerTask, day: string): SQL {
  switch (task) {
    case 'payments':
      return and(
        eq(applications.status, Status.waitingForApprove),
        eq(applications.paymentStatus, PaymentStatus.unpaid),
      )!;
    case 'review':
      return sql`((${applications.status} = ${Status.waitingForApprove} and ${applications.paymentStatus} = ${PaymentStatus.paid}) or (${applications.status} = ${Status.inValidation} and ${applications.reviewedBy} is null))`;
    case 'approval':
      return and(eq(applications.status, Status.inValidation), isNotNull(applications.reviewedBy))!;
    case 'issue':
      return eq(applications.status, Status.waitingForCertificate);
    case 'pickups':
      return and(
        eq(applications.status, Status.waitingToPickup),
        eq(applications.pickupDate, day),
        isNull(applications.certificateRevokedAt),
      )!;
    case 'waiting':
      return eq(applications.status, Status.informationRequested);
  }
}

/** The statuses a task's cases are in (for the counts' WHERE, so it reads only those). */
const TASK_STATUSES: Record<OfficerTask, Status[]> = {
  payments: [Status.waitingForApprove],
  review: [Status.waitingForApprove, Status.inValidation],
  approval: [Status.inValidation],
  issue: [Status.waitingForCertificate],
  pickups: [Status.waitingToPickup],
  waiting: [Status.informationRequested],
};

/** 403 unless the officer's role works this task. */
export function assertTask(officer: OfficerUser, task: OfficerTask): void {
  if (!ROLE_TASKS[roleOf(officer)].includes(task))
    throw forbidden(`The ${roleOf(officer)} role does not work the ${task} queue.`);
}

/** A claim that has not lapsed, held by `officerId` (or anyone when omitted). */
export const heldClaim = (now: Date, officerId?: number): SQL =>
  and(
    officerId === undefined ? isNotNull(applications.claimedBy) : eq(applications.claimedBy, officerId),
    gt(applications.claimExpiresAt, now),
  )!;

/** Today and the last day that still counts as "at risk" (due by the end of the next working day). */
async function thresholds(db: Db, officer: OfficerUser, now: Date) {
  const today = vientianeDay(now);
  const calendar = await loadCalendar(db, today);
  return { today, calendar, atRiskUntil: addWorkingDays(today, 1, calendar.dayOffOfOffice(officeOf(officer))) };
}

/** GET /v1/officer/tasks: per task of the officer's role, how many, at risk, overdue and held by them. */
export async function taskCounts(db: Db, officer: OfficerUser, now: Date): Promise<OfficerTaskCount[]> {
  const tasks = ROLE_TASKS[roleOf(officer)];
  const { today, atRiskUntil } = await thresholds(db, officer, now);
  const whens = tasks.map((task) => sql`when ${taskCondition(task, today)} then ${task}`);
  const taskOf = sql<OfficerTask | null>`case ${sql.join(whens, sql` `)} end`;
  const rows = await db
    .select({
      task: taskOf,
      total: count(),
      atRisk: sql<number>`count(*) filter (where ${applications.dueOn} >= ${today} and ${applications.dueOn} <= ${atRiskUntil})`,
      overdue: sql<number>`count(*) filter (where ${applications.dueOn} < ${today})`,
      mine: sql<number>`count(*) filter (where ${heldClaim(now, officer.id)})`,
    })
    .from(applications)
    .where(
      and(
        inArray(applications.status, [...new Set(tasks.flatMap((t) => TASK_STATUSES[t]))]),
        applicationsInOffice(officeOf(officer)),
      ),
    )
    .groupBy(sql`1`);
  const byTask = new Map(rows.map((r) => [r.task, r]));
  return OFFICER_TASKS.filter((t) => tasks.includes(t)).map((task) => {
    const r = byTask.get(task);
    return {
      task,
      total: Number(r?.total ?? 0),
      at_risk: Number(r?.atRisk ?? 0),
      overdue: Number(r?.overdue ?? 0),
      mine: Number(r?.mine ?? 0),
    };
  });
}

export interface TaskQuery {
  q?: string;
  mine?: '1' | '0';
  tone?: 'at-risk' | 'overdue';
  date?: string;
  page: number;
}

/**
 * The officers holding a page's cases, read apart by primary key. Joined to the page's query,
 * PostgreSQL merged the queue's cases with every account in id order whenever its statistics had
 * last seen few claims: 1.2 s a page at a million accounts, the officers' made after the citizens'.
 */
async function claimersOf(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { first: string; last: string; email: string }>();
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

const claimOf = (
  holder: number | null,
  until: Date | null,
  claimers: Awaited<ReturnType<typeof claimersOf>>,
): OfficerTaskQueue['items'][number]['claimed_by'] => {
  if (holder === null || until === null) return null;
  const who = claimers.get(holder);
  return {
    id: holder,
    name: `${who?.first ?? ''} ${who?.last ?? ''}`.trim(),
    email: who?.email ?? '',
    expires_at: until.toISOString(),
  };
};

/** GET /v1/officer/tasks/{task}: one page of a queue, least working time left first. */
export async function taskQueue(
  db: Db,
  officer: OfficerUser,
  task: OfficerTask,
  query: TaskQuery,
  now: Date,
): Promise<OfficerTaskQueue> {
  assertTask(officer, task);
  const { today, calendar: todays, atRiskUntil } = await thresholds(db, officer, now);
  // The pick-up desk works by the booked time; every other queue by the time left.
  const page: QueuePage = {
    order: [{ column: task === 'pickups' ? applications.pickupTime : applications.dueOn }, { column: applications.id }],
    limit: OFFICER_PAGE_SIZE,
    offset: (query.page - 1) * OFFICER_PAGE_SIZE,
  };
  const searched = await searchIn(
    db,
    and(
      taskCondition(task, query.date ?? today),
      applicationsInOffice(officeOf(officer)),
      query.mine === '1' ? heldClaim(now, officer.id) : undefined,
      query.tone === 'overdue' ? lt(applications.dueOn, today) : undefined,
      query.tone === 'at-risk'
        ? and(sql`${applications.dueOn} >= ${today}`, sql`${applications.dueOn} <= ${atRiskUntil}`)
        : undefined,
    ),
    query.q,
    page,
  );
  const where = searched.where;
  const [counted, rows] = await Promise.all([
    searched.counted ?? countUpTo(db, where),
    db
      .select({
        id: applications.id,
        ticket: applications.ticketNumber,
        name: applicantName,
        status: applications.status,
        paymentStatus: applications.paymentStatus,
        createdAt: applications.createdAt,
        deadline: applications.deadline,
        applicantData: applications.applicantData,
        clockStartedAt: applications.clockStartedAt,
        clockUsedDays: applications.clockUsedDays,
        clockPausedAt: applications.clockPausedAt,
        dueOn: applications.dueOn,
        pickupDate: applications.pickupDate,
        pickupTime: applications.pickupTime,
        claimedBy: applications.claimedBy,
        claimExpiresAt: applications.claimExpiresAt,
      })
      .from(applications)
      .where(where)
      .orderBy(...orderOf(page))
      .limit(page.limit)
      .offset(searched.offset),
  ]);
  // The calendar read for today covers the page unless a case on it is already overdue.
  const earliest = rows.reduce((min, r) => (r.dueOn && r.dueOn < min ? r.dueOn : min), today);
  const holders = rows.map((r) => claimHolder(r, now));
  const [calendar, claimers] = await Promise.all([
    earliest === today ? todays : loadCalendar(db, earliest),
    claimersOf(
      db,
      holders.flatMap((h) => (h === null ? [] : [h])),
    ),
  ]);
  return {
    task,
    items: rows.map((r, i) => ({
      id: r.id,
      ticket_number: r.ticket,
      applicant_name: r.name,
      status: r.status as Status,
      payment_status: r.paymentStatus as PaymentStatus,
      applied_on: r.createdAt.toISOString(),
      deadline: r.deadline.toISOString(),
      clock: clockOf(r, calendar, now),
      claimed_by: claimOf(holders[i] ?? null, r.claimExpiresAt, claimers),
      pickup_date: r.pickupDate,
      pickup_time: r.pickupTime,
    })),
    ...counted,
    page: query.page,
    page_size: OFFICER_PAGE_SIZE,
  };
}
