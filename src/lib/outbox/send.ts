import type { TryResult } from './decide';
import { uploadIdOf, type OutboxEntry, type OutboxPayload, type OutboxSession, type UploadState } from './entry';

export interface OutboxRequest {
  /** POST unless said otherwise (the uploads also HEAD and PATCH). */
  method?: 'POST' | 'HEAD' | 'PATCH';
  /** API path under /api. */
  path: string;
  headers: Record<string, string>;
  body: string | Blob | null;
}

/** The answer headers the outbox reads (uploads: where it was created, how much the server holds). */
const READ_HEADERS = ['location', 'upload-offset'] as const;

/** Those headers of an answer, by lower-case name, from whichever API the transport has. */
export const readHeaders = (get: (name: string) => string | null): Record<string, string> =>
  Object.fromEntries(
    READ_HEADERS.flatMap((name) => {
      const value = get(name);
      return value === null ? [] : [[name, value]];
    }),
  );

/** Sends one request and reports how it ended; `onProgress` for senders that can see the upload move. */
export type Transport = (req: OutboxRequest, onProgress?: (fraction: number) => void) => Promise<TryResult>;

/**
 * The JSON body: the fields, and each document named by its finished upload with its file name
 * (`{kind}_upload_id` and `{kind}_name`, as the API takes them). The same bytes every try once
 * the uploads are done, so the server's Idempotency-Key check sees the same body.
 */
export function requestBody(payload: OutboxPayload, uploads: Record<string, UploadState>): string {
  const body: Record<string, unknown> = { ...payload.fields };
  for (const [kind, file] of Object.entries(payload.files)) {
    const upload = uploads[kind];
    if (!upload?.done) throw new Error(`The upload of ${kind} is not finished.`);
    body[`${kind}_upload_id`] = uploadIdOf(upload);
    body[`${kind}_name`] = file.name;
  }
  return JSON.stringify(body);
}

/** The citizen's session of now (never the one of the moment it was queued: Workbox #2599). */
export function buildRequest(
  entry: OutboxEntry,
  payload: OutboxPayload,
  session: OutboxSession,
  uploads: Record<string, UploadState>,
): OutboxRequest {
  return {
    path: entry.path,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Accept-Language': session.language,
      Authorization: `Bearer ${session.token}`,
      'Idempotency-Key': entry.idempotencyKey,
    },
    body: requestBody(payload, uploads),
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
      // A chunk is 256 KiB: one that has not gone through in 2 minutes is cut and asked about again.
      const res = await fetchFn(`/api${req.path}`, {
        method: req.method ?? 'POST',
        headers: req.headers,
        body: req.body,
        cache: 'no-store',
        signal: AbortSignal.timeout(120_000),
      });
      const headers = readHeaders((name) => res.headers.get(name));
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { kind: 'answer', status: res.status, body, headers };
    } catch {
      return { kind: 'no-answer', serverReachable: await serverReachable(fetchFn) };
    }
  };
}
