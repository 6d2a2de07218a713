import type { FastifyInstance } from 'fastify';
import { forgotPasswordBody, resetPasswordBody } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/errors';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { findByEmail } from '../../services/accounts';
import { resetMail } from '../../services/auth-mails';
import { hashPassword, isCommonPassword } from '../../services/passwords';
import { RESET_MINUTES, createResetToken, resetLink, resetPassword } from '../../services/password-reset';
import { revokeAllSessions } from '../../services/sessions';
import { countEvents, recordEvent } from '../../services/throttle';
import { schema, type TypedApp } from '../../lib/validation';
import { answers, messageAnswer } from '../../lib/answers';
import { clientAddress } from '../../lib/client-address';
import { commonPassword } from './errors';

const tags = ['auth'];

/**
 * Reset requests: one mail per account per 30 s and 5 per hour; per client address a high ceiling
 * (RATE_LIMIT_RESETS_PER_ADDRESS, 300 an hour), since neighbours behind one carrier address forget
 * their passwords too.
 */
const FORGOT = { accountIntervalSeconds: 30, accountPerHour: 5 } as const;

const SAME_ANSWER = { message: 'If an account exists for this email, we sent a link to reset the password.' };

/** /v1/auth/forgot-password and /v1/auth/reset-password (docs/specification.md#login-and-password-recovery). */
export default async function passwordRoutes(app: TypedApp) {
  // Mails leave after the answer, so its timing does not tell whether the address exists.
  const mailing = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...mailing]);
  });

  const forgotSchema = {
    tags,
    summary: 'Mail a link to reset the password (the same answer whether the account exists or not)',
    body: schema(forgotPasswordBody),
    response: answers({ 200: messageAnswer('Asked for') }),
  };
  app.post('/v1/auth/forgot-password', { schema: forgotSchema }, async (req) => {
    const body = req.body;
    const hour = new Date(Date.now() - 3_600_000);
    // Limited per address too (the same answer for known and unknown addresses, so it reveals nothing).
    const ip = clientAddress(req);
    if ((await countEvents(app.db, ['forgot_password'], { ip }, hour)) >= app.config.rateLimits.resetsPerAddress) {
      throw tooManyRequests('Too many requests. Please wait and try again later.', undefined, 3600);
    }
    const user = await findByEmail(app.db, body.email);
    await recordEvent(app.db, 'forgot_password', ip, user?.id ?? null);
    if (user) {
      const task = mailResetLink(app, user, ip).catch((err) =>
        app.log.error({ err, userId: user.id }, 'could not send the password reset link'),
      );
      mailing.add(task);
      void task.finally(() => mailing.delete(task));
    }
    return SAME_ANSWER;
  });

  const resetSchema = {
    tags,
    summary:
      "Set a new password with the mailed link's payload; every session of the account ends, and a citizen's passkeys are removed",
    body: schema(resetPasswordBody),
    response: answers({ 200: messageAnswer('Password reset') }),
  };
  app.post('/v1/auth/reset-password', { schema: resetSchema }, async (req) => {
    const body = req.body;
    if (isCommonPassword(body.password)) throw commonPassword();
    const userId = await resetPassword(app.db, body.payload, await hashPassword(body.password));
    if (userId === null)
      throw new HttpError(
        400,
        ErrorCode.resetLinkInvalid,
        'This reset link is invalid or has expired. Ask for a new one.',
      );
    // A new password ends every session of the account, wherever it was opened.
    await revokeAllSessions(app.db, userId);
    return { message: 'Your password has been reset. Please log in.' };
  });
}

async function mailResetLink(
  app: FastifyInstance,
  user: { id: number; email: string; language: 'en' | 'lo'; role: 'citizen' | 'officer' },
  ip: string,
): Promise<void> {
  const interval = new Date(Date.now() - FORGOT.accountIntervalSeconds * 1000);
  const hour = new Date(Date.now() - 3_600_000);
  // This request's own event is counted: more than one in the interval means a mail just left.
  if ((await countEvents(app.db, ['forgot_password'], { userId: user.id }, interval)) > 1) return;
  if ((await countEvents(app.db, ['forgot_password'], { userId: user.id }, hour)) > FORGOT.accountPerHour) return;
  await createResetToken(app.db, user.id, new Date(), (token) =>
    resetMail(
      user.email,
      user.language,
      resetLink(app.config.appBaseUrl, token),
      RESET_MINUTES,
      user.role === 'citizen',
    ),
  );
  await app.mailQueue.kick();
  app.log.info({ userId: user.id, ip }, 'password reset link sent');
}
