import * as v from 'valibot';
import { FieldError } from './rules';

/**
 * An officer's second step of signing in (docs/security.md#officer-sign-in): a passkey, or a
 * six-digit code of an authenticator app as the fallback.
 */
export const totpBody = v.object({
  code: v.pipe(v.string(FieldError.required), v.trim(), v.regex(/^\d{6}$/, 'invalid_code')),
});

/**
 * A WebAuthn answer as @simplewebauthn/browser hands it over; the server library checks the rest.
 * Bounded so a huge body is refused before any parsing.
 */
const credentialResponse = v.looseObject({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,1400}$/)),
  rawId: v.pipe(v.string(), v.maxLength(1400)),
  type: v.literal('public-key'),
  response: v.looseObject({ clientDataJSON: v.pipe(v.string(), v.maxLength(4000)) }),
});

/** The token of an enrolment link (`npm run officer:create` prints it): 256 random bits, base64url. */
const enrolToken = v.pipe(v.string(FieldError.required), v.regex(/^[A-Za-z0-9_-]{43}$/, 'invalid_token'));

export const passkeyBody = v.object({ response: credentialResponse });
export const enrolOptionsBody = v.object({ token: enrolToken });
export const enrolVerifyBody = v.object({ token: enrolToken, response: credentialResponse });

/** A new authenticator-app secret, shown once (as text and as an otpauth:// address). */
export interface TotpSetup {
  data: { secret: string; uri: string };
}
