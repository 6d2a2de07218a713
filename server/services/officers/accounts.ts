import * as v from 'valibot';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { email as emailRule, FieldError, password as passwordRule } from '../../../contract/rules';
import type { Db } from '../../db/client';
import type { OfficerRole } from '../../../contract/officer';
import { officerCredentials, officerEnrolments, officerTotp, sessions, users } from '../../db/schema';
import type { OfficeAssignment } from '../../../contract/offices';
import { officeColumnsOf } from '../offices';
import { hashPassword, isCommonPassword } from '../passwords';
import { hasTotp, setTotpSecret } from '../officer-totp';
import { forgetCachedSessions } from '../sessions';
import { recordAudit } from './audit';

export class OfficerAccountError extends Error {}

const MESSAGES: Record<string, string> = {
  [FieldError.required]: 'is required',
  [FieldError.invalidEmail]: 'is not a valid e-mail address',
  [FieldError.passwordLength]: 'must have at least 8 characters',
  [FieldError.passwordUppercase]: 'must contain an uppercase letter',
  [FieldError.passwordNumber]: 'must contain a number',
  [FieldError.passwordCommon]: 'is too common; choose another',
  [FieldError.tooLong]: 'is too long',
};

/** The same rules as a citizen's password (contract/rules.ts), and not a common password. */
function checkCredentials(email: string, password: string): { email: string; password: string } {
  const e = v.safeParse(emailRule, email);
  if (!e.success) throw new OfficerAccountError(`The e-mail ${MESSAGES[e.issues[0].message] ?? e.issues[0].message}.`);
  const p = v.safeParse(passwordRule, password);
  if (!p.success)
    throw new OfficerAccountError(`The password ${MESSAGES[p.issues[0].message] ?? p.issues[0].message}.`);
  if (isCommonPassword(password)) throw new OfficerAccountError(`The password ${MESSAGES[FieldError.passwordCommon]}.`);
  return { email: e.output, password };
}

export type OfficerOutcome = 'created' | 'promoted' | 'updated' | 'unchanged';

/**
 * Creates an officer account, or makes an existing account an officer with this password
 * (`npm run officer:create`). With `onlyIfMissing` (start-up bootstrap) an existing account is left
 * exactly as it is, so restarting never resets a password an officer has since changed.
 */
export async function ensureOfficer(
  db: Db,
  input: { email: string; password: string; role?: OfficerRole; office?: OfficeAssignment },
  opts: { onlyIfMissing?: boolean } = {},
): Promise<OfficerOutcome> {
  const { email, password } = checkCredentials(input.email, input.password);
  const [existing] = await db
    .select({ id: users.id, role: users.role, verifiedAt: users.verifiedAt, officerRole: users.officerRole })
    .from(users)
    .where(eq(users.email, email));
  if (existing && opts.onlyIfMissing) return 'unchanged';
  // The first officer of an install manages the others: admin unless told otherwise. An officer
  // keeps their role unless one is given (re-running the command after a lost device changes no duty).
  const officerRole =
    input.role ?? (existing?.role === 'officer' ? (existing.officerRole ?? 'admin') : ('admin' as const));
  // An office only when one is given: a new officer without one sees no application until an admin
  // gives them one; an existing officer keeps theirs.
  const office = input.office ? await officeColumnsOf(db, input.office) : undefined;
  const passwordHash = await hashPassword(password);
  const now = new Date();
  if (!existing) {
    const inserted = await db
      .insert(users)
      .values({ email, passwordHash, role: 'officer', officerRole, firstName: 'Officer', verifiedAt: now, ...office })
      .onConflictDoNothing()
      .returning({ id: users.id });
    return inserted.length ? 'created' : 'unchanged';
  }
  await db.transaction(async (tx) => {
    const [before] = await tx.select(auditColumns).from(users).where(eq(users.id, existing.id));
    const [after] = await tx
      .update(users)
      .set({
        role: 'officer',
        officerRole,
        ...office,
        passwordHash,
        verifiedAt: existing.verifiedAt ?? now,
        otpFailures: 0,
        updatedAt: now,
      })
      .where(eq(users.id, existing.id))
      .returning(auditColumns);
    // From the console: no officer is the actor.
    await recordAudit(tx, null, 'officer.console-update', existing.id, { before, after, password: 'replaced' });
  });
  forgetCachedSessions();
  return existing.role === 'officer' ? 'updated' : 'promoted';
}

/** What the audit log keeps of an account before and after a change (never a secret). */
const auditColumns = {
  role: users.role,
  officerRole: users.officerRole,
  officeLevel: users.officeLevel,
  officeProvinceId: users.officeProvinceId,
  officeDistrictId: users.officeDistrictId,
};

/**
 * A lost device: the officer's passkeys, authenticator app and unused enrolment links are removed
 * and every session of theirs ends, in one transaction with its line in the audit log (`actorId`:
 * the admin, or null from the console). They sign in again with the password and a new enrolment
 * link. Returns what was removed.
 */
export async function removeOfficerCredentials(
  db: Db,
  actorId: number | null,
  officerId: number,
): Promise<{ passkeys: number; authenticatorApp: boolean; sessions: number }> {
  const removed = await db.transaction(async (tx) => {
    const passkeys = await tx
      .delete(officerCredentials)
      .where(eq(officerCredentials.userId, officerId))
      .returning({ id: officerCredentials.id });
    const app = await tx
      .delete(officerTotp)
      .where(eq(officerTotp.userId, officerId))
      .returning({ id: officerTotp.userId });
    await tx
      .update(officerEnrolments)
      .set({ usedAt: new Date() })
      .where(and(eq(officerEnrolments.userId, officerId), isNull(officerEnrolments.usedAt)));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, officerId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    const result = { passkeys: passkeys.length, authenticatorApp: app.length > 0, sessions: ended.length };
    await recordAudit(tx, actorId, 'officer.credentials-removed', officerId, result);
    return result;
  });
  // After the commit: no cached lookup keeps a session alive.
  forgetCachedSessions();
  return removed;
}

/** BOOTSTRAP_OFFICER_TOTP_SECRET: set on the officer of that e-mail when they have no app yet. */
export async function bootstrapTotp(db: Db, totpKey: Buffer, email: string, secret: string): Promise<void> {
  const [officer] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (officer?.role !== 'officer' || (await hasTotp(db, officer.id))) return;
  await setTotpSecret(db, totpKey, officer.id, secret);
}

/** The officer's id, for the enrolment link `npm run officer:create` prints. */
export async function officerId(db: Db, email: string): Promise<number | undefined> {
  const [officer] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return officer?.id;
}

/** The officer's role as stored (an officer from before roles: admin), for the console's answer. */
export async function officerRoleOf(db: Db, id: number): Promise<OfficerRole | undefined> {
  const [row] = await db
    .select({ role: users.role, officerRole: users.officerRole })
    .from(users)
    .where(eq(users.id, id));
  return row?.role === 'officer' ? (row.officerRole ?? 'admin') : undefined;
}

/**
 * Whether the officer of this e-mail has ever finished signing in (a session past the second step):
 * from then on the bootstrap password and authenticator secret in the settings serve no purpose and
 * only wait to leak, and each start says so.
 */
export async function hasSignedIn(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.email, email.trim().toLowerCase()), isNotNull(sessions.secondFactorAt)))
    .limit(1);
  return !!row;
}
