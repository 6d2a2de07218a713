import * as v from 'valibot';
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
