import { resendOtpBody, verifyOtpBody, type TokenResponse } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/errors';
import { HttpError, notFound } from '../../lib/http-error';
import { schema, type TypedApp } from '../../lib/validation';
import { answers } from '../../lib/answers';
import { otpSentAnswer, tokenAnswer } from './answers';
import { clientAddress } from '../../lib/client-address';
import { findByEmail, markVerified } from '../../services/accounts';
import { canSendCode, checkCode, issueCode } from '../../services/otp';
import { createSession } from '../../services/sessions';
import { codeMail, otpSent } from './registration';

const tags = ['auth'];

/** /v1/auth/resend-otp and /v1/auth/verify-otp (docs/specification.md#registration). */
export default async function otpRoutes(app: TypedApp) {
  const resendSchema = {
    tags,
    summary: 'Send a new code to an account that waits for its first one',
    body: schema(resendOtpBody),
    response: answers({ 200: otpSentAnswer }),
  };
  app.post('/v1/auth/resend-otp', { schema: resendSchema }, async (req, reply) => {
    const body = req.body;
    const user = await findByEmail(app.db, body.email);
    // Only an account that still waits for its code; the phone, when sent, must be that account's.
    if (
      !user ||
      user.verifiedAt ||
      (body.phone_number && user.phoneNumber && body.phone_number.replace(/\D/g, '') !== user.phoneNumber)
    ) {
      throw notFound('No account with this email is waiting for a code.');
    }
    const allowed = await canSendCode(app.db, user.id, {
      ip: clientAddress(req),
      perHour: app.config.rateLimits.otpResendsPerAddress,
    });
    if (!allowed.ok) {
      reply.header('retry-after', String(allowed.retryAfterSeconds));
      throw new HttpError(
        429,
        ErrorCode.tooManyRequests,
        `Please wait ${allowed.retryAfterSeconds} seconds before asking for another code.`,
      );
    }
    await issueCode(app.db, app.hashKey, user.id, clientAddress(req), {
      resend: true,
      mail: codeMail(user.email, user.language),
    });
    await app.mailQueue.kick();
    return otpSent(user.email);
  });

  app.post(
    '/v1/auth/verify-otp',
    {
      schema: {
        tags,
        summary: 'Check the e-mailed code: the account is verified and signed in',
        body: schema(verifyOtpBody),
        response: answers({ 200: tokenAnswer }),
      },
    },
    async (req): Promise<TokenResponse> => {
      const body = req.body;
      const user = await findByEmail(app.db, body.email);
      if (!user || user.verifiedAt)
        throw new HttpError(400, ErrorCode.otpInvalid, 'The code is not correct.', { code_otp: ErrorCode.otpInvalid });
      const result = await checkCode(app.db, app.hashKey, user.id, body.code_otp, clientAddress(req));
      if (result === 'locked')
        throw new HttpError(
          429,
          ErrorCode.accountLocked,
          'Too many wrong codes. Reset your password or contact an officer.',
        );
      if (result === 'expired')
        throw new HttpError(400, ErrorCode.otpExpired, 'This code is no longer valid. Ask for a new one.', {
          code_otp: ErrorCode.otpExpired,
        });
      if (result === 'wrong')
        throw new HttpError(400, ErrorCode.otpInvalid, 'The code is not correct.', { code_otp: ErrorCode.otpInvalid });
      const now = new Date();
      await markVerified(app.db, user.id, now);
      const session = await createSession(app.db, user.id, now);
      return { data: { access_token: session.token, expires_at: session.expiresAt.getTime(), role: user.role } };
    },
  );
}
