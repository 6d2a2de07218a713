import * as v from 'valibot';
import { messageDataAnswer } from '../../lib/answers';

/** A new session: login and verify-otp. */
export const tokenAnswer = v.pipe(
  v.object({
    data: v.object({
      access_token: v.string(),
      expires_at: v.pipe(v.number(), v.description('Unix time in milliseconds')),
      role: v.picklist(['citizen', 'officer']),
      // An officer's password opens only the second step: what they can finish it with.
      second_factor: v.optional(v.object({ passkey: v.boolean(), totp: v.boolean() })),
    }),
  }),
  v.description('Signed in'),
);

/** register and resend-otp: where the code went and when another may be asked for. */
export const otpSentAnswer = messageDataAnswer(
  v.object({ email: v.string(), resend_after_seconds: v.number(), valid_minutes: v.number() }),
  'A code was sent',
);
