import * as v from 'valibot';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenResponse } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/errors';
import { currentPasswordBody, passkeyAnswerBody, passkeySchema, type PasskeyList } from '../../../contract/passkeys';
import { forbidden, HttpError, notFound, tooManyRequests } from '../../lib/http-error';
import { clientAddress } from '../../lib/client-address';
import { idParams, schema, type TypedApp } from '../../lib/validation';
import { answers, dataAnswer, messageAnswer } from '../../lib/answers';
import { tokenAnswer } from './answers';
import { LOGIN_LOCK } from './login';
import { findById } from '../../services/accounts';
import { credentialAddedMail } from '../../services/auth-mails';
import { enqueueMail } from '../../services/mail-queue';
import { checkCurrentPassword } from '../../services/profile';
import {
  checkRegistration,
  checkSignIn,
  listPasskeys,
  registrationOptions,
  relyingParty,
  removePasskey,
  saveCredential,
  signInOptions,
} from '../../services/passkeys';
import { createSession } from '../../services/sessions';
import { countEvents, recordEvent } from '../../services/throttle';

const tags = ['auth'];
const security = [{ bearer: [] }];
const webauthnOptions = answers({
  200: dataAnswer(v.looseObject({ challenge: v.string() }), 'Options for navigator.credentials'),
});

/**
 * A citizen's passkeys: added and removed from the account area (a signed-in citizen), used on
 * /login instead of the password (anonymous; counted like password logins: per address, and per
 * account once the passkey names one). Officers keep their password and second step.
 */
export default async function passkeyRoutes(app: TypedApp) {
  const rp = relyingParty(app.config.appBaseUrl);

  async function citizenOnly(req: FastifyRequest, reply: FastifyReply) {
    await app.authenticate(req, reply);
    if (req.user!.role !== 'citizen') throw forbidden('Officers enrol passkeys with an enrolment link.');
  }

  app.post(
    '/v1/auth/passkey/options',
    {
      schema: { tags, summary: 'A challenge to sign in with a passkey (no account named)', response: webauthnOptions },
    },
    async (req) => {
      await refuseBusyAddress(req);
      return { data: { ...(await signInOptions(rp, app.hashKey)) } };
    },
  );

  app.post(
    '/v1/auth/passkey/verify',
    {
      schema: {
        tags,
        summary: 'Sign in with a passkey instead of the password',
        body: schema(passkeyAnswerBody),
        response: answers({ 200: tokenAnswer }),
      },
    },
    async (req): Promise<TokenResponse> => {
      const ip = clientAddress(req);
      await refuseBusyAddress(req);
      const result = await checkSignIn(app.db, rp, app.hashKey, req.body.response);
      const userId = 'userId' in result ? result.userId : result.failedUserId;
      const user = userId ? await findById(app.db, userId) : undefined;
      const since = new Date(Date.now() - LOGIN_LOCK.windowMinutes * 60_000);
      if (user && (await countEvents(app.db, ['login_failure'], { userId: user.id }, since)) >= LOGIN_LOCK.failures)
        throw tooManyRequests(
          `Too many failed attempts. Wait ${LOGIN_LOCK.windowMinutes} minutes, or reset your password.`,
          ErrorCode.accountLocked,
          LOGIN_LOCK.windowMinutes * 60,
        );
      // An officer's passkey is a second step after the password, never a way around it.
      if (!('userId' in result) || !user || user.role !== 'citizen' || !user.verifiedAt) {
        await recordEvent(app.db, 'login_failure', ip, user?.id);
        throw new HttpError(401, ErrorCode.passkeyFailed, 'The passkey was not accepted.');
      }
      const session = await createSession(app.db, user.id);
      req.log.info({ userId: user.id }, 'signed in with a passkey');
      return { data: { access_token: session.token, expires_at: session.expiresAt.getTime(), role: user.role } };
    },
  );

  /** The same ceiling of failed logins per address as the password login. */
  async function refuseBusyAddress(req: FastifyRequest) {
    const since = new Date(Date.now() - LOGIN_LOCK.windowMinutes * 60_000);
    if (
      (await countEvents(app.db, ['login_failure'], { ip: clientAddress(req) }, since)) >=
      app.config.rateLimits.loginFailuresPerAddress
    )
      throw tooManyRequests(
        `Too many failed logins from this connection. Wait ${LOGIN_LOCK.windowMinutes} minutes and try again.`,
        undefined,
        LOGIN_LOCK.windowMinutes * 60,
      );
  }

  app.get(
    '/v1/citizen/passkeys',
    {
      onRequest: citizenOnly,
      schema: {
        tags,
        security,
        summary: 'My passkeys',
        response: answers({ 200: dataAnswer(v.array(passkeySchema), 'When each was added and last used') }),
      },
    },
    async (req): Promise<PasskeyList> => ({ data: await listPasskeys(app.db, req.user!.id) }),
  );

  app.post(
    '/v1/citizen/passkeys/options',
    {
      onRequest: citizenOnly,
      schema: {
        tags,
        security,
        summary: 'Options to add a passkey, once the password is typed again',
        description:
          'The account password again in `current_password` (a session alone adds no credential): wrong, 400 ' +
          'with `fields.current_password = x004`; 429 after 5 wrong passwords in 15 minutes.',
        body: schema(currentPasswordBody),
        response: webauthnOptions,
      },
    },
    async (req) => {
      await checkCurrentPassword(app.db, req.user!.id, req.body.current_password, clientAddress(req));
      return { data: { ...(await registrationOptions(app.db, rp, { ...req.user!, role: 'citizen' })) } };
    },
  );

  app.post(
    '/v1/citizen/passkeys',
    {
      onRequest: citizenOnly,
      schema: {
        tags,
        security,
        summary: 'Add the passkey just created',
        body: schema(passkeyAnswerBody),
        response: answers({ 201: dataAnswer(v.array(passkeySchema), 'My passkeys') }),
      },
    },
    async (req, reply) => {
      const credential = await checkRegistration(app.db, rp, req.user!.sessionId, req.body.response);
      if (!credential) throw new HttpError(400, ErrorCode.passkeyFailed, 'The passkey could not be added. Try again.');
      if (!(await saveCredential(app.db, req.user!.id, credential)))
        throw new HttpError(409, ErrorCode.passkeyFailed, 'This passkey is already added.');
      await enqueueMail(
        app.db,
        'credential_added',
        credentialAddedMail(req.user!.email, req.user!.language, 'passkey'),
      );
      await app.mailQueue.kick();
      req.log.info({ userId: req.user!.id }, 'citizen passkey added');
      return reply.status(201).send({ data: await listPasskeys(app.db, req.user!.id) });
    },
  );

  app.delete(
    '/v1/citizen/passkeys/:id',
    {
      onRequest: citizenOnly,
      schema: {
        tags,
        security,
        summary: 'Remove one of my passkeys, once the password is typed again',
        description: 'Body `{ current_password }`, checked as for adding one.',
        params: schema(idParams),
        body: schema(currentPasswordBody),
        response: answers({ 200: messageAnswer('Removed') }),
      },
    },
    async (req) => {
      await checkCurrentPassword(app.db, req.user!.id, req.body.current_password, clientAddress(req));
      if (!(await removePasskey(app.db, req.user!.id, req.params.id))) throw notFound('This passkey does not exist.');
      return { message: 'The passkey was removed.' };
    },
  );
}
