import { and, count, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authEvents } from '../db/schema';

export type AuthEventKind = (typeof authEvents.$inferInsert)['kind'];

export async function recordEvent(
  db: Db,
  kind: AuthEventKind,
  ip: string,
  userId: number | null = null,
  now = new Date(),
): Promise<void> {
  await db.insert(authEvents).values({ kind, ip, userId, createdAt: now });
}

/** How many events of these kinds happened for one account or one IP since `since`. */
export async function countEvents(
  db: Db,
  kinds: AuthEventKind[],
  who: { userId: number } | { ip: string },
  since: Date,
): Promise<number> {
  const target = 'userId' in who ? eq(authEvents.userId, who.userId) : eq(authEvents.ip, who.ip);
  const [row] = await db
    .select({ n: count() })
    .from(authEvents)
    .where(and(inArray(authEvents.kind, kinds), target, gte(authEvents.createdAt, since)));
  return row?.n ?? 0;
}

/** Forget an account's login failures (after a password reset, which proves the e-mail). */
export async function clearEvents(db: Db, kind: AuthEventKind, userId: number): Promise<void> {
  await db.delete(authEvents).where(and(eq(authEvents.kind, kind), eq(authEvents.userId, userId)));
}
