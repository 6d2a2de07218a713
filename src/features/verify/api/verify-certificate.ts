import { api, ApiError } from '../../../lib/api-client';

export interface Verification {
  status: 'valid' | 'revoked' | 'unknown';
  ticket_number?: string;
  holder_name?: string;
  issued_on?: string;
  revoked_on?: string;
}

/** The registry asked while the app was still starting (`askEarly`), not yet taken by the screen. */
let early: { code: string; answer: Promise<Verification> } | null = null;

/**
 * Asks the registry as soon as the address is known (the route's loader, before the screen is
 * drawn): on a slow phone the answer is on its way while the screen hydrates. The screen's first
 * ask for the same code takes this answer.
 */
export function askEarly(code: string): void {
  const answer = verifyCertificate(code);
  answer.catch(() => undefined);
  early = { code, answer };
}

/** GET /v1/verify/{code} (public). A malformed code cannot be a certificate's: it is unknown too. */
export async function verifyCertificate(code: string, signal?: AbortSignal): Promise<Verification> {
  if (early?.code === code) {
    const { answer } = early;
    early = null;
    return answer;
  }
  try {
    return (
      await api<{ data: Verification }>(`/v1/verify/${encodeURIComponent(code)}`, {
        auth: false,
        signal,
        timeoutMs: 10_000,
      })
    ).data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return { status: 'unknown' };
    throw err;
  }
}

/** No answer from the registry (offline, timed out): the signature alone has to speak. */
export const isUnreachable = (err: unknown) =>
  err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout');
