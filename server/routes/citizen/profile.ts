import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { updatePasswordBody } from '../../../contract/auth';
import { updateLanguageBody, updateEmailUpdatesBody, updateProfileBody } from '../../../contract/profile';
import { FieldError } from '../../../contract/rules';
import { badRequest, notFound } from '../../lib/http-error';
import { schema, type TypedApp } from '../../lib/validation';
import { answers, dataAnswer, messageDataAnswer } from '../../lib/answers';
import { idempotent } from '../../services/idempotency';
import { hashPassword, isCommonPassword } from '../../services/passwords';
import {
  changePassword,
  checkCurrentPassword,
  loadProfile,
  updateAccount,
  updateProfile,
} from '../../services/profile';
import { forgetCachedSessions } from '../../services/sessions';
import { requestLanguage } from '../master-data';
import { clientAddress } from '../../lib/client-address';

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
      idempotent(
        app,
        req,
        reply,
        async () => {
          const body = req.body;
          const userId = me(req).id;
          await updateProfile(app.db, userId, body);
          return {
            statusCode: 200,
            body: { message: 'Profile updated', data: await loadProfile(app.db, userId, requestLanguage(req)) },
          };
        },
        // The key keeps that it was done, never the profile (ID number, phone, address); a repeat
        // answers the account as it is stored then.
        {
          kept: ({ message }) => ({ message }),
          replay: async () => ({
            message: 'Profile updated',
            data: await loadProfile(app.db, me(req).id, requestLanguage(req)),
          }),
        },
      ),
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
        await checkCurrentPassword(app.db, user.id, body.current_password, clientAddress(req));
        if (isCommonPassword(body.password))
          throw badRequest('This password is too common.', { password: FieldError.passwordCommon });
        const passwordHash = await hashPassword(body.password);
        const answer = { statusCode: 200, body: { message: 'Password updated', data: { success: true } } };
        await changePassword(app.db, user, passwordHash, (tx) => scope.remember(tx, answer));
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
      await updateAccount(app.db, me(req).id, { language });
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
      await updateAccount(app.db, me(req).id, { emailUpdates: email_updates });
      return { data: { email_updates } };
    },
  );
}
