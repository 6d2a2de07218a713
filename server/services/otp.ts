import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { LIMITS } from '../../contract/rules';
import type { Db } from '../db/client';
import { keyedHash } from '../lib/hash-secret';
import { otpCodes, users } from '../db/schema';
import type { Mail } from './mail';
import { enqueueMail } from './mail-queue';
import { countEvents, recordEvent } from './throttle';

/**
 * The e-mail code of registration. Four digits are only 10,000 values, so the limits carry the
 * security: a cryptographic random code, stored hashed, single use, valid 10 minutes, voided by
 * a newer code and after 5 wrong tries, and at most 100 wrong tries per account over its life.
 */
export const OTP = {
  validMinutes: 10,
  maxAttemptsPerCode: 5,
  maxFailuresPerAccount: 100,
  /** Between two codes of one account. */
  resendIntervalSeconds: 30,
  maxSendsPerHour: 5,
} as const;

/**
 * A salted HMAC under the server's hash key: 10,000 codes are quickly tried against a plain hash,
 * so a copy of the database alone must not be enough to recover a live code.
 */
function hashCode(hashKey: Buffer, code: string, salt = crypto.randomBytes(16).toString('hex')): string {
  return `${salt}:${keyedHash(hashKey, 'otp', salt, code)}`;
}

function matches(hashKey: Buffer, stored: string, code: string): boolean {
  const [salt] = stored.split(':');
  const a = Buffer.from(stored);
  const b = Buffer.from(hashCode(hashKey, code, salt));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export const newCode = () => String(crypto.randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');

export type SendCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * May this account get another code now? (once per 30 s, 5 per hour). With `address`, a resend
 * asked for by a client, also bounded per client address so one device cannot mail-bomb many
 * accounts — by an hourly ceiling only (RATE_LIMIT_OTP_RESENDS_PER_ADDRESS), never by an interval,
 * which would make neighbours behind one carrier address wait for each other.
 * Registration's own first code is limited per account only.
 */
export async function canSendCode(
  db: Db,
  userId: number,
  address?: { ip: string; perHour: number },
  now = new Date(),
): Promise<SendCheck> {
  const interval = new Date(now.getTime() - OTP.resendIntervalSeconds * 1000);
  const hour = new Date(now.getTime() - 3_600_000);
  if (await countEvents(db, ['otp_send'], { userId }, interval))
    return { ok: false, retryAfterSeconds: OTP.resendIntervalSeconds };
  if ((await countEvents(db, ['otp_send'], { userId }, hour)) >= OTP.maxSendsPerHour)
    return { ok: false, retryAfterSeconds: 3600 };
  if (address && (await countEvents(db, ['otp_resend'], { ip: address.ip }, hour)) >= address.perHour)
    return { ok: false, retryAfterSeconds: 3600 };
  return { ok: true };
}

/** A new code for the account; every older code stops working. Returns the code to mail. */
export async function issueCode(
  db: Db,
  hashKey: Buffer,
  userId: number,
  ip: string,
  opts: { resend: boolean; mail?: (code: string) => Mail },
  now = new Date(),
): Promise<string> {
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ voidedAt: now })
      .where(and(eq(otpCodes.userId, userId), isNull(otpCodes.usedAt), isNull(otpCodes.voidedAt)));
    await tx.insert(otpCodes).values({
      userId,
      codeHash: hashCode(hashKey, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP.validMinutes * 60_000),
    });
    await recordEvent(tx as unknown as Db, 'otp_send', ip, userId, now);
    // The mail is part of the change: a code that exists has its mail queued, and no mail without it.
    if (opts.mail)
      await enqueueMail(tx as unknown as Db, 'otp', opts.mail(code), {
        expiresAt: new Date(now.getTime() + OTP.validMinutes * 60_000),
      });
    if (opts.resend) await recordEvent(tx as unknown as Db, 'otp_resend', ip, userId, now);
  });
  return code;
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'locked';

/**
 * Checks a code against the account's current one, inside a transaction with the code row
 * locked, so two guesses sent at once both count.
 */
export async function checkCode(
  db: Db,
  hashKey: Buffer,
  userId: number,
  code: string,
  ip: string,
  now = new Date(),
): Promise<CodeCheck> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ otpFailures: users.otpFailures })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user || user.otpFailures >= OTP.maxFailuresPerAccount) return 'locked';
    const [current] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.userId, userId), isNull(otpCodes.usedAt), isNull(otpCodes.voidedAt)))
      .orderBy(desc(otpCodes.id))
      .limit(1)
      .for('update');
    if (!current || current.expiresAt <= now) return 'expired';
    if (matches(hashKey, current.codeHash, code)) {
      await tx.update(otpCodes).set({ usedAt: now }).where(eq(otpCodes.id, current.id));
      return 'ok';
    }
    const attempts = current.attempts + 1;
    await tx
      .update(otpCodes)
      .set({ attempts, ...(attempts >= OTP.maxAttemptsPerCode ? { voidedAt: now } : {}) })
      .where(eq(otpCodes.id, current.id));
    await tx
      .update(users)
      .set({ otpFailures: user.otpFailures + 1 })
      .where(eq(users.id, userId));
    await recordEvent(tx as unknown as Db, 'otp_failure', ip, userId, now);
    return 'wrong';
  });
}
