import type * as v from 'valibot';
import type { updatePasswordBody } from '../../../../contract/auth';
import { api, newIdempotencyKey } from '../../../lib/api-client';

export type ChangePasswordValues = v.InferOutput<typeof updatePasswordBody>;

/** POST /v1/citizen/user/update-password; the server signs out every other device of the account. */
export async function updatePassword(values: ChangePasswordValues): Promise<void> {
  await api('/v1/citizen/user/update-password', { body: values, idempotencyKey: newIdempotencyKey() });
}
