import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import {
  appMeta,
  applications,
  authEvents,
  documents,
  idempotencyKeys,
  mailQueue,
  notifications,
  otpCodes,
  passwordResets,
  sessions,
  users,
  webauthnChallenges,
} from '../db/schema';
import { forgetCachedSessions } from './sessions';

/** Sent (or expired) mails are kept this long as a record that they left; their bodies are already empty. */
const SENT_MAILS_DAYS = 7;

/**
 * What the service keeps no longer than it needs (docs/operations.md, Retention), run once a day:
 * - registrations never verified, after RETENTION_UNVERIFIED_HOURS (24): the account, its ID-card
 *   image (the row, and the file when no other row shares its bytes), codes and events;
 * - sessions that expired or were ended; codes and reset links used, replaced or expired;
 * - auth events (login failures, code sends, reset requests, with client addresses) older than
 *   RETENTION_AUTH_EVENTS_DAYS (90);
 * - sent mails after 7 days (a failed one stays until the operator deals with it).
 * Nothing that belongs to a verified account's applications is touched.
 */
export async function applyRetention(app: FastifyInstance, now = new Date()) {
  const { unverifiedHours, authEventsDays } = app.config.retention;
  const unverifiedBefore = new Date(now.getTime() - unverifiedHours * 3_600_000);
  const eventsBefore = new Date(now.getTime() - authEventsDays * 86_400_000);
  const mailsBefore = new Date(now.getTime() - SENT_MAILS_DAYS * 86_400_000);

  const result = await app.db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          isNull(users.verifiedAt),
          eq(users.role, 'citizen'),
          lt(users.createdAt, unverifiedBefore),
          lt(users.updatedAt, unverifiedBefore),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(applications)
              .where(eq(applications.userId, users.id)),
          ),
        ),
      )
      .for('update', { skipLocked: true });
    const ids = stale.map((u) => u.id);
    let files: string[] = [];
    if (ids.length) {
      files = (
        await tx.delete(documents).where(inArray(documents.ownerId, ids)).returning({ sha256: documents.sha256 })
      ).map((d) => d.sha256);
      for (const table of [otpCodes, sessions, passwordResets, authEvents, notifications, idempotencyKeys])
        await tx.delete(table).where(inArray(table.userId, ids));
      await tx.delete(users).where(inArray(users.id, ids));
    }
    const count = async (q: Promise<unknown[]>) => (await q).length;
    const expiredSessions = await count(
      tx
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
        .returning({ id: sessions.id }),
    );
    const spentCodes = await count(
      tx
        .delete(otpCodes)
        .where(or(isNotNull(otpCodes.usedAt), isNotNull(otpCodes.voidedAt), lt(otpCodes.expiresAt, now)))
        .returning({ id: otpCodes.id }),
    );
    const spentResets = await count(
      tx
        .delete(passwordResets)
        .where(or(isNotNull(passwordResets.usedAt), lt(passwordResets.expiresAt, now)))
        .returning({ id: passwordResets.id }),
    );
    // Passkey challenges answered or expired (a sign-in's has no session to go with).
    await tx
      .delete(webauthnChallenges)
      .where(or(isNotNull(webauthnChallenges.usedAt), lt(webauthnChallenges.expiresAt, now)));
    const oldEvents = await count(
      tx.delete(authEvents).where(lt(authEvents.createdAt, eventsBefore)).returning({ id: authEvents.id }),
    );
    const oldMails = await count(
      tx
        .delete(mailQueue)
        .where(and(inArray(mailQueue.status, ['sent', 'expired']), lt(mailQueue.createdAt, mailsBefore)))
        .returning({ id: mailQueue.id }),
    );
    return { unverifiedAccounts: ids.length, files, expiredSessions, spentCodes, spentResets, oldEvents, oldMails };
  });
  if (result.unverifiedAccounts || result.expiredSessions) forgetCachedSessions();
  const removedFiles = await app.documents.removeUnreferenced(app.db as Db, result.files);
  const { files: _files, ...counts } = result;
  return { ...counts, removedFiles };
}

/**
 * Once a day across all instances: the first one whose job finds the last run older than a day
 * claims it with one conditional upsert (app_meta), the others skip.
 */
export async function runDailyRetention(app: FastifyInstance, now = new Date()) {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const claimed = await app.db
    .insert(appMeta)
    .values({ key: 'retention_ran_at', value: now.toISOString(), updatedAt: now })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: now.toISOString(), updatedAt: now },
      setWhere: lt(appMeta.updatedAt, dayAgo),
    })
    .returning({ key: appMeta.key });
  if (!claimed.length) return null;
  return applyRetention(app, now);
}
