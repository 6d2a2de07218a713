import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { OFFICER_PAGE_SIZE, QUEUE_COUNT_CEILING, type OfficerQueue, type OfficerRole } from '../../../contract/officer';
import type { PaymentStatus, Status } from '../../../contract/status';
import type { Db } from '../../db/client';
import { applications, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import type { ApplicationRow } from '../applications';
import { applicationsInOffice, officeOf, type OfficeColumns } from '../offices';

export const applicantName = sql<string>`trim(concat(${applications.applicantData}->>'first_name', ' ', ${applications.applicantData}->>'last_name'))`;

/**
 * The queue of the officer's office: newest change first, filtered by status, searched by ticket,
 * name or ID card.
 */
export async function officerQueue(
  db: Db,
  officer: OfficeColumns,
  query: { status?: Status; q?: string; page: number },
): Promise<OfficerQueue> {
  const conditions: (SQL | undefined)[] = [
    applicationsInOffice(officeOf(officer)),
    query.status ? eq(applications.status, query.status) : undefined,
  ];
  conditions.push(searchCondition(query.q));
  const where = and(...conditions);
  const [counted, rows] = await Promise.all([
    countUpTo(db, where),
    db
      .select({
        id: applications.id,
        ticket: applications.ticketNumber,
        name: applicantName,
        status: applications.status,
        paymentStatus: applications.paymentStatus,
        createdAt: applications.createdAt,
        deadline: applications.deadline,
      })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(where)
      .orderBy(desc(applications.updatedAt), desc(applications.id))
      .limit(OFFICER_PAGE_SIZE)
      .offset((query.page - 1) * OFFICER_PAGE_SIZE),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      ticket_number: r.ticket,
      applicant_name: r.name,
      status: r.status as Status,
      payment_status: r.paymentStatus as PaymentStatus,
      applied_on: r.createdAt.toISOString(),
      deadline: r.deadline.toISOString(),
    })),
    ...counted,
    page: query.page,
    page_size: OFFICER_PAGE_SIZE,
  };
}

/** An application of the officer's office; one outside it answers 404 like one that does not exist. */
export async function findApplication(db: Db, id: number, officer: OfficeColumns): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), applicationsInOffice(officeOf(officer))));
  if (!row) throw notFound('Application not found');
  return row;
}

/** The signed-in officer: id, duty (an officer from before roles keeps every duty) and office. */
export interface OfficerUser extends OfficeColumns {
  id: number;
  officerRole: OfficerRole | null;
}
export const roleOf = (officer: OfficerUser): OfficerRole => officer.officerRole ?? 'admin';

/**
 * The search of every queue: ticket number, applicant's or account holder's name, ID card number
 * or e-mail. The matching ids are found first, one UNION branch per table, so each branch can use
 * its own index (the trigram indexes of migration 0013 where pg_trgm is installed; an OR across
 * the joined tables could use none and read every application:
 * docs/architecture.md#a-queue-that-stays-fast).
 */
export function searchCondition(text: string | undefined): SQL | undefined {
  const q = text?.trim();
  if (!q) return undefined;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${applications.id} in (
    select s.id from applications s
      where s.ticket_number ilike ${like}
        or ((s.applicant_data->>'first_name') || ' ' || (s.applicant_data->>'last_name')) ilike ${like}
    union
    select s.id from applications s join users u on u.id = s.user_id
      where (u.first_name || ' ' || u.last_name) ilike ${like} or u.id_card ilike ${like} or u.email ilike ${like}
  )`;
}

/**
 * A queue's or a search's total, counted no further than QUEUE_COUNT_CEILING: a family name common
 * across the country matches tens of thousands of cases, and counting them all for "n cases" cost
 * more than the page itself (bench/history.md, National scale). Past the ceiling the answer says
 * "more than" instead of a number nobody pages through.
 */
export async function countUpTo(db: Db, where: SQL | undefined): Promise<{ total: number; total_capped: boolean }> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(where)
      .limit(QUEUE_COUNT_CEILING + 1)
      .as('matches'),
  );
  const total = Number(n);
  return total > QUEUE_COUNT_CEILING
    ? { total: QUEUE_COUNT_CEILING, total_capped: true }
    : { total, total_capped: false };
}
