import { and, asc, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { TICKET_PREFIX } from '../../../contract/application';
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
  const page: QueuePage = {
    order: [
      { column: applications.updatedAt, desc: true },
      { column: applications.id, desc: true },
    ],
    limit: OFFICER_PAGE_SIZE,
    offset: (query.page - 1) * OFFICER_PAGE_SIZE,
  };
  const searched = await searchIn(
    db,
    and(applicationsInOffice(officeOf(officer)), query.status ? eq(applications.status, query.status) : undefined),
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
      })
      .from(applications)
      .where(where)
      .orderBy(...orderOf(page))
      .limit(page.limit)
      .offset(searched.offset),
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

/** Who holds a case now: a claim past its expiry is nobody's (claims.ts). */
export const claimHolder = (
  claim: { claimedBy: number | null; claimExpiresAt: Date | null },
  now: Date,
): number | null =>
  claim.claimedBy !== null && claim.claimExpiresAt !== null && claim.claimExpiresAt > now ? claim.claimedBy : null;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const startsWith = (column: SQLWrapper, start: string) => sql`${column} like ${`${escapeLike(start)}%`}`;

/**
 * A search with a digit or an @ is a ticket, an ID number or an e-mail, found by its beginning as
 * typed in any case (tickets and ID numbers are stored upper-case, e-mails lower-case), so that a
 * B-tree reads only the matches (migration 0020). Digits alone may also be a ticket typed without
 * its letters or its zeros: 123 finds RC0000123…, 0000123 finds RC0000123….
 */
function startOf(text: string): { ticket: SQL; holder: SQL } {
  const upper = text.toUpperCase();
  const tickets = /^\d+$/.test(text) ? [upper, `RC${text}`, `${TICKET_PREFIX}${text}`] : [upper];
  return {
    ticket: sql`(${sql.join(
      tickets.map((t) => startsWith(applications.ticketNumber, t)),
      sql` or `,
    )})`,
    holder: sql`(${startsWith(users.idCard, upper)} or ${startsWith(users.email, text.toLowerCase())})`,
  };
}

/**
 * A search of letters alone is a name (Lao or Latin, with spaces, apostrophes, hyphens, dots): the
 * applicant's, the name the queue lists, as it is written from its start — first name then last
 * name, or last name then first — its last word typed in part or whole: "Sisou" finds Sisouphanh,
 * "Vilayvanh Sis" and "Sisouphanh V" find Vilayvanh Sisouphanh. One B-tree per order (migration
 * 0020, the office's province and district carried along) reads only those names, by range: where
 * a search by substring read the trigram lists of every letter triple in it (for a common family
 * name at a million applications, hundreds of thousands of entries), and first and last name
 * looked up apart read every Somchai in the country to find the few Somchai Keomany.
 */
const NAME_SEARCH = /^[\p{L}\p{M}][\p{L}\p{M}'’. -]*$/u;
const nameOf = (text: string): string | null => (NAME_SEARCH.test(text) ? text.split(/\s+/).join(' ') : null);
const applicantFirst = sql`(${applications.applicantData}->>'first_name')`;
const applicantLast = sql`(${applications.applicantData}->>'last_name')`;
/** The two orders a name is written in, as the indexes of migration 0020 hold them. */
const NAME_ORDERS = [
  sql`lower(${applicantFirst} || ' ' || ${applicantLast})`,
  sql`lower(${applicantLast} || ' ' || ${applicantFirst})`,
];

/**
 * The lookups of a search, one per index (UNION branches, each at most `cap` ids), and the same
 * match as one condition on `applications`.
 */
function matchesOf(typed: string, within: SQL, keys: SQL, cap: number): { lookups: SQL[]; match: SQL } {
  const name = nameOf(typed);
  if (name) {
    const starts = NAME_ORDERS.map((order) => sql`${order} like lower(${`${escapeLike(name)}%`})`);
    return {
      // In the index's order (its operator class's, not the collation's: `using ~<~`), so that a
      // name with more than `cap` matches stops at `cap` instead of reading all to sort them.
      lookups: NAME_ORDERS.map(
        (order, i) =>
          sql`(select ${keys} from ${applications} where ${within} and ${starts[i]} order by ${order} using ~<~ limit ${cap})`,
      ),
      match: sql`(${sql.join(starts, sql` or `)})`,
    };
  }
  const { ticket, holder } = startOf(typed);
  return {
    lookups: [
      sql`(select ${keys} from ${applications} where ${within} and ${ticket} limit ${cap})`,
      sql`(select ${keys} from ${applications} join ${users} on ${users.id} = ${applications.userId}
        where ${within} and ${holder} limit ${cap})`,
    ],
    // The account holder by a subquery, not a join: the page and its count read applications alone.
    match: sql`(${ticket} or exists (select 1 from ${users} where ${users.id} = ${applications.userId} and ${holder}))`,
  };
}

/**
 * The search of every queue: the applicant's name, or the ticket, the account holder's ID card
 * number or e-mail, inside the queue's own condition `base` (office, status or task). Returns the
 * page's condition and the total, in one of two ways, so that neither the page nor its total
 * gathers and sorts every match of a common word (docs/architecture.md#a-queue-that-stays-fast):
 *
 * - The matches are looked up first, at most QUEUE_COUNT_CEILING + 1 of them, one branch per index
 *   (migration 0020: names in either order; tickets, ID numbers and e-mails; an OR across the
 *   joined tables could use none), each with its place in the queue's order. At most the ceiling:
 *   they are all the matches, the total is exact, and the page's ids are picked among them in the
 *   same statement, so the page reads only its own rows.
 * - More than the ceiling (a family name common across the country: one case in sixty): the term
 *   matches so often that walking the queue in its own order (its index) and keeping the matching
 *   rows reaches the page soon — at worst after the page's last row × the table's size / 1,000 rows
 *   (20,000 for the first page at a million), about 1,250 for a name one case in sixty has; the
 *   total says "more than 1,000" and the screen asks for the whole name, the ticket or the ID number.
 *
 * Either way the page is the queue's matching cases in the queue's order.
 */
export async function searchIn(
  db: Db,
  base: SQL | undefined,
  text: string | undefined,
  page: QueuePage,
): Promise<Searched> {
  const typed = text?.trim();
  if (!typed) return { where: base, offset: page.offset };
  const keys = sql.join(
    [sql`${applications.id} as id`, ...page.order.map((o, i) => sql`${o.column} as ${sql.raw(`k${i}`)}`)],
    sql`, `,
  );
  const order = sql.raw(page.order.map((o, i) => `k${i} ${o.desc ? 'desc' : 'asc'}`).join(', '));
  const { lookups, match } = matchesOf(typed, base ?? sql`true`, keys, QUEUE_COUNT_CEILING + 1);
  // The matches with their places in the queue's order: counted, and the page's ids picked among
  // them, in one statement; the page then reads only its own rows.
  const found = (await db.execute(sql`with found as materialized (${sql.join(lookups, sql` union `)})
    select (select count(*) from found)::int as total,
      (select coalesce(array_agg(id), '{}') from (select id from found order by ${order}
        limit ${page.limit} offset ${page.offset}) on_page) as ids`)) as unknown as {
    rows: { total: number | string; ids: (number | string)[] }[];
  };
  const [{ total, ids }] = found.rows;
  if (Number(total) <= QUEUE_COUNT_CEILING)
    return {
      where: and(base, ids.length ? inArray(applications.id, ids.map(Number)) : sql`false`),
      counted: { total: Number(total), total_capped: false },
      offset: 0,
    };
  return {
    where: and(base, match),
    counted: { total: QUEUE_COUNT_CEILING, total_capped: true },
    offset: page.offset,
  };
}

/**
 * The page's condition; its total when the search counted it; the offset to read the page at (0
 * when the condition names the page's own rows).
 */
interface Searched {
  where: SQL | undefined;
  counted?: { total: number; total_capped: boolean };
  offset: number;
}

/** A queue's order (its columns on `applications`, the id last) and the page asked for. */
export interface QueuePage {
  order: { column: AnyPgColumn; desc?: boolean }[];
  limit: number;
  offset: number;
}
/** The same order for the page's own query. */
export const orderOf = (page: QueuePage) => page.order.map((o) => (o.desc ? desc(o.column) : asc(o.column)));

/**
 * A queue's total (a search's is counted by searchIn), counted no further than QUEUE_COUNT_CEILING:
 * counting every case for "n cases" cost more than the page itself (bench/history.md, National
 * scale). Past the ceiling the answer says "more than" instead of a number nobody pages through.
 */
export async function countUpTo(db: Db, where: SQL | undefined): Promise<{ total: number; total_capped: boolean }> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(applications)
      .where(where)
      .limit(QUEUE_COUNT_CEILING + 1)
      .as('matches'),
  );
  const total = Number(n);
  return total > QUEUE_COUNT_CEILING
    ? { total: QUEUE_COUNT_CEILING, total_capped: true }
    : { total, total_capped: false };
}
