import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { TokenResponse } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/errors';
import {
  enrolOptionsBody,
  enrolVerifyBody,
  passkeyBody,
  totpBody,
  type TotpSetup,
} from '../../../contract/second-factor';
import { forbidden, HttpError, tooManyRequests } from '../../lib/http-error';
import { clientAddress } from '../../lib/client-address';
import { schema, type TypedApp } from '../../lib/validation';
import { answers, dataAnswer, messageAnswer } from '../../lib/answers';
import { tokenAnswer } from './answers';
import { currentPasswordBody } from '../../../contract/passkeys';
import { credentialAddedMail } from '../../services/auth-mails';
import { enqueueMail } from '../../services/mail-queue';
import { checkCurrentPassword } from '../../services/profile';
import { consumeEnrolment, enrolmentOpen } from '../../services/officer-enrolment';
import { checkTotp, startTotpSetup } from '../../services/officer-totp';
import {
  authenticationOptions,
  checkAuthentication,
  checkRegistration,
  registrationOptions,
  relyingParty,
  saveCredential,
} from '../../services/passkeys';
import { createSession, revokeSession, type SessionUser } from '../../services/sessions';
import {
  forgive,
  isLocked,
  reserveAttempt,
  settleFailure,
  SECOND_FACTOR_LOCK,
  type Attempt,
} from '../../services/second-factor-attempts';

const tags = ['auth'];
const security = [{ bearer: [] }];

/** WebAuthn options as @simplewebauthn/server makes them: handed to the browser as they are. */
const webauthnOptions = answers({
  200: dataAnswer(v.looseObject({ challenge: v.string() }), 'Options for navigator.credentials'),
});
const signedIn = answers({ 200: tokenAnswer });

/**
 * /v1/auth/officer/*: an officer's second step after the password (docs/security.md#officer-sign-in).
 * The password gives a session that may call these routes only; a passkey or an authenticator-app
 * code swaps it for a session with full rights (a new token: the half-way one ends).
 */
export default async function officerSignInRoutes(app: TypedApp) {
  const rp = relyingParty(app.config.appBaseUrl);
  // Every route here is limited per officer account as well (server/plugins/rate-limits.ts).
  const config = { limit: 'officer-sign-in' as const };

  /** A session of an officer, half-way or complete. */
  async function officerOnly(req: FastifyRequest, reply: FastifyReply) {
    await app.authenticatePending(req, reply);
    if (req.user!.role !== 'officer') throw forbidden('This area is for officers only.');
  }

  /**
   * Every check of a second factor first reserves its attempt (services/second-factor-attempts.ts):
   * simultaneous codes queue on the officer's row, and past the window's allowance they are
   * refused with 429 before anything is checked — the right code too, until the lock lapses.
   */
  async function attempt(req: FastifyRequest): Promise<Attempt> {
    const reserved = await reserveAttempt(app.db, req.user!.id, clientAddress(req));
    if (!reserved) throw locked();
    return reserved;
  }
  const locked = () =>
    tooManyRequests(
      `Too many failed attempts. Wait ${SECOND_FACTOR_LOCK.windowMinutes} minutes and try again.`,
      ErrorCode.accountLocked,
      SECOND_FACTOR_LOCK.windowMinutes * 60,
    );

  /** The reserved attempt stays a failure; the one that locks the account mails its officer. */
  async function failed(
    req: FastifyRequest,
    reserved: Attempt,
    code: string,
    message: string,
    status = 400,
  ): Promise<never> {
    if (await settleFailure(app.db, reserved, req.user!.id)) {
      req.log.warn({ userId: req.user!.id }, 'officer second factor locked after repeated failures');
      await app.mailQueue.kick();
    }
    throw new HttpError(status, code, message);
  }

  async function fullSession(user: SessionUser): Promise<TokenResponse> {
    await revokeSession(app.db, user.sessionId);
    const session = await createSession(app.db, user.id, new Date(), { secondFactor: true });
    return { data: { access_token: session.token, expires_at: session.expiresAt.getTime(), role: user.role } };
  }

  app.post(
    '/v1/auth/officer/passkey/options',
    {
      onRequest: officerOnly,
      config,
      schema: { tags, security, summary: 'A challenge for one of my passkeys', response: webauthnOptions },
    },
    async (req) => {
      // A challenge checks nothing: it costs no attempt (the verify that follows reserves one).
      if (await isLocked(app.db, req.user!.id)) throw locked();
      return { data: { ...(await authenticationOptions(app.db, rp, req.user!)) } };
    },
  );

  app.post(
    '/v1/auth/officer/passkey/verify',
    {
      onRequest: officerOnly,
      config,
      schema: {
        tags,
        security,
        summary: 'Finish signing in with a passkey',
        body: schema(passkeyBody),
        response: signedIn,
      },
    },
    async (req): Promise<TokenResponse> => {
      const { response } = req.body;
      const reserved = await attempt(req);
      if (!(await checkAuthentication(app.db, rp, req.user!, response)))
        return failed(req, reserved, ErrorCode.passkeyFailed, 'The passkey was not accepted. Try again.');
      await forgive(app.db, reserved);
      return fullSession(req.user!);
    },
  );

  app.post(
    '/v1/auth/officer/totp/verify',
    {
      onRequest: officerOnly,
      config,
      schema: {
        tags,
        security,
        summary: 'Finish signing in with an authenticator-app code',
        body: schema(totpBody),
        response: signedIn,
      },
    },
    async (req): Promise<TokenResponse> => {
      const { code } = req.body;
      const reserved = await attempt(req);
      const result = await checkTotp(app.db, app.totpKey, req.user!.id, code);
      if (result === 'reused')
        return failed(req, reserved, ErrorCode.totpReused, 'This code was already used. Wait for the next code.');
      if (result !== 'ok') return failed(req, reserved, ErrorCode.totpInvalid, 'The code is not correct.');
      await forgive(app.db, reserved);
      return fullSession(req.user!);
    },
  );

  app.post(
    '/v1/auth/officer/enrol/options',
    {
      onRequest: officerOnly,
      config,
      schema: {
        tags,
        security,
        summary: 'Options to create a passkey, with an enrolment link',
        body: schema(enrolOptionsBody),
        response: webauthnOptions,
      },
    },
    async (req) => {
      const { token } = req.body;
      const reserved = await attempt(req);
      if (!(await enrolmentOpen(app.db, req.user!.id, token)))
        return failed(req, reserved, ErrorCode.enrolLinkInvalid, 'This enrolment link is invalid, used or expired.');
      await forgive(app.db, reserved);
      return { data: { ...(await registrationOptions(app.db, rp, req.user!)) } };
    },
  );

  app.post(
    '/v1/auth/officer/enrol/verify',
    {
      onRequest: officerOnly,
      config,
      schema: {
        tags,
        security,
        summary: 'Enrol the new passkey and finish signing in',
        body: schema(enrolVerifyBody),
        response: signedIn,
      },
    },
    async (req): Promise<TokenResponse> => {
      const { token, response } = req.body;
      const reserved = await attempt(req);
      const credential = await checkRegistration(app.db, rp, req.user!.sessionId, response);
      if (!credential)
        return failed(req, reserved, ErrorCode.passkeyFailed, 'The passkey could not be created. Try again.');
      // The link is used up only by a passkey that works, and only once.
      if (!(await consumeEnrolment(app.db, req.user!.id, token)))
        return failed(req, reserved, ErrorCode.enrolLinkInvalid, 'This enrolment link is invalid, used or expired.');
      if (!(await saveCredential(app.db, req.user!.id, credential)))
        return failed(req, reserved, ErrorCode.passkeyFailed, 'This passkey is already enrolled.', 409);
      await forgive(app.db, reserved);
      await mailCredentialAdded(req.user!, 'passkey');
      req.log.info({ userId: req.user!.id }, 'officer passkey enrolled');
      return fullSession(req.user!);
    },
  );

  /** The officer hears of every credential added to the account (a stolen session would show). */
  async function mailCredentialAdded(user: SessionUser, what: 'passkey' | 'authenticator') {
    await enqueueMail(app.db, 'credential_added', credentialAddedMail(user.email, user.language, what));
    await app.mailQueue.kick();
  }

  // The authenticator-app fallback is set up from a complete session (after a passkey).
  app.post(
    '/v1/auth/officer/totp/setup',
    {
      onRequest: app.requireOfficer,
      config,
      schema: {
        tags,
        security,
        summary: 'A new authenticator-app secret, once the password is typed again',
        description:
          'Body `{ current_password }`: a session alone never replaces the authenticator app. Wrong: 400 with ' +
          '`fields.current_password = x004`.',
        body: schema(currentPasswordBody),
        response: answers({ 200: dataAnswer(v.object({ secret: v.string(), uri: v.string() }), 'Shown once') }),
      },
    },
    async (req, reply): Promise<TotpSetup> => {
      await checkCurrentPassword(app.db, req.user!.id, req.body.current_password, clientAddress(req));
      reply.header('Cache-Control', 'private, no-store');
      return { data: await startTotpSetup(app.db, app.totpKey, req.user!.id, req.user!.email) };
    },
  );

  app.post(
    '/v1/auth/officer/totp/confirm',
    {
      onRequest: app.requireOfficer,
      config,
      schema: {
        tags,
        security,
        summary: 'Confirm the authenticator app with its first code',
        body: schema(totpBody),
        response: answers({ 200: messageAnswer('Set up') }),
      },
    },
    async (req) => {
      const { code } = req.body;
      const reserved = await attempt(req);
      const result = await checkTotp(app.db, app.totpKey, req.user!.id, code, { pending: true });
      if (result === 'none') {
        await forgive(app.db, reserved);
        throw new HttpError(409, ErrorCode.totpInvalid, 'Start the set-up again.');
      }
      if (result !== 'ok') return failed(req, reserved, ErrorCode.totpInvalid, 'The code is not correct.');
      await forgive(app.db, reserved);
      await mailCredentialAdded(req.user!, 'authenticator');
      req.log.info({ userId: req.user!.id }, 'officer authenticator app set up');
      return { message: 'The authenticator app is set up.' };
    },
  );
}
