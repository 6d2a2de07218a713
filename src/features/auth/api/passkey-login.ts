import type { TokenResponse } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

/**
 * Logging in with a passkey instead of the password (server/routes/auth/passkeys.ts): nothing is
 * typed, the device offers the passkeys it holds for this site. Loaded only when the citizen taps
 * the button: WebAuthn's code is not part of the login screen.
 */
export async function loginWithPasskey(): Promise<TokenResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { data: optionsJSON } = await api<{ data: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>(
    '/v1/auth/passkey/options',
    { body: {}, auth: false },
  );
  const response = await startAuthentication({ optionsJSON });
  return api<TokenResponse>('/v1/auth/passkey/verify', { body: { response }, auth: false });
}
