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

const REGISTRY_TIMEOUT = 10_000;

/** The registry's call for `code` (under /api: the address the server's preload names). */
const registryPath = (code: string) => `/v1/verify/${encodeURIComponent(code)}`;

/**
 * Asks the registry as soon as the address is known (the route's loader, before the screen is
 * drawn): on a slow phone the answer is on its way while the screen hydrates. The screen's first
 * ask for the same code takes this answer.
 *
 * The server's answer to the page already asked for it (a `Link: rel=preload` header,
 * server/plugins/web-app.ts), while the app's code was still downloading. The browser hands that
 * answer over only to a request like the preload's, without headers of its own, so this ask is a
 * bare fetch; whatever it cannot read is asked again the usual way.
 */
export function askEarly(code: string): void {
  const answer = fetch(`/api${registryPath(code)}`, { signal: AbortSignal.timeout(REGISTRY_TIMEOUT) })
    .then(async (res) => {
      if (!res.ok) throw new Error(`verify: ${res.status}`);
      return ((await res.json()) as { data: Verification }).data;
    })
    .catch((err: unknown) => {
      // A link that stalled for the whole wait is not asked to wait again.
      if ((err as Error).name === 'TimeoutError')
        throw new ApiError('timeout', 0, 'timeout', 'The request took too long.');
      return askRegistry(code);
    });
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
  return askRegistry(code, signal);
}

async function askRegistry(code: string, signal?: AbortSignal): Promise<Verification> {
  try {
    return (
      await api<{ data: Verification }>(registryPath(code), {
        auth: false,
        signal,
        timeoutMs: REGISTRY_TIMEOUT,
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
