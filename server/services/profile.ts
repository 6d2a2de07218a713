import { and, count, eq, gt, ne } from 'drizzle-orm';
import type * as v from 'valibot';
import { ErrorCode } from '../../contract/errors';
import type { Language } from '../../contract/master-data';
import type { Profile, updateProfileBody } from '../../contract/profile';
import { FieldError } from '../../contract/rules';
import type { Db } from '../db/client';
import { authEvents, districts, provinces, users, villages } from '../db/schema';
import { HttpError, badRequest, notFound, tooManyRequests } from '../lib/http-error';
import { verifyPassword } from './passwords';
import { revokeAllSessions } from './sessions';

/** The citizen's own account: what the profile screen shows and the changes it makes. */

/** Wrong current passwords a signed-in session may try before it has to wait (a stolen phone must not brute-force). */
const WRONG_PASSWORD_LIMIT = 5;
const WRONG_PASSWORD_WINDOW_MS = 15 * 60_000;

type UpdateProfile = v.InferOutput<typeof updateProfileBody>;

export async function loadProfile(db: Db, userId: number, lang: Language): Promise<Profile | null> {
  const [row] = await db
    .select({
      user: users,
      province: lang === 'lo' ? provinces.nameLo : provinces.nameEn,
      district: lang === 'lo' ? districts.nameLo : districts.nameEn,
      village: lang === 'lo' ? villages.nameLo : villages.nameEn,
    })
    .from(users)
    .leftJoin(provinces, eq(provinces.id, users.provinceId))
    .leftJoin(districts, eq(districts.id, users.districtId))
    .leftJoin(villages, eq(villages.id, users.villageId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const u = row.user;
  return {
    id_card: u.idCard ?? '',
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    address: u.address ?? '',
    house_number: u.houseNumber ?? '',
    phone_number: u.phoneNumber ?? '',
    date_of_birth: u.dateOfBirth ?? '',
    province_id: u.provinceId ?? 0,
    district_id: u.districtId ?? 0,
    village_id: u.villageId ?? 0,
    province: row.province ?? '',
    district: row.district ?? '',
    village: row.village ?? '',
    role: u.role,
    language: u.language,
    email_updates: u.emailUpdates,
  };
}

/** The village must lie in the district and the district in the province; the first wrong level is named. */
async function checkPlace(db: Db, p: Pick<UpdateProfile, 'province_id' | 'district_id' | 'village_id'>): Promise<void> {
  const [province] = await db
    .select({ id: provinces.id })
    .from(provinces)
    .where(and(eq(provinces.id, p.province_id), eq(provinces.active, true)));
  if (!province) throw badRequest('Unknown province', { province_id: FieldError.invalidId });
  const [district] = await db
    .select({ id: districts.id })
    .from(districts)
    .where(and(eq(districts.id, p.district_id), eq(districts.provinceId, p.province_id), eq(districts.active, true)));
  if (!district) throw badRequest('The district is not in the chosen province', { district_id: FieldError.invalidId });
  const [village] = await db
    .select({ id: villages.id })
    .from(villages)
    .where(and(eq(villages.id, p.village_id), eq(villages.districtId, p.district_id), eq(villages.active, true)));
  if (!village) throw badRequest('The village is not in the chosen district', { village_id: FieldError.invalidId });
}

const phoneTaken = () =>
  new HttpError(400, ErrorCode.phoneTaken, 'This phone number is already registered.', {
    phone_number: ErrorCode.phoneTaken,
  });

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

async function wrongPasswordsLately(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authEvents)
    .where(
      and(
        eq(authEvents.kind, 'login_failure'),
        eq(authEvents.userId, userId),
        gt(authEvents.createdAt, new Date(Date.now() - WRONG_PASSWORD_WINDOW_MS)),
      ),
    );
  return row?.n ?? 0;
}

/** Name, birth date, phone and address; the e-mail and ID card are not updatable (the ID card was read at registration). */
export async function updateProfile(db: Db, userId: number, body: UpdateProfile): Promise<void> {
  await checkPlace(db, body);
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, body.phone_number), ne(users.id, userId)));
  if (other) throw phoneTaken();
  try {
    await db
      .update(users)
      .set({
        firstName: body.first_name,
        lastName: body.last_name,
        address: body.address,
        houseNumber: body.house_number,
        dateOfBirth: body.date_of_birth,
        phoneNumber: body.phone_number,
        provinceId: body.province_id,
        districtId: body.district_id,
        villageId: body.village_id,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  } catch (err) {
    // Two accounts saving the same number at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw phoneTaken();
    throw err;
  }
}

/** Refuses a wrong current password (counted, so a stolen phone cannot try many) and a session that tried too many. */
export async function checkCurrentPassword(db: Db, userId: number, currentPassword: string, ip: string): Promise<void> {
  if ((await wrongPasswordsLately(db, userId)) >= WRONG_PASSWORD_LIMIT) {
    throw tooManyRequests('Too many wrong passwords. Please wait 15 minutes and try again.');
  }
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound();
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    await db.insert(authEvents).values({ kind: 'login_failure', userId, ip });
    throw new HttpError(400, ErrorCode.wrongPassword, 'The current password is wrong.', {
      current_password: ErrorCode.wrongPassword,
    });
  }
}

/**
 * The new password, in one transaction with signing out whoever else holds a session of this account
 * (a lost phone; this device stays in) and with `remember` (a retried request must not be checked
 * against the password it just replaced).
 */
export async function changePassword(
  db: Db,
  user: { id: number; sessionId: number },
  passwordHash: string,
  remember: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAllSessions(tx as unknown as Db, user.id, user.sessionId);
    await remember(tx as unknown as Db);
  });
}

/** The account's settings that need no check: the language of e-mails, optional e-mails on or off. */
export async function updateAccount(
  db: Db,
  userId: number,
  settings: Partial<Pick<typeof users.$inferInsert, 'language' | 'emailUpdates'>>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
