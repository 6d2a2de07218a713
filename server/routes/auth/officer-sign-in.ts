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
import { countEvents, recordEvent } from '../../services/throttle';

const tags = ['auth'];
const security = [{ bearer: [] }];

/** WebAuthn options as @simplewebauthn/server makes them: handed to the browser as they are. */
const webauthnOptions = answers({
  200: dataAnswer(v.looseObject({ challenge: v.string() }), 'Options for navigator.credentials'),
});
const signedIn = answers({ 200: tokenAnswer });

/** Failed second steps allowed per officer in the window (codes and passkeys together). */
export const SECOND_FACTOR_LOCK = { failures: 5, windowMinutes: 15 } as const;

/**
 * /v1/auth/officer/*: an officer's second step after the password (docs/security.md#officer-sign-in).
 * The password gives a session that may call these routes only; a passkey or an authenticator-app
 * code swaps it for a session with full rights (a new token: the half-way one ends).
 */
export default async function officerSignInRoutes(app: TypedApp) {
  const rp = relyingParty(app.config.appBaseUrl);

  /** A session of an officer, half-way or complete. */
  async function officerOnly(req: FastifyRequest, reply: FastifyReply) {
    await app.authenticatePending(req, reply);
    if (req.user!.role !== 'officer') throw forbidden('This area is for officers only.');
  }

  async function refuseWhenLocked(user: SessionUser) {
    const since = new Date(Date.now() - SECOND_FACTOR_LOCK.windowMinutes * 60_000);
    const failures = await countEvents(app.db, ['second_factor_failure'], { userId: user.id }, since);
    if (failures >= SECOND_FACTOR_LOCK.failures)
      throw tooManyRequests(
        `Too many failed attempts. Wait ${SECOND_FACTOR_LOCK.windowMinutes} minutes and try again.`,
        ErrorCode.accountLocked,
        SECOND_FACTOR_LOCK.windowMinutes * 60,
      );
  }

  async function failed(req: FastifyRequest, code: string, message: string, status = 400): Promise<never> {
    await recordEvent(app.db, 'second_factor_failure', clientAddress(req), req.user!.id);
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
      schema: { tags, security, summary: 'A challenge for one of my passkeys', response: webauthnOptions },
    },
    async (req) => {
      await refuseWhenLocked(req.user!);
      return { data: { ...(await authenticationOptions(app.db, rp, req.user!)) } };
    },
  );

  app.post(
    '/v1/auth/officer/passkey/verify',
    {
      onRequest: officerOnly,
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
      await refuseWhenLocked(req.user!);
      if (!(await checkAuthentication(app.db, rp, req.user!, response)))
        return failed(req, ErrorCode.passkeyFailed, 'The passkey was not accepted. Try again.');
      return fullSession(req.user!);
    },
  );

  app.post(
    '/v1/auth/officer/totp/verify',
    {
      onRequest: officerOnly,
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
      await refuseWhenLocked(req.user!);
      const result = await checkTotp(app.db, app.totpKey, req.user!.id, code);
      if (result === 'reused')
        return failed(req, ErrorCode.totpReused, 'This code was already used. Wait for the next code.');
      if (result !== 'ok') return failed(req, ErrorCode.totpInvalid, 'The code is not correct.');
      return fullSession(req.user!);
    },
  );

  app.post(
    '/v1/auth/officer/enrol/options',
    {
      onRequest: officerOnly,
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
      await refuseWhenLocked(req.user!);
      if (!(await enrolmentOpen(app.db, req.user!.id, token)))
        return failed(req, ErrorCode.enrolLinkInvalid, 'This enrolment link is invalid, used or expired.');
      return { data: { ...(await registrationOptions(app.db, rp, req.user!)) } };
    },
  );

  app.post(
    '/v1/auth/officer/enrol/verify',
    {
      onRequest: officerOnly,
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
      await refuseWhenLocked(req.user!);
      const credential = await checkRegistration(app.db, rp, req.user!.sessionId, response);
      if (!credential) return failed(req, ErrorCode.passkeyFailed, 'The passkey could not be created. Try again.');
      // The link is used up only by a passkey that works, and only once.
      if (!(await consumeEnrolment(app.db, req.user!.id, token)))
        return failed(req, ErrorCode.enrolLinkInvalid, 'This enrolment link is invalid, used or expired.');
      if (!(await saveCredential(app.db, req.user!.id, credential)))
        return failed(req, ErrorCode.passkeyFailed, 'This passkey is already enrolled.', 409);
      req.log.info({ userId: req.user!.id }, 'officer passkey enrolled');
      return fullSession(req.user!);
    },
  );

  // The authenticator-app fallback is set up from a complete session (after a passkey).
  app.post(
    '/v1/auth/officer/totp/setup',
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: 'A new authenticator-app secret',
        response: answers({ 200: dataAnswer(v.object({ secret: v.string(), uri: v.string() }), 'Shown once') }),
      },
    },
    async (req, reply): Promise<TotpSetup> => {
      reply.header('Cache-Control', 'private, no-store');
      return { data: await startTotpSetup(app.db, app.totpKey, req.user!.id, req.user!.email) };
    },
  );

  app.post(
    '/v1/auth/officer/totp/confirm',
    {
      onRequest: app.requireOfficer,
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
      await refuseWhenLocked(req.user!);
      const result = await checkTotp(app.db, app.totpKey, req.user!.id, code, { pending: true });
      if (result === 'none') throw new HttpError(409, ErrorCode.totpInvalid, 'Start the set-up again.');
      if (result !== 'ok') return failed(req, ErrorCode.totpInvalid, 'The code is not correct.');
      req.log.info({ userId: req.user!.id }, 'officer authenticator app set up');
      return { message: 'The authenticator app is set up.' };
    },
  );
}
