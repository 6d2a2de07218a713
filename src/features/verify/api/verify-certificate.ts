import { api, ApiError } from '../../../lib/api-client';

export interface Verification {
  status: 'valid' | 'revoked' | 'unknown';
  ticket_number?: string;
  holder_name?: string;
  issued_on?: string;
  revoked_on?: string;
}

/** GET /v1/verify/{code} (public). A malformed code cannot be a certificate's: it is unknown too. */
export async function verifyCertificate(code: string, signal?: AbortSignal): Promise<Verification> {
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
