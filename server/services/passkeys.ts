import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '../db/client';
import { officerCredentials, webauthnChallenges } from '../db/schema';

/**
 * Passkeys (WebAuthn): an officer's second step after the password, and a citizen's way to sign in
 * without the password if they add one (discoverable credentials: the device offers the account,
 * nothing is typed). The relying party is the address the app is served from
 * (APP_BASE_URL): its host name is the rpID, its origin the only origin accepted.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export const relyingParty = (appBaseUrl: string): RelyingParty => {
  const url = new URL(appBaseUrl);
  return { id: url.hostname, origin: url.origin, name: 'Lao Resident Certificate' };
};

/** A challenge is answered within this time, once. */
const CHALLENGE_MINUTES = 5;

type Purpose = 'register' | 'authenticate' | 'sign-in';

async function keepChallenge(db: Db, sessionId: number | null, purpose: Purpose, challenge: string) {
  await db
    .insert(webauthnChallenges)
    .values({ sessionId, purpose, challenge, expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000) });
}

/**
 * The session's latest open challenge of this purpose, used up by this call (a conditional update:
 * two answers at once cannot both use it). Null when there is none, it expired, or was used.
 */
async function takeChallenge(db: Db, sessionId: number, purpose: Purpose) {
  const [latest] = await db
    .select({ id: webauthnChallenges.id, challenge: webauthnChallenges.challenge })
    .from(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.sessionId, sessionId),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(webauthnChallenges.id))
    .limit(1);
  if (!latest) return null;
  const taken = await db
    .update(webauthnChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(webauthnChallenges.id, latest.id), isNull(webauthnChallenges.usedAt)))
    .returning({ id: webauthnChallenges.id });
  return taken.length ? latest.challenge : null;
}

const credentialsOf = (db: Db, userId: number) =>
  db.select().from(officerCredentials).where(eq(officerCredentials.userId, userId));

export async function hasPasskey(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: officerCredentials.id })
    .from(officerCredentials)
    .where(eq(officerCredentials.userId, userId))
    .limit(1);
  return !!row;
}

/**
 * Options to create a passkey on this device; its own passkeys are excluded (no double enrolment).
 * A citizen's must be discoverable (the device keeps the account: signing in types nothing).
 */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  officer: { id: number; email: string; sessionId: number; role?: 'citizen' | 'officer' },
) {
  const citizen = officer.role === 'citizen';
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: officer.email,
    userID: new TextEncoder().encode(`${citizen ? 'citizen' : 'officer'}-${officer.id}`),
    attestationType: 'none',
    excludeCredentials: (await credentialsOf(db, officer.id)).map((c) => ({
      id: c.credentialId,
      transports: c.transports,
    })),
    // A passkey proves who holds the device (PIN, fingerprint, face), not only that it is present.
    authenticatorSelection: { residentKey: citizen ? 'required' : 'preferred', userVerification: 'required' },
  });
  await keepChallenge(db, officer.sessionId, 'register', options.challenge);
  return options;
}

/** Checks a new passkey against the session's challenge; the caller stores it (saveCredential). */
export async function checkRegistration(db: Db, rp: RelyingParty, sessionId: number, response: unknown) {
  const challenge = await takeChallenge(db, sessionId, 'register');
  if (!challenge) return null;
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    return verified && registrationInfo ? registrationInfo.credential : null;
  } catch {
    return null;
  }
}

export async function saveCredential(
  db: Db,
  userId: number,
  credential: { id: string; publicKey: Uint8Array; counter: number; transports?: string[] },
) {
  const saved = await db
    .insert(officerCredentials)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    })
    .onConflictDoNothing()
    .returning({ id: officerCredentials.id });
  return saved.length === 1;
}

export async function authenticationOptions(db: Db, rp: RelyingParty, officer: { id: number; sessionId: number }) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: (await credentialsOf(db, officer.id)).map((c) => ({
      id: c.credentialId,
      transports: c.transports,
    })),
    userVerification: 'required',
  });
  await keepChallenge(db, officer.sessionId, 'authenticate', options.challenge);
  return options;
}

/** True when the answer is signed by one of this officer's passkeys, over the session's challenge. */
export async function checkAuthentication(
  db: Db,
  rp: RelyingParty,
  officer: { id: number; sessionId: number },
  response: { id: string },
): Promise<boolean> {
  const challenge = await takeChallenge(db, officer.sessionId, 'authenticate');
  if (!challenge) return false;
  const [stored] = await db
    .select()
    .from(officerCredentials)
    .where(and(eq(officerCredentials.userId, officer.id), eq(officerCredentials.credentialId, response.id)));
  return !!stored && (await assertionHolds(db, rp, stored, challenge, response));
}

/**
 * Whether a WebAuthn answer signs this challenge with this stored passkey, from this site's origin,
 * with the user verified and a counter that moved on; when it does, the new counter is kept.
 */
async function assertionHolds(
  db: Db,
  rp: RelyingParty,
  stored: typeof officerCredentials.$inferSelect,
  challenge: string,
  response: unknown,
): Promise<boolean> {
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification: true,
    });
    if (!verified) return false;
    // Only from the counter this check read: of two answers at once, the second finds it moved and is
    // refused, so the counter never goes back.
    const moved = await db
      .update(officerCredentials)
      .set({ counter: authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(and(eq(officerCredentials.id, stored.id), eq(officerCredentials.counter, stored.counter)))
      .returning({ id: officerCredentials.id });
    return moved.length === 1;
  } catch {
    // A counter that went back (a cloned key), a wrong origin or signature: refused alike.
    return false;
  }
}

/** A citizen's passkeys, as the account area lists them (never the key itself). */
export async function listPasskeys(db: Db, userId: number) {
  const rows = await credentialsOf(db, userId);
  return rows
    .sort((a, b) => a.id - b.id)
    .map((c) => ({
      id: c.id,
      created_at: c.createdAt.toISOString(),
      last_used_at: c.lastUsedAt?.toISOString() ?? null,
    }));
}

/** Removes one of the account's own passkeys; false when it is not theirs (or does not exist). */
export async function removePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(officerCredentials)
    .where(and(eq(officerCredentials.id, id), eq(officerCredentials.userId, userId)))
    .returning({ id: officerCredentials.id });
  return removed.length === 1;
}

/**
 * Options to sign in with a passkey without typing anything: no credential is named (the device
 * offers the ones it holds for this site). The challenge is a record of its own, for 5 minutes, once.
 */
export async function signInOptions(rp: RelyingParty, key: Buffer) {
  return generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', challenge: signedChallenge(key) });
}

/**
 * A sign-in challenge the server can recognise without storing it (an anonymous call must not
 * write a row): when it lapses (6 bytes, milliseconds), 16 random bytes, and a keyed MAC of both.
 * It is written down only when an answer uses it, so it works once.
 */
function signedChallenge(key: Buffer, now = Date.now()): Uint8Array<ArrayBuffer> {
  const body = Buffer.alloc(22);
  body.writeUIntBE(now + CHALLENGE_MINUTES * 60_000, 0, 6);
  crypto.randomFillSync(body, 6);
  const bytes = new Uint8Array(38);
  bytes.set(body);
  bytes.set(challengeMac(key, body), 22);
  return bytes;
}

const challengeMac = (key: Buffer, body: Buffer) =>
  crypto.createHmac('sha256', key).update('passkey-sign-in\0').update(body).digest().subarray(0, 16);

/** When a challenge this server made lapses, or null for one it did not make. */
function challengeLapses(key: Buffer, challenge: string): Date | null {
  const bytes = Buffer.from(challenge, 'base64url');
  if (bytes.length !== 38 || bytes.toString('base64url') !== challenge) return null;
  const body = bytes.subarray(0, 22);
  if (!crypto.timingSafeEqual(bytes.subarray(22), challengeMac(key, body))) return null;
  return new Date(body.readUIntBE(0, 6));
}

/** The challenge a WebAuthn answer signed, as its client data says (checked again by the library). */
function answeredChallenge(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const client = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof client.challenge === 'string' ? client.challenge : null;
  } catch {
    return null;
  }
}

/**
 * A sign-in with a passkey: the answer must sign a challenge this server handed out for signing in
 * (unused, unexpired: used up now), with a stored passkey whose counter it does not take back.
 * Answers the account's id, or, on failure, the id of the passkey's account when one was named
 * (so its failures count towards its lock).
 */
export async function checkSignIn(
  db: Db,
  rp: RelyingParty,
  key: Buffer,
  response: { id: string; response: { clientDataJSON: string } },
): Promise<{ userId: number } | { failedUserId: number | null }> {
  const [stored] = await db.select().from(officerCredentials).where(eq(officerCredentials.credentialId, response.id));
  const challenge = answeredChallenge(response);
  const lapses = challenge ? challengeLapses(key, challenge) : null;
  if (!challenge || !lapses || lapses <= new Date()) return { failedUserId: stored?.userId ?? null };
  // Used up now: the challenge is unique, so a second answer with it finds it written already.
  const taken = await db
    .insert(webauthnChallenges)
    .values({ sessionId: null, purpose: 'sign-in', challenge, expiresAt: lapses, usedAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: webauthnChallenges.id });
  if (!taken.length || !stored) return { failedUserId: stored?.userId ?? null };
  return (await assertionHolds(db, rp, stored, challenge, response))
    ? { userId: stored.userId }
    : { failedUserId: stored.userId };
}
