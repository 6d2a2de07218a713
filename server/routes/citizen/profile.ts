import { and, eq, gt, ne, count } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { updatePasswordBody } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/errors';
import type { Language } from '../../../contract/master-data';
import { updateLanguageBody, updateEmailUpdatesBody, updateProfileBody, type Profile } from '../../../contract/profile';
import { FieldError } from '../../../contract/rules';
import type { Db } from '../../db/client';
import { authEvents, districts, provinces, users, villages } from '../../db/schema';
import { HttpError, badRequest, notFound, tooManyRequests } from '../../lib/http-error';
import { schema, type TypedApp } from '../../lib/validation';
import { answers, dataAnswer, messageDataAnswer } from '../../lib/answers';
import { idempotent } from '../../services/idempotency';
import { hashPassword, isCommonPassword, verifyPassword } from '../../services/passwords';
import { forgetCachedSessions, revokeAllSessions } from '../../services/sessions';
import { requestLanguage } from '../master-data';
import { clientAddress } from '../../lib/client-address';

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

/** The citizen's account as the profile screen shows it (contract/profile.ts Profile). */
const profileShape = v.object({
  id_card: v.string(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  address: v.string(),
  house_number: v.string(),
  phone_number: v.string(),
  date_of_birth: v.string(),
  province_id: v.number(),
  district_id: v.number(),
  village_id: v.number(),
  province: v.string(),
  district: v.string(),
  village: v.string(),
  role: v.picklist(['citizen', 'officer']),
  language: v.picklist(['en', 'lo']),
  email_updates: v.boolean(),
});

/** /v1/citizen/user/*: profile, update-profile, update-password, language. */
export default async function profileRoutes(app: TypedApp) {
  const tags = ['profile'];
  const security = [{ bearer: [] }];
  const me = (req: FastifyRequest) => req.user!;

  const profileSchema = {
    tags,
    security,
    summary: 'My account: identity, address with place names, language and e-mail choices',
    response: answers({ 200: dataAnswer(profileShape, 'My account') }),
  };
  app.get('/v1/citizen/user/profile', { onRequest: app.authenticate, schema: profileSchema }, async (req) => {
    const profile = await loadProfile(app.db, me(req).id, requestLanguage(req));
    if (!profile) throw notFound();
    return { data: profile };
  });

  app.post(
    '/v1/citizen/user/update-profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Change my name, date of birth, phone and address; accepts Idempotency-Key',
        body: schema(updateProfileBody),
        response: answers({ 200: messageDataAnswer(v.nullable(profileShape), 'Updated: the account as now stored') }),
      },
    },
    async (req, reply) =>
      idempotent(app, req, reply, async () => {
        const body = req.body;
        const userId = me(req).id;
        await checkPlace(app.db, body);
        const [other] = await app.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.phoneNumber, body.phone_number), ne(users.id, userId)));
        if (other) throw phoneTaken();
        try {
          // e-mail and ID card are not updatable: the ID card was read from the card at registration.
          await app.db
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
        return {
          statusCode: 200,
          body: { message: 'Profile updated', data: await loadProfile(app.db, userId, requestLanguage(req)) },
        };
      }),
  );

  app.post(
    '/v1/citizen/user/update-password',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Change my password (other sessions end); accepts Idempotency-Key',
        body: schema(updatePasswordBody),
        response: answers({ 200: messageDataAnswer(v.object({ success: v.boolean() }), 'Changed') }),
      },
    },
    async (req, reply) =>
      idempotent(app, req, reply, async (scope) => {
        const body = req.body;
        const user = me(req);
        if ((await wrongPasswordsLately(app.db, user.id)) >= WRONG_PASSWORD_LIMIT) {
          throw tooManyRequests('Too many wrong passwords. Please wait 15 minutes and try again.');
        }
        const [row] = await app.db
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, user.id));
        if (!row) throw notFound();
        if (!(await verifyPassword(row.passwordHash, body.current_password))) {
          await app.db.insert(authEvents).values({ kind: 'login_failure', userId: user.id, ip: clientAddress(req) });
          throw new HttpError(400, ErrorCode.wrongPassword, 'The current password is wrong.', {
            current_password: ErrorCode.wrongPassword,
          });
        }
        if (isCommonPassword(body.password))
          throw badRequest('This password is too common.', { password: FieldError.passwordCommon });
        const passwordHash = await hashPassword(body.password);
        const answer = { statusCode: 200, body: { message: 'Password updated', data: { success: true } } };
        await app.db.transaction(async (tx) => {
          await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
          // Whoever else holds a session of this account (a lost phone) is signed out; this device stays in.
          await revokeAllSessions(tx as unknown as Db, user.id, user.sessionId);
          // A retried request (weak connection) must not be checked against the password it just replaced.
          await scope.remember(tx as unknown as Db, answer);
        });
        return answer;
      }),
  );

  app.post(
    '/v1/citizen/user/language',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The language of my e-mails and notifications',
        body: schema(updateLanguageBody),
        response: answers({ 200: dataAnswer(v.object({ language: v.picklist(['en', 'lo']) }), 'Saved') }),
      },
    },
    async (req) => {
      const { language } = req.body;
      await app.db
        .update(users)
        .set({ language, updatedAt: new Date() })
        .where(eq(users.id, me(req).id));
      forgetCachedSessions();
      return { data: { language } };
    },
  );

  app.post(
    '/v1/citizen/user/email-updates',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Turn optional e-mails (payment confirmed, certificate ready, pick-up reminder) on or off',
        response: answers({ 200: dataAnswer(v.object({ email_updates: v.boolean() }), 'Saved') }),
        body: schema(updateEmailUpdatesBody),
      },
    },
    async (req) => {
      const { email_updates } = req.body;
      await app.db
        .update(users)
        .set({ emailUpdates: email_updates, updatedAt: new Date() })
        .where(eq(users.id, me(req).id));
      return { data: { email_updates } };
    },
  );
}
