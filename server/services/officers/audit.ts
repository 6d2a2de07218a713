import type { Db } from '../../db/client';
import { officerAuditLog } from '../../db/schema';

/**
 * One line of the officers' audit log (who, when, what, and the record before and after): changes
 * to the calendar, the reasons catalogue, claims handed over. Written in the change's transaction,
 * so a change never happens without its line.
 */
export async function recordAudit(
  db: Db,
  actorId: number | null,
  action: string,
  targetUserId: number | null,
  detail: Record<string, unknown>,
): Promise<void> {
  await db.insert(officerAuditLog).values({ actorId, action, targetUserId, detail });
}
