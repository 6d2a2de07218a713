import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { sessions, users } from '../db/schema';

/** Sessions last 60 minutes from login (spec §4); the server enforces it, not only the client. */
export const SESSION_MINUTES = 60;

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export interface SessionUser {
  id: number;
  email: string;
  role: 'citizen' | 'officer';
  /** An officer's duty; null for citizens (and for officers from before roles: treated as admin). */
  officerRole: 'cashier' | 'reviewer' | 'issuer' | 'admin' | null;
  language: 'en' | 'lo';
  sessionId: number;
}

/** An opaque token of 256 random bits; only its hash is stored, so a database leak yields no session. */
export async function createSession(db: Db, userId: number, now = new Date()) {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_MINUTES * 60_000);
  await db.insert(sessions).values({ userId, tokenHash: sha256(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}

export type SessionCheck = { user: SessionUser } | { error: 'missing' | 'expired' };

const sessionByToken = preparedPerDatabase('find_session', (db, name) => db
  .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, id: users.id, email: users.email, role: users.role, officerRole: users.officerRole, language: users.language })
  .from(sessions)
  .innerJoin(users, eq(users.id, sessions.userId))
  .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
  .limit(1)
  .prepare(name));

export async function findSession(db: Db, token: string, now = new Date()): Promise<SessionCheck> {
  const [row] = await sessionByToken(db).execute({ tokenHash: sha256(token) });
  if (!row) return { error: 'missing' };
  if (row.expiresAt <= now) return { error: 'expired' };
  const { expiresAt: _e, ...user } = row;
  return { user };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Password change and reset end every session of the account (optionally but the current one). */
export async function revokeAllSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  const open = await db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  for (const s of open) if (s.id !== exceptSessionId) await revokeSession(db, s.id);
}
