import type { PasskeyList } from '../../../../contract/passkeys';
import { api } from '../../../lib/api-client';

/** A citizen's passkeys (server/routes/auth/passkeys.ts). WebAuthn's code loads only when one is added. */
export const listPasskeys = () => api<PasskeyList>('/v1/citizen/passkeys');

export async function addPasskey(): Promise<PasskeyList> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { data: optionsJSON } = await api<{ data: Parameters<typeof startRegistration>[0]['optionsJSON'] }>(
    '/v1/citizen/passkeys/options',
    { body: {} },
  );
  const response = await startRegistration({ optionsJSON });
  return api<PasskeyList>('/v1/citizen/passkeys', { body: { response } });
}

export const removePasskey = (id: number) => api(`/v1/citizen/passkeys/${id}`, { method: 'DELETE' });
