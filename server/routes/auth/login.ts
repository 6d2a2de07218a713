import { loginBody, type TokenResponse } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/errors';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { errorBody } from '../../plugins/errors';
import { schema, type TypedApp } from '../../lib/validation';
import { answers, messageAnswer } from '../../lib/answers';
import { tokenAnswer } from './answers';
import { clientAddress } from '../../lib/client-address';
import { findByIdentity } from '../../services/accounts';
import { decoyHash, verifyPassword } from '../../services/passwords';
import { hasTotp } from '../../services/officer-totp';
import { hasPasskey } from '../../services/passkeys';
import { createSession, revokeSession } from '../../services/sessions';
import { countEvents, recordEvent } from '../../services/throttle';

const tags = ['auth'];

/**
 * Login failures allowed in the window before the right password is refused too: 10 per account
 * (the rule), and per client address a configurable ceiling
 * (RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS, 300), high because a whole town may share one address
 * behind a mobile carrier's NAT or an office's connection — enough to stop password spraying, not a town.
 */
export const LOGIN_LOCK = { failures: 10, windowMinutes: 15 } as const;

/**
 * /v1/auth/login and /v1/auth/logout (docs/specification.md#login-and-password-recovery; error
 * codes x008, x004, x009).
 */
export default async function loginRoutes(app: TypedApp) {
  app.post(
    '/v1/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail, phone or ID card number and password',
        body: schema(loginBody),
        response: answers({ 200: tokenAnswer }),
      },
    },
    async (req, reply): Promise<TokenResponse> => {
      const body = req.body;
      const since = new Date(Date.now() - LOGIN_LOCK.windowMinutes * 60_000);
      const ip = clientAddress(req);
      if (
        (await countEvents(app.db, ['login_failure'], { ip }, since)) >= app.config.rateLimits.loginFailuresPerAddress
      ) {
        throw tooManyRequests(
          `Too many failed logins from this connection. Wait ${LOGIN_LOCK.windowMinutes} minutes and try again.`,
          undefined,
          LOGIN_LOCK.windowMinutes * 60,
        );
      }
      // x008 or x004 tells whether the identifier has an account: asked at a bounded pace only.
      await app.budgets.lookup(req, [body.username]);
      const user = await findByIdentity(app.db, body.username);
      // Locked by failures counted per account, whichever identifier (email, phone, ID) was typed.
      if (user && (await countEvents(app.db, ['login_failure'], { userId: user.id }, since)) >= LOGIN_LOCK.failures) {
        throw tooManyRequests(
          `Too many failed attempts. Wait ${LOGIN_LOCK.windowMinutes} minutes, or reset your password.`,
          ErrorCode.accountLocked,
          LOGIN_LOCK.windowMinutes * 60,
        );
      }
      // Unknown accounts cost one hash too, so the answer's timing tells nothing.
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), body.password);
      if (!user) {
        await recordEvent(app.db, 'login_failure', ip);
        throw new HttpError(404, ErrorCode.notFound, 'Data not found. Please input the correct data.', {
          username: ErrorCode.notFound,
        });
      }
      if (!valid) {
        await recordEvent(app.db, 'login_failure', ip, user.id);
        throw new HttpError(401, ErrorCode.wrongPassword, 'The password is wrong.', {
          password: ErrorCode.wrongPassword,
        });
      }
      // Only after the right password, so nobody learns which addresses wait for verification.
      // The e-mail is in the answer (the password proved the account) so the app can ask for a code
      // and open the code screen even when the citizen typed a phone or ID number.
      if (!user.verifiedAt) {
        const unverified = errorBody(
          ErrorCode.unverifiedAccount,
          'This account is not verified yet. Enter the code we send to your email.',
        );
        return reply.status(403).send({ ...unverified, data: { ...unverified.data, email: user.email } });
      }
      const session = await createSession(app.db, user.id);
      const data: TokenResponse['data'] = {
        access_token: session.token,
        expires_at: session.expiresAt.getTime(),
        role: user.role,
      };
      // An officer's password opens nothing yet: a passkey or an authenticator-app code must follow.
      if (user.role === 'officer')
        data.second_factor = { passkey: await hasPasskey(app.db, user.id), totp: await hasTotp(app.db, user.id) };
      return { data };
    },
  );

  app.post(
    '/v1/auth/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: the session ends',
        security: [{ bearer: [] }],
        response: answers({ 200: messageAnswer('Signed out') }),
      },
      onRequest: app.authenticatePending,
    },
    async (req) => {
      await revokeSession(app.db, req.user!.sessionId);
      return { message: 'Logged out.' };
    },
  );
}
