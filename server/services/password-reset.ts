import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { officerCredentials, passwordResets, users } from '../db/schema';
import type { Mail } from './mail';
import { enqueueMail } from './mail-queue';
import { sha256 } from './sessions';
import { clearEvents } from './throttle';

/** A reset link lives 30 minutes and works once. */
export const RESET_MINUTES = 30;

/**
 * A new reset link token (256 random bits; only its hash is stored). Older unused links of the
 * account stop working, so only the latest mail counts.
 */
export async function createResetToken(
  db: Db,
  userId: number,
  now = new Date(),
  mail?: (token: string) => Mail,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000),
    });
    if (mail)
      await enqueueMail(tx as unknown as Db, 'password_reset', mail(token), {
        expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000),
      });
  });
  return token;
}

/** The link of the mail, always from APP_BASE_URL (never from the request's Host header). */
export const resetLink = (appBaseUrl: string, token: string) =>
  `${appBaseUrl}/reset-password?payload=${encodeURIComponent(token)}`;

/**
 * Spends a token and sets the new password, in one transaction: the token is claimed with a
 * conditional update, so two submissions of one link cannot both succeed. Returns the account
 * id, or null if the link is unknown, used or expired.
 */
export async function resetPassword(
  db: Db,
  token: string,
  passwordHash: string,
  now = new Date(),
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) return null;
    // Proving the e-mail also lifts the locks that wrong codes and passwords put on the account.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, otpFailures: 0, updatedAt: now })
      .where(eq(users.id, claimed.userId))
      .returning({ role: users.role });
    // A citizen's passkeys go with the old password: whoever held the account meanwhile may have added one.
    // (An officer's passkey is their second step; an administrator removes it, officers/accounts.ts.)
    if (user?.role === 'citizen')
      await tx.delete(officerCredentials).where(eq(officerCredentials.userId, claimed.userId));
    await clearEvents(tx as unknown as Db, 'login_failure', claimed.userId);
    return claimed.userId;
  });
}
