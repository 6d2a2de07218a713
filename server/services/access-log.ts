import { asc, eq } from 'drizzle-orm';
import type { AccessLogEntry } from '../../contract/access-log';
import type { Db } from '../db/client';
import { accessLog, users } from '../db/schema';

/**
 * "Who saw my data": one row for every officer's look at an application or one of its documents,
 * and for every action. Only ever inserted (never updated or deleted), in the same transaction as
 * an action, so an action is never without its row.
 */
export async function logAccess(
  db: Db,
  entry: { applicationId: number; officerId: number; action: string; detail?: string | null },
): Promise<void> {
  await db.insert(accessLog).values({
    applicationId: entry.applicationId,
    officerId: entry.officerId,
    action: entry.action,
    detail: entry.detail ?? null,
  });
}

/** The log of one application, oldest first, for its owner: which officer (name and id), what, when. */
export async function accessLogOf(db: Db, applicationId: number): Promise<AccessLogEntry[]> {
  const rows = await db
    .select({ log: accessLog, first: users.firstName, last: users.lastName })
    .from(accessLog)
    .innerJoin(users, eq(users.id, accessLog.officerId))
    .where(eq(accessLog.applicationId, applicationId))
    .orderBy(asc(accessLog.createdAt), asc(accessLog.id));
  return rows.map(({ log, first, last }) => ({
    id: log.id,
    officer: { id: log.officerId, name: `${first} ${last}`.trim() },
    action: log.action as AccessLogEntry['action'],
    detail: log.detail,
    at: log.createdAt.toISOString(),
  }));
}
