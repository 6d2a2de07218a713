import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { officerEnrolments } from '../db/schema';
import { sha256 } from './sessions';

/** How long an enrolment link works (`npm run officer:create` prints it; used once). */
export const ENROLMENT_HOURS = 72;

/** The path of the enrolment screen; the token rides in the fragment, which no server or log sees. */
export const ENROLMENT_PATH = '/officer-enrol';

/**
 * A new one-time link for an officer to enrol a passkey. Earlier unused links of the officer stop
 * working: only the last printed one counts.
 */
export async function createEnrolment(db: Db, userId: number, appBaseUrl: string, now = new Date()) {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ENROLMENT_HOURS * 3_600_000);
  await db
    .update(officerEnrolments)
    .set({ usedAt: now })
    .where(and(eq(officerEnrolments.userId, userId), isNull(officerEnrolments.usedAt)));
  await db.insert(officerEnrolments).values({ userId, tokenHash: sha256(token), createdAt: now, expiresAt });
  return { link: `${appBaseUrl}${ENROLMENT_PATH}#${token}`, expiresAt };
}

const open = (userId: number, token: string, now: Date) =>
  and(
    eq(officerEnrolments.tokenHash, sha256(token)),
    eq(officerEnrolments.userId, userId),
    isNull(officerEnrolments.usedAt),
    gt(officerEnrolments.expiresAt, now),
  );

/** Is this link unused, unexpired, and the signed-in officer's own? */
export async function enrolmentOpen(db: Db, userId: number, token: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: officerEnrolments.id })
    .from(officerEnrolments)
    .where(open(userId, token, now));
  return !!row;
}

/** Uses the link up: true for exactly one caller, however many arrive at once. */
export async function consumeEnrolment(db: Db, userId: number, token: string, now = new Date()): Promise<boolean> {
  const used = await db
    .update(officerEnrolments)
    .set({ usedAt: now })
    .where(open(userId, token, now))
    .returning({ id: officerEnrolments.id });
  return used.length === 1;
}
