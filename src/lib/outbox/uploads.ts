import type { TryResult } from './decide';
import type { OutboxEntry, OutboxPayload, OutboxSession, SendProgress, UploadState } from './entry';
import type { OutboxRequest, Transport } from './send';

/**
 * The documents of an outbox entry travel before its request, each as a resumable upload (the tus
 * protocol, docs/architecture.md#resumable-uploads): created once, then sent in chunks of binary,
 * each acknowledged with the offset the server holds. The upload's address and offset live in the
 * entry (IndexedDB), so a cut, a reload, a closed app or a restarted browser costs at most the
 * chunk that was on the way — never the documents already sent.
 *
 * Our own small client rather than tus-js-client: the same code must run in the page and in the
 * service worker's Background Sync, and tus-js-client's browser stack is XMLHttpRequest, which a
 * service worker does not have.
 */
export const UPLOADS_PATH = '/v1/uploads';
/** 256 KiB: ~5 s at 384 kbit/s, so a cut costs little and the offset is kept often. */
export const CHUNK_BYTES = 256 * 1024;
/** While the link is down, look again after these pauses (the last one repeats). */
const PAUSES_MS = [1_000, 2_000, 3_000, 5_000];
/** A link that gave nothing back for this long is handed to the outbox, which tries later. */
const GIVE_UP_AFTER_MS = 90_000;

export type UploadOutcome =
  /** Every document is on the server: the request may go, naming them by upload id. */
  | { kind: 'done'; uploads: Record<string, UploadState> }
  /** The server refused an upload, or the link gave up: the request's own decision applies. */
  | { kind: 'stopped'; result: TryResult };

export interface UploadContext {
  entry: OutboxEntry;
  payload: OutboxPayload;
  session: OutboxSession;
  transport: Transport;
  /** Keeps the upload addresses and offsets with the entry, so any sender can resume them. */
  save(uploads: Record<string, UploadState>, progress: SendProgress): Promise<void>;
  onProgress?: (p: SendProgress) => void;
  /** Injected in tests; `setTimeout` otherwise. */
  sleep?: (ms: number) => Promise<void>;
  /** Whether the device says it is offline (then there is no point in waiting here). */
  offline?: () => boolean;
  now?: () => number;
}

const encode = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

function headersFor(session: OutboxSession, extra: Record<string, string>): Record<string, string> {
  return {
    'Tus-Resumable': '1.0.0',
    Authorization: `Bearer ${session.token}`,
    'Accept-Language': session.language,
    Accept: 'application/json',
    ...extra,
  };
}

/** A path under /api from the server's Location (absolute or not). */
function apiPath(location: string): string | null {
  const path = location.startsWith('/') ? location : new URL(location).pathname;
  return path.startsWith('/api/') ? path.slice(4) : null;
}

const offsetOf = (r: TryResult) => Number(r.kind === 'answer' ? r.headers?.['upload-offset'] : NaN);

/** Measures the rate of what the server acknowledged, for an honest "about N s left". */
class RateMeter {
  private samples: { at: number; bytes: number }[] = [];
  constructor(private readonly now: () => number) {}
  add(bytes: number) {
    const at = this.now();
    this.samples.push({ at, bytes });
    // The last 20 s: the link of now, not of a minute ago.
    this.samples = this.samples.filter((s) => at - s.at <= 20_000);
  }
  /** Bytes per second, once there is enough to say. */
  rate(): number | null {
    if (this.samples.length < 2) return null;
    const first = this.samples[0]!;
    const last = this.samples[this.samples.length - 1]!;
    const seconds = (last.at - first.at) / 1000;
    if (seconds < 1) return null;
    return (last.bytes - first.bytes) / seconds;
  }
}

export async function uploadDocuments(ctx: UploadContext): Promise<UploadOutcome> {
  const files = Object.entries(ctx.payload.files);
  const uploads: Record<string, UploadState> = { ...(ctx.entry.uploads ?? {}) };
  const sleep = ctx.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = ctx.now ?? Date.now;
  const meter = new RateMeter(now);
  const total = files.reduce((n, [, f]) => n + f.blob.size, 0);
  let paused = false;
  let lastSaved = 0;

  const progress = (inFlight = 0): SendProgress => {
    const perFile: SendProgress['files'] = {};
    let sent = 0;
    for (const [field, f] of files) {
      const held = uploads[field]?.size === f.blob.size ? uploads[field]!.offset : 0;
      perFile[field] = { sent: held, total: f.blob.size };
      sent += held;
    }
    return { sent: Math.min(total, sent + inFlight), total, files: perFile, bytesPerSecond: meter.rate(), paused };
  };
  const acknowledged = async (force = false) => {
    const p = progress();
    meter.add(p.sent);
    ctx.onProgress?.(progress());
    // IndexedDB is written at most once a second while the link is fast, and at every pause.
    if (force || now() - lastSaved >= 1_000) {
      lastSaved = now();
      await ctx.save({ ...uploads }, progress());
    }
  };

  const send = (req: OutboxRequest, onFraction?: (f: number) => void) => ctx.transport(req, onFraction);

  /** Waits out a cut link: true to try again, false to hand the entry to the outbox. */
  let quietSince: number | null = null;
  let pauseIndex = 0;
  const waitForLink = async (): Promise<boolean> => {
    quietSince ??= now();
    if (ctx.offline?.() || now() - quietSince >= GIVE_UP_AFTER_MS) return false;
    if (!paused) {
      paused = true;
      await acknowledged(true);
    }
    await sleep(PAUSES_MS[Math.min(pauseIndex++, PAUSES_MS.length - 1)]!);
    return true;
  };
  const linkBack = () => {
    quietSince = null;
    pauseIndex = 0;
    if (paused) {
      paused = false;
      ctx.onProgress?.(progress());
    }
  };
  const stopped = (result: TryResult): UploadOutcome => ({ kind: 'stopped', result });
  const noAnswer = (): UploadOutcome => stopped({ kind: 'no-answer', serverReachable: false });

  for (const [field, file] of files) {
    for (;;) {
      let state: UploadState | undefined = uploads[field];
      if (state && state.size !== file.blob.size) state = undefined; // another file under that name
      if (!state) {
        const created = await send({
          method: 'POST',
          path: UPLOADS_PATH,
          headers: headersFor(ctx.session, {
            'Upload-Length': String(file.blob.size),
            'Upload-Metadata': [
              `kind ${encode(field)}`,
              `filename ${encode(file.name)}`,
              `filetype ${encode(file.blob.type || 'application/octet-stream')}`,
            ].join(','),
          }),
          body: null,
        });
        if (created.kind === 'session-ended') return stopped(created);
        if (created.kind === 'no-answer') {
          if (await waitForLink()) continue;
          return noAnswer();
        }
        const path = created.status === 201 ? apiPath(created.headers?.['location'] ?? '') : null;
        if (!path) return stopped(created.status === 201 ? { ...created, status: 502 } : created);
        linkBack();
        state = { url: path, size: file.blob.size, offset: 0, done: false };
        uploads[field] = state;
        await acknowledged(true);
      } else if (!state.done) {
        // Where did the last try stop? The server's word, not ours: a cut chunk may have half arrived.
        const head = await send({ method: 'HEAD', path: state.url, headers: headersFor(ctx.session, {}), body: null });
        if (head.kind === 'session-ended') return stopped(head);
        if (head.kind === 'no-answer') {
          if (await waitForLink()) continue;
          return noAnswer();
        }
        if (head.status === 404 || head.status === 410) {
          delete uploads[field]; // expired or removed: start this document again
          continue;
        }
        if (head.status !== 200 || !Number.isFinite(offsetOf(head))) return stopped(head);
        linkBack();
        state.offset = offsetOf(head);
      }
      if (state.done) break;

      while (state.offset < state.size) {
        const end = Math.min(state.size, state.offset + CHUNK_BYTES);
        const chunk = file.blob.slice(state.offset, end);
        const answer = await send(
          {
            method: 'PATCH',
            path: state.url,
            headers: headersFor(ctx.session, {
              'Content-Type': 'application/offset+octet-stream',
              'Upload-Offset': String(state.offset),
            }),
            body: chunk,
          },
          (fraction) => ctx.onProgress?.(progress(Math.floor(fraction * chunk.size))),
        );
        if (answer.kind === 'session-ended') return stopped(answer);
        if (answer.kind === 'no-answer') {
          if (await waitForLink()) break; // ask the server where it stands, then go on
          return noAnswer();
        }
        if (answer.status === 409 || answer.status === 404 || answer.status === 410) break; // ask again
        if (answer.status < 200 || answer.status >= 300 || !Number.isFinite(offsetOf(answer))) return stopped(answer);
        linkBack();
        state.offset = offsetOf(answer);
        await acknowledged();
      }
      if (state.offset >= state.size) {
        state.done = true;
        await acknowledged(true);
        break;
      }
      // Not finished: the next round asks the server for its offset (HEAD) and resumes from there.
    }
  }
  return { kind: 'done', uploads };
}

/**
 * Refusals of the request that say an upload it names is unknown (expired before the request
 * went): those uploads are forgotten so the next try sends the documents again.
 */
export function goneUploads(result: TryResult): string[] {
  if (result.kind !== 'answer' || result.status < 400 || result.status >= 500) return [];
  const fields = (result.body as { data?: { fields?: Record<string, string> } } | null)?.data?.fields ?? {};
  return Object.entries(fields)
    .filter(([name, code]) => name.endsWith('_upload_id') && /not_found|expired|unknown/.test(code))
    .map(([name]) => name.slice(0, -'_upload_id'.length));
}
