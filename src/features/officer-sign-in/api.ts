import type { TokenResponse } from '../../../contract/auth';
import { api } from '../../lib/api-client';

/**
 * The officer's second step (server/routes/auth/officer-sign-in.ts), with the half-way token. The
 * WebAuthn code loads only when a passkey is used: it is on no citizen's screen.
 */
const call = <T>(path: string, token: string, body: object = {}) => api<T>(`/v1/auth/officer/${path}`, { body, token });

export async function signInWithPasskey(token: string): Promise<TokenResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { data: optionsJSON } = await call<{ data: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>(
    'passkey/options',
    token,
  );
  const response = await startAuthentication({ optionsJSON });
  return call<TokenResponse>('passkey/verify', token, { response });
}

export async function enrolPasskey(token: string, enrolToken: string): Promise<TokenResponse> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { data: optionsJSON } = await call<{ data: Parameters<typeof startRegistration>[0]['optionsJSON'] }>(
    'enrol/options',
    token,
    { token: enrolToken },
  );
  const response = await startRegistration({ optionsJSON });
  return call<TokenResponse>('enrol/verify', token, { token: enrolToken, response });
}

export const signInWithCode = (token: string, code: string) => call<TokenResponse>('totp/verify', token, { code });
