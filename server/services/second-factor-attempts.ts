import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authEvents, users } from '../db/schema';
import { secondFactorLockedMail } from './auth-mails';
import { enqueueMail } from './mail-queue';
import { countEvents } from './throttle';

/** Failed second steps allowed per officer in the window (codes and passkeys together). */
export const SECOND_FACTOR_LOCK = { failures: 5, windowMinutes: 15 } as const;

export interface Attempt {
  /** The reserved row: it stays as the failure unless the attempt succeeds. */
  id: number;
  /** This attempt's place in the window (1 … SECOND_FACTOR_LOCK.failures). */
  place: number;
}

/**
 * Reserves one second-factor attempt for an officer before anything is checked
 * (docs/security.md#officer-sign-in). Counting the window's failures and recording this attempt
 * happen in one transaction that holds the officer's row locked, so simultaneous attempts queue
 * there: of any burst, at most SECOND_FACTOR_LOCK.failures are ever checked in a window, on
 * PostgreSQL as on the embedded database. Null: the window's attempts are used up.
 *
 * The attempt is recorded as a failure from the start; a success takes it back (`forgive`), so a
 * crash or a dropped connection half-way still counts against the attacker, never for them.
 */
export async function reserveAttempt(db: Db, userId: number, ip: string, now = new Date()): Promise<Attempt | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const since = new Date(now.getTime() - SECOND_FACTOR_LOCK.windowMinutes * 60_000);
    const used = await countEvents(tx, ['second_factor_failure'], { userId }, since);
    if (used >= SECOND_FACTOR_LOCK.failures) return null;
    const [row] = await tx
      .insert(authEvents)
      .values({ kind: 'second_factor_failure', ip, userId, createdAt: now })
      .returning({ id: authEvents.id });
    return { id: row.id, place: used + 1 };
  });
}

/** Whether the window's attempts are used up (for calls that check nothing, like a passkey challenge). */
export async function isLocked(db: Db, userId: number, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - SECOND_FACTOR_LOCK.windowMinutes * 60_000);
  return (await countEvents(db, ['second_factor_failure'], { userId }, since)) >= SECOND_FACTOR_LOCK.failures;
}

/** The attempt succeeded: it no longer counts as a failure. */
export async function forgive(db: Db, attempt: Attempt): Promise<void> {
  await db.delete(authEvents).where(eq(authEvents.id, attempt.id));
}

/**
 * The attempt failed. When it was the one that locks the account, the officer is told by mail:
 * someone who has their password is trying codes or passkeys.
 */
export async function settleFailure(db: Db, attempt: Attempt, userId: number): Promise<boolean> {
  if (attempt.place < SECOND_FACTOR_LOCK.failures) return false;
  const [officer] = await db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!officer) return false;
  await enqueueMail(
    db,
    'second_factor_locked',
    secondFactorLockedMail(officer.email, officer.language, SECOND_FACTOR_LOCK.windowMinutes),
  );
  return true;
}
