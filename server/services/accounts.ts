import { and, eq, or, type SQL } from 'drizzle-orm';
import { FieldError, PASSPORT_NUMBER } from '../../contract/rules';
import type { Db } from '../db/client';
import { districts, documents, provinces, users, villages } from '../db/schema';
import type { StoredDocument } from './documents';
import { forgetCachedSessions } from './sessions';

export type User = typeof users.$inferSelect;

/**
 * The ID-card image of a registration nobody has verified yet (docs/security.md, item 4). It is
 * the account's 'id_card' only once the e-mail code is right; until then it is replaced at once by
 * registering again and removed with the unverified account after RETENTION_UNVERIFIED_HOURS.
 */
export const PENDING_ID_CARD = 'id_card_pending';

/** The e-mail code was right: the account is verified and its ID-card image is kept from now on. */
export async function markVerified(db: Db, userId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ verifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .update(documents)
      .set({ kind: 'id_card' })
      .where(and(eq(documents.ownerId, userId), eq(documents.kind, PENDING_ID_CARD)));
  });
}

/**
 * The account a login identity names: an e-mail, a phone number as typed (with or without +856
 * or a leading 0, spaces allowed), a national ID number or a Lao passport number.
 */
export function identityConditions(identity: string): SQL | undefined {
  const typed = identity.trim();
  if (typed.includes('@')) return eq(users.email, typed.toLowerCase());
  // A citizen registered with a passport signs in with its number, as printed (capital letter).
  if (PASSPORT_NUMBER.test(typed.toUpperCase())) return eq(users.idCard, typed.toUpperCase());
  const digits = typed.replace(/[\s+().-]/g, '');
  if (!/^\d{4,20}$/.test(digits)) return undefined;
  const phone = digits.startsWith('856') ? digits : `856${digits.replace(/^0+/, '')}`;
  return or(eq(users.idCard, digits), eq(users.phoneNumber, phone));
}

export async function findByIdentity(db: Db, identity: string): Promise<User | undefined> {
  const where = identityConditions(identity);
  if (!where) return undefined;
  const found = await db.select().from(users).where(where).limit(2);
  // A 12-digit ID that also reads as a phone number: the ID card is the exact match.
  const digits = identity.replace(/[\s+().-]/g, '');
  return found.find((u) => u.idCard === digits) ?? found[0];
}

export async function findById(db: Db, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

export interface Taken {
  email: boolean;
  phone: boolean;
  idCard: boolean;
}

/**
 * Which of these identifiers already belong to someone. An unverified registration of the same
 * e-mail does not count: nobody proved that address yet, and registering again replaces it (the
 * person who reads the code gets the account).
 */
export async function takenIdentifiers(db: Db, who: { email: string; phone: string; idCard?: string }): Promise<Taken> {
  const email = who.email.toLowerCase();
  const clauses = [eq(users.email, email), eq(users.phoneNumber, who.phone)];
  if (who.idCard) clauses.push(eq(users.idCard, who.idCard));
  const rows = await db
    .select({ email: users.email, phone: users.phoneNumber, idCard: users.idCard, verifiedAt: users.verifiedAt })
    .from(users)
    .where(or(...clauses));
  const others = rows.filter((r) => r.email !== email);
  return {
    email: rows.some((r) => r.email === email && r.verifiedAt !== null),
    phone: others.some((r) => r.phone === who.phone),
    idCard: !!who.idCard && others.some((r) => r.idCard === who.idCard),
  };
}

/** The village must lie in the district and the district in the province; the first wrong level is named. */
export async function placeProblem(
  db: Db,
  p: { province_id: number; district_id: number; village_id: number },
): Promise<Record<string, string> | null> {
  const [province] = await db
    .select({ id: provinces.id })
    .from(provinces)
    .where(and(eq(provinces.id, p.province_id), eq(provinces.active, true)));
  if (!province) return { province_id: FieldError.invalidId };
  const [district] = await db
    .select({ id: districts.id })
    .from(districts)
    .where(and(eq(districts.id, p.district_id), eq(districts.provinceId, p.province_id), eq(districts.active, true)));
  if (!district) return { district_id: FieldError.invalidId };
  const [village] = await db
    .select({ id: villages.id })
    .from(villages)
    .where(and(eq(villages.id, p.village_id), eq(villages.districtId, p.district_id), eq(villages.active, true)));
  if (!village) return { village_id: FieldError.invalidId };
  return null;
}

/**
 * A registration's account and its pending ID-card image, in one transaction. Registering again
 * with an e-mail nobody verified (`previousId`) overwrites that attempt and removes its image now,
 * not with the account a day later; the removed images' digests are returned for the document store.
 */
export async function saveRegistration(
  db: Db,
  registration: {
    previousId: number | undefined;
    account: Omit<typeof users.$inferInsert, 'createdAt'>;
    idCard: StoredDocument & { fileName: string };
    now: Date;
  },
): Promise<{ userId: number; replaced: string[] }> {
  const { previousId, account, idCard, now } = registration;
  let replaced: string[] = [];
  const userId = await db.transaction(async (tx) => {
    const [user] =
      previousId !== undefined
        ? await tx
            .update(users)
            .set(account) // the failed codes stay counted: registering again is no way round their cap
            .where(eq(users.id, previousId))
            .returning({ id: users.id })
        : await tx
            .insert(users)
            .values({ ...account, createdAt: now })
            .returning({ id: users.id });
    if (previousId !== undefined) {
      forgetCachedSessions();
      replaced = (
        await tx
          .delete(documents)
          .where(and(eq(documents.ownerId, previousId), eq(documents.kind, PENDING_ID_CARD)))
          .returning({ sha256: documents.sha256 })
      ).map((d) => d.sha256);
    }
    await tx.insert(documents).values({ ownerId: user!.id, kind: PENDING_ID_CARD, ...idCard, createdAt: now });
    return user!.id;
  });
  return { userId, replaced };
}
