import type { PasskeyList } from '../../../../contract/passkeys';
import { api } from '../../../lib/api-client';

/** A citizen's passkeys (server/routes/auth/passkeys.ts). WebAuthn's code loads only when one is added. */
export const listPasskeys = () => api<PasskeyList>('/v1/citizen/passkeys');

/** Adding or removing a passkey takes the password again (`current_password`, checked by the server). */
export async function addPasskey(currentPassword: string): Promise<PasskeyList> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { data: optionsJSON } = await api<{ data: Parameters<typeof startRegistration>[0]['optionsJSON'] }>(
    '/v1/citizen/passkeys/options',
    { body: { current_password: currentPassword } },
  );
  const response = await startRegistration({ optionsJSON });
  return api<PasskeyList>('/v1/citizen/passkeys', { body: { response } });
}

export const removePasskey = (id: number, currentPassword: string) =>
  api(`/v1/citizen/passkeys/${id}`, { method: 'DELETE', body: { current_password: currentPassword } });
