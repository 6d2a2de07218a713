import type { TryResult } from './decide';
import type { OutboxEntry, OutboxPayload, OutboxSession } from './entry';

export interface OutboxRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends one request and reports how it ended; `onProgress` for senders that can see the upload move. */
export type Transport = (req: OutboxRequest, onProgress?: (fraction: number) => void) => Promise<TryResult>;

/** Base64 in slices: one 10 MB String.fromCharCode call would overflow the argument stack. */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The JSON body: the fields, and each file as a data URL with its name (`{kind}` and `{kind}_name`,
 * as the API takes them). Made only now (DECISIONS §2), the same bytes every try, so the server's
 * Idempotency-Key check sees the same body.
 */
export async function requestBody(payload: OutboxPayload): Promise<string> {
  const body: Record<string, unknown> = { ...payload.fields };
  for (const [kind, file] of Object.entries(payload.files)) {
    body[kind] = `data:${file.blob.type || 'application/octet-stream'};base64,${await base64Of(file.blob)}`;
    body[`${kind}_name`] = file.name;
  }
  return JSON.stringify(body);
}

/** The citizen's session of now (never the one of the moment it was queued: Workbox #2599). */
export async function buildRequest(
  entry: OutboxEntry,
  payload: OutboxPayload,
  session: OutboxSession,
): Promise<OutboxRequest> {
  return {
    path: entry.path,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Accept-Language': session.language,
      Authorization: `Bearer ${session.token}`,
      'Idempotency-Key': entry.idempotencyKey,
    },
    body: await requestBody(payload),
  };
}

/** Whether our server answers right now: tells a lost answer (server reachable) from being offline. */
export async function serverReachable(fetchFn: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetchFn('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(4_000) });
    return (res.headers.get('content-type') ?? '').includes('application/json');
  } catch {
    return false;
  }
}

/** fetch() as a transport: for replays, in the page and in the service worker. */
export function fetchTransport(fetchFn: typeof fetch = (...args) => fetch(...args)): Transport {
  return async (req) => {
    try {
      // A stalled 40 MB upload on a weak line is cut after 10 minutes; the entry is tried again later.
      const res = await fetchFn(`/api${req.path}`, {
        method: 'POST',
        headers: req.headers,
        body: req.body,
        signal: AbortSignal.timeout(600_000),
      });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { kind: 'answer', status: res.status, body };
    } catch {
      return { kind: 'no-answer', serverReachable: await serverReachable(fetchFn) };
    }
  };
}
