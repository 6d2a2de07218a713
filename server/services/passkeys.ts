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
 * Officers' passkeys (WebAuthn). The relying party is the address the app is served from
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

async function keepChallenge(db: Db, sessionId: number, purpose: 'register' | 'authenticate', challenge: string) {
  await db
    .insert(webauthnChallenges)
    .values({ sessionId, purpose, challenge, expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000) });
}

/**
 * The session's latest open challenge of this purpose, used up by this call (a conditional update:
 * two answers at once cannot both use it). Null when there is none, it expired, or was used.
 */
async function takeChallenge(db: Db, sessionId: number, purpose: 'register' | 'authenticate') {
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

/** Options to create a passkey on this device; its own passkeys are excluded (no double enrolment). */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  officer: { id: number; email: string; sessionId: number },
) {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: officer.email,
    userID: new TextEncoder().encode(`officer-${officer.id}`),
    attestationType: 'none',
    excludeCredentials: (await credentialsOf(db, officer.id)).map((c) => ({
      id: c.credentialId,
      transports: c.transports,
    })),
    // A passkey proves who holds the device (PIN, fingerprint, face), not only that it is present.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
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
  if (!stored) return false;
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
    await db
      .update(officerCredentials)
      .set({ counter: authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(eq(officerCredentials.id, stored.id));
    return true;
  } catch {
    // A counter that went back (a cloned key), a wrong origin or signature: refused alike.
    return false;
  }
}
