import type { TokenResponse } from '../../../contract/auth';

/**
 * An officer half-way through signing in (the password was right; a passkey or an app code must
 * follow: docs/security.md#officer-sign-in). Kept for this tab only, never as the session: the
 * half-way token opens nothing but the second step.
 */
const PENDING = 'officerSignIn';
/** The token of an enrolment link, carried from /officer-enrol through the password step. */
const ENROL = 'officerEnrolToken';

export type PendingSignIn = TokenResponse['data'] & { second_factor: { passkey: boolean; totp: boolean } };

export function holdPendingSignIn(data: PendingSignIn): void {
  sessionStorage.setItem(PENDING, JSON.stringify(data));
}

export function pendingSignIn(): PendingSignIn | null {
  try {
    const held = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null') as PendingSignIn | null;
    return held && held.expires_at > Date.now() ? held : null;
  } catch {
    return null;
  }
}

export const holdEnrolToken = (token: string) => sessionStorage.setItem(ENROL, token);
export const enrolToken = () => sessionStorage.getItem(ENROL);

export function forgetPendingSignIn(): void {
  sessionStorage.removeItem(PENDING);
  sessionStorage.removeItem(ENROL);
}
