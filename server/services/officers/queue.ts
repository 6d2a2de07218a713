import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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
  const searched = await searchIn(
    db,
    and(applicationsInOffice(officeOf(officer)), query.status ? eq(applications.status, query.status) : undefined),
    query.q,
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
 * applicant's, the name the queue lists. The words typed first and last begin its first or last
 * name (`nameStarts`: what the prefix indexes of migration 0019 read by range, only the matches),
 * and any word typed between them begins a word of it (`middleWords`). A search by substring read
 * the trigram indexes' lists of every letter triple in it — for a common family name at a million
 * applications, hundreds of thousands of entries — and the account holder's name added every
 * matching account in the country to an office's search.
 */
const NAME_SEARCH = /^[\p{L}\p{M}][\p{L}\p{M}'’. -]*$/u;
const nameWordsOf = (text: string): string[] | null => (NAME_SEARCH.test(text) ? text.split(/\s+/) : null);
const applicantFirst = sql`(${applications.applicantData}->>'first_name')`;
const applicantLast = sql`(${applications.applicantData}->>'last_name')`;
const begins = (column: SQL, word: string) => sql`lower(${column}) like lower(${`${escapeLike(word)}%`})`;
/**
 * What the prefix indexes look up, one UNION branch each: one word begins the first or the last
 * name; two or more, the first and the last word typed begin the first and the last name, in either
 * order — both indexes at once, so a common first name (Somchai) with a rarer family name reads
 * only the names that have both, not every Somchai in the country.
 */
function nameStarts(words: string[]): SQL[] {
  const [a, z] = [words[0], words[words.length - 1]];
  const middle = middleWords(words.slice(1, -1));
  if (words.length === 1) return [begins(applicantFirst, a), begins(applicantLast, a)];
  return [
    sql`${begins(applicantFirst, a)} and ${begins(applicantLast, z)}${middle}`,
    sql`${begins(applicantFirst, z)} and ${begins(applicantLast, a)}${middle}`,
  ];
}
const middleWords = (words: string[]) =>
  sql.join(
    words.map(
      (w) =>
        sql` and (' ' || lower(${applicantFirst} || ' ' || ${applicantLast})) like lower(${`% ${escapeLike(w)}%`})`,
    ),
  );

/**
 * The lookups of a search, one per index (UNION branches, each at most `cap` ids), and the same
 * match as one condition on `applications`.
 */
function matchesOf(typed: string, within: SQL, cap: number): { lookups: SQL[]; match: SQL } {
  const inApplications = (condition: SQL) =>
    sql`(select ${applications.id} as id from ${applications} where ${within} and ${condition} limit ${cap})`;
  const words = nameWordsOf(typed);
  if (words) {
    const starts = nameStarts(words);
    return {
      lookups: starts.map(inApplications),
      match: sql`(${sql.join(
        starts.map((start) => sql`(${start})`),
        sql` or `,
      )})`,
    };
  }
  const { ticket, holder } = startOf(typed);
  return {
    lookups: [
      inApplications(ticket),
      sql`(select ${applications.id} as id from ${applications} join ${users} on ${users.id} = ${applications.userId}
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
 *   (names: the prefix indexes of migration 0019; tickets, ID numbers and e-mails: those of 0020;
 *   an OR across the joined tables could use none). At most the ceiling: they are all the matches,
 *   the page sorts only them, the total is exact.
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
): Promise<{ where: SQL | undefined; counted?: { total: number; total_capped: boolean } }> {
  const typed = text?.trim();
  if (!typed) return { where: base };
  const { lookups, match } = matchesOf(typed, base ?? sql`true`, QUEUE_COUNT_CEILING + 1);
  const found = (await db.execute(sql.join(lookups, sql` union `))) as unknown as { rows: { id: number | string }[] };
  const ids = found.rows.map((r) => Number(r.id));
  if (ids.length <= QUEUE_COUNT_CEILING)
    return {
      where: and(base, ids.length ? inArray(applications.id, ids) : sql`false`),
      counted: { total: ids.length, total_capped: false },
    };
  return { where: and(base, match), counted: { total: QUEUE_COUNT_CEILING, total_capped: true } };
}

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
