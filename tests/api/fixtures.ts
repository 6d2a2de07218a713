import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/passwords';
import { createSession } from '../../server/services/sessions';

export const TEST_PASSWORD = 'Vientiane2026';

/**
 * A verified account written straight to the database, with an open session: for API tests of
 * features behind login (registration itself is tested through its own routes).
 */
export async function createAccount(app: FastifyInstance, overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = crypto.randomInt(10_000_000, 99_999_999);
  const [user] = await app.db
    .insert(users)
    .values({
      email: `citizen${n}@example.la`,
      phoneNumber: `85620${n}`,
      idCard: `1000${n}`,
      passwordHash: await hashPassword(TEST_PASSWORD),
      firstName: 'Somchai',
      lastName: 'Phommachanh',
      dateOfBirth: '1990-04-12',
      address: 'Ban Nongping',
      houseNumber: '12',
      provinceId: 1,
      districtId: 1,
      villageId: 1,
      language: 'en',
      verifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  // An officer's session as if the second factor were passed (the sign-in itself is tested in
  // officer-sign-in.test.ts); written here, never by a switch of the server.
  const { token } = await createSession(app.db, user.id, new Date(), { secondFactor: user.role === 'officer' });
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/** An officer of the national office unless `office` narrows it (province/district columns). */
export const createOfficer = (
  app: FastifyInstance,
  officerRole: 'cashier' | 'reviewer' | 'approver' | 'issuer' | 'admin' = 'admin',
  office: Pick<typeof users.$inferInsert, 'officeLevel' | 'officeProvinceId' | 'officeDistrictId'> = {
    officeLevel: 'national',
  },
) => createAccount(app, { role: 'officer', officerRole, ...office });
