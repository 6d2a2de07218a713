import crypto from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../db/client';
import { officerTotp } from '../db/schema';

/**
 * Authenticator-app codes (TOTP, RFC 6238: six digits, 30-second steps), the fallback of an
 * officer's passkey. The secret is stored sealed (AES-256-GCM) under a key derived from the hash
 * key (HASH_SECRET or DATA_DIR/hash-secret), so a copy of the database alone yields no codes.
 */
export const TOTP_ISSUER = 'Lao Resident Certificate';
/** One step either side: a phone clock up to 30 s off still works. */
const TOLERANCE_SECONDS = 30;

export const sealingKey = (hashKey: Buffer) =>
  Buffer.from(crypto.hkdfSync('sha256', hashKey, 'lao-rc', 'officer totp secrets', 32));

/** The user's id is bound in as associated data: a sealed secret copied to another row does not open. */
export function seal(key: Buffer, userId: number, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`totp:${userId}`));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unseal(key: Buffer, userId: number, sealed: string): string | null {
  const raw = Buffer.from(sealed, 'base64url');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(`totp:${userId}`));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    // Sealed under another hash key (lost or changed): this fallback no longer works.
    return null;
  }
}

export async function hasTotp(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: officerTotp.userId })
    .from(officerTotp)
    .where(and(eq(officerTotp.userId, userId), isNotNull(officerTotp.secretSealed)));
  return !!row;
}

/** Sets a confirmed secret directly (the bootstrap officer's BOOTSTRAP_OFFICER_TOTP_SECRET). */
export async function setTotpSecret(db: Db, key: Buffer, userId: number, secret: string): Promise<void> {
  const secretSealed = seal(key, userId, secret);
  await db
    .insert(officerTotp)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: officerTotp.userId,
      set: { secretSealed, pendingSealed: null, lastStep: null, updatedAt: new Date() },
    });
}

/** A new secret, kept aside until a code confirms it (the current one keeps working till then). */
export async function startTotpSetup(db: Db, key: Buffer, userId: number, label: string) {
  const secret = generateSecret();
  const pendingSealed = seal(key, userId, secret);
  await db
    .insert(officerTotp)
    .values({ userId, pendingSealed })
    .onConflictDoUpdate({ target: officerTotp.userId, set: { pendingSealed, updatedAt: new Date() } });
  return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label, secret }) };
}

export type TotpCheck = 'ok' | 'wrong' | 'reused' | 'none';

/**
 * Checks a code against the confirmed secret (or, with `pending`, the one being set up, which it
 * then confirms). A code of a step already used is refused, also when two arrive at once: the
 * step is recorded by a conditional update that only one of them wins.
 */
export async function checkTotp(
  db: Db,
  key: Buffer,
  userId: number,
  code: string,
  opts: { pending?: boolean } = {},
): Promise<TotpCheck> {
  const [row] = await db.select().from(officerTotp).where(eq(officerTotp.userId, userId));
  const sealed = opts.pending ? row?.pendingSealed : row?.secretSealed;
  if (!row || !sealed) return 'none';
  const secret = unseal(key, userId, sealed);
  if (!secret) return 'none';
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
  // The TOTP strategy (the default) names the matched 30-second step; HOTP's answer would not.
  if (!result.valid || !('timeStep' in result)) return 'wrong';
  const step = result.timeStep;
  const claimed = await db
    .update(officerTotp)
    .set({
      lastStep: step,
      updatedAt: new Date(),
      ...(opts.pending ? { secretSealed: sealed, pendingSealed: null } : {}),
    })
    .where(
      and(
        eq(officerTotp.userId, userId),
        or(isNull(officerTotp.lastStep), lt(officerTotp.lastStep, step)),
        opts.pending ? eq(officerTotp.pendingSealed, sealed) : eq(officerTotp.secretSealed, sealed),
      ),
    )
    .returning({ userId: officerTotp.userId });
  return claimed.length ? 'ok' : 'reused';
}
