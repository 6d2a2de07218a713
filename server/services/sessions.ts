import type { OfficerRole } from '../../contract/officer';
import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { sessions, users } from '../db/schema';

/**
 * Sessions last 60 minutes from login (docs/decisions.md#the-server-enforces-the-session); the
 * server enforces it, not only the client.
 */
export const SESSION_MINUTES = 60;

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export interface SessionUser {
  id: number;
  email: string;
  role: 'citizen' | 'officer';
  /** An officer's duty; null for citizens (and for officers from before roles: treated as admin). */
  officerRole: OfficerRole | null;
  /** An officer's office (services/offices.ts officeOf); null columns for citizens. */
  officeLevel: 'national' | 'province' | 'district' | null;
  officeProvinceId: number | null;
  officeDistrictId: number | null;
  language: 'en' | 'lo';
  sessionId: number;
  /**
   * An officer's session that passed the password only: it may finish signing in (passkey or
   * authenticator-app code) and nothing else (docs/security.md#officer-sign-in).
   */
  pendingSecondFactor: boolean;
}

/** An opaque token of 256 random bits; only its hash is stored, so a database leak yields no session. */
export async function createSession(db: Db, userId: number, now = new Date(), opts: { secondFactor?: boolean } = {}) {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_MINUTES * 60_000);
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    expiresAt,
    createdAt: now,
    secondFactorAt: opts.secondFactor ? now : null,
  });
  return { token, expiresAt };
}

export type SessionCheck = { user: SessionUser } | { error: 'missing' | 'expired' };

/**
 * The session's holder, looked up by its own key after the session is found. A plain join let
 * PostgreSQL merge the two tables in user order, walking the users' index from the first account
 * to the holder's: with few sessions against many accounts it planned that for every request, and
 * a holder registered after 100,000 others cost 80–180 ms (bench/history.md, National scale). The
 * LIMIT keeps the subquery apart, so the plan is always two index lookups.
 */
const holder = (db: Db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      officerRole: users.officerRole,
      officeLevel: users.officeLevel,
      officeProvinceId: users.officeProvinceId,
      officeDistrictId: users.officeDistrictId,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, sessions.userId))
    .limit(1)
    .as('holder');

const sessionByToken = preparedPerDatabase('find_session', (db, name) => {
  const user = holder(db);
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: user.id,
      email: user.email,
      role: user.role,
      officerRole: user.officerRole,
      officeLevel: user.officeLevel,
      officeProvinceId: user.officeProvinceId,
      officeDistrictId: user.officeDistrictId,
      language: user.language,
      secondFactorAt: sessions.secondFactorAt,
    })
    .from(sessions)
    .innerJoinLateral(user, sql`true`)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare(name);
});

type SessionRow = Omit<SessionUser, 'pendingSecondFactor'> & { expiresAt: Date; secondFactorAt: Date | null };

/**
 * Sessions read in the last seconds, by token hash: with the embedded database only (see
 * cacheSessions). A screen sends several calls at once, and on PGlite the lookup cost more than the
 * history it guarded. Every session or account change the lookup depends on forgets the whole
 * cache (forgetCachedSessions); a lookup that began before such a change does not store its answer.
 */
class SessionCache {
  static readonly TTL_MS = 10_000;
  static readonly MAX = 10_000;
  private readonly rows = new Map<string, { row: SessionRow; at: number }>();
  generation = 0;

  get(hash: string, now: number): SessionRow | undefined {
    const hit = this.rows.get(hash);
    return hit && now - hit.at < SessionCache.TTL_MS ? hit.row : undefined;
  }

  set(hash: string, row: SessionRow, generation: number, now: number) {
    if (generation !== this.generation) return;
    if (this.rows.size >= SessionCache.MAX) this.rows.clear();
    this.rows.set(hash, { row, at: now });
  }

  forget() {
    this.generation += 1;
    this.rows.clear();
  }
}

const caches = new WeakMap<Db, SessionCache>();
const allCaches = new Set<WeakRef<SessionCache>>();

/**
 * Keeps recent lookups in memory. Only for a database this process alone writes (PGlite, held by
 * the data-directory lock): with PostgreSQL another instance may revoke a session at any moment.
 */
export function cacheSessions(db: Db) {
  const cache = new SessionCache();
  caches.set(db, cache);
  allCaches.add(new WeakRef(cache));
}

/**
 * Forgets every cached lookup of this process. Called after every write that ends a session or
 * changes an account field a lookup carries, also inside a transaction: PGlite runs nothing else
 * while a transaction is open, so a lookup after this waits for the commit and reads the new state.
 */
export function forgetCachedSessions() {
  for (const ref of allCaches) {
    const cache = ref.deref();
    if (cache) cache.forget();
    else allCaches.delete(ref);
  }
}

export async function findSession(db: Db, token: string, now = new Date()): Promise<SessionCheck> {
  const hash = sha256(token);
  const cache = caches.get(db);
  let row = cache?.get(hash, now.getTime());
  if (!row) {
    const generation = cache?.generation ?? 0;
    [row] = await sessionByToken(db).execute({ tokenHash: hash });
    if (row && cache) cache.set(hash, row, generation, Date.now());
  }
  if (!row) return { error: 'missing' };
  if (row.expiresAt <= now) return { error: 'expired' };
  const { expiresAt: _e, secondFactorAt, ...user } = row;
  // Any officer session not marked is pending: a session made by any path starts without rights.
  return { user: { ...user, pendingSecondFactor: user.role === 'officer' && !secondFactorAt } };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  // After the write: a lookup that read the session before it began may not store it now.
  forgetCachedSessions();
}

/** Password change and reset end every session of the account (optionally but the current one). */
export async function revokeAllSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  const open = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  for (const s of open) if (s.id !== exceptSessionId) await revokeSession(db, s.id);
}
