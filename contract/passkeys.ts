import * as v from 'valibot';
import { FieldError } from './rules';
import { passkeyBody } from './second-factor';

/**
 * A citizen's passkeys (docs/security.md#1-who-can-sign-in): added from the account area, used on
 * /login instead of the password. The WebAuthn answer is the same shape as an officer's.
 */
export const passkeyAnswerBody = passkeyBody;

export const passkeySchema = v.object({
  id: v.number(),
  created_at: v.string(),
  last_used_at: v.nullable(v.string()),
});
export type Passkey = v.InferOutput<typeof passkeySchema>;

export interface PasskeyList {
  data: Passkey[];
}

/**
 * The account's password typed again: asked before a passkey is added or removed, and before an
 * officer's authenticator app is replaced (docs/security.md), so a session alone changes no credential.
 */
export const currentPasswordBody = v.object({
  current_password: v.pipe(
    v.string(FieldError.required),
    v.nonEmpty(FieldError.required),
    v.maxLength(200, FieldError.tooLong),
  ),
});
