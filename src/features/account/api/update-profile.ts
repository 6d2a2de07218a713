import type * as v from 'valibot';
import type { Profile, profileForm } from '../../../../contract/profile';
import { toApiPhone } from '../../../../contract/rules';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { rememberProfile } from '../../../lib/profile';

export type ProfileFormValues = v.InferOutput<typeof profileForm>;

/** POST /v1/citizen/user/update-profile: the phone travels as 856…, the ID card unchanged. */
export async function updateProfile(values: ProfileFormValues, idCard: string): Promise<Profile> {
  const { data } = await api<{ data: Profile }>('/v1/citizen/user/update-profile', {
    body: { ...values, phone_number: toApiPhone(values.phone_number), id_card: idCard },
    idempotencyKey: newIdempotencyKey(),
  });
  rememberProfile(data);
  return data;
}
