import type { TryResult } from '../../../src/lib/outbox/decide';
import type { OutboxRequest, Transport } from '../../../src/lib/outbox/send';

/**
 * A tus server in memory behind a Transport: creates uploads, answers HEAD with the offset it
 * holds, appends PATCH chunks at the right offset. Requests that are not uploads get `answers` in
 * turn (the outbox request itself). `cut` lets a test lose a chunk half-way, as a weak link does.
 */
export interface FakeServer extends Transport {
  /** The outbox requests (not the uploads), in order. */
  sent: OutboxRequest[];
  /** Every upload call, in order: "POST", "HEAD /v1/uploads/u1", "PATCH /v1/uploads/u1@0+262144". */
  calls: string[];
  uploads: Map<string, { length: number; bytes: number[]; kind: string }>;
  /** Bytes that travelled in PATCH bodies, resends included. */
  bytesSent(): number;
  /** The next PATCH delivers only this many bytes, then the link is cut (no answer). */
  cutNextPatchAfter(bytes: number): void;
  /** Requests fail with no answer while true. */
  down: boolean;
}

const decodeMeta = (header: string) =>
  Object.fromEntries(
    header.split(',').map((pair) => {
      const [key, value] = pair.trim().split(' ');
      return [key, value ? atob(value) : ''];
    }),
  );

export function fakeServer(...answers: TryResult[]): FakeServer {
  const sent: OutboxRequest[] = [];
  const calls: string[] = [];
  const uploads = new Map<string, { length: number; bytes: number[]; kind: string }>();
  let cutAfter: number | null = null;
  let patched = 0;
  let next = 0;
  const noAnswer: TryResult = { kind: 'no-answer', serverReachable: false };

  const transport = (async (req: OutboxRequest, onProgress?: (f: number) => void): Promise<TryResult> => {
    if (transport.down) return noAnswer;
    const method = req.method ?? 'POST';
    if (req.path === '/v1/uploads' && method === 'POST') {
      calls.push('POST');
      const id = `u${++next}`;
      const meta = decodeMeta(req.headers['Upload-Metadata'] ?? '');
      uploads.set(id, { length: Number(req.headers['Upload-Length']), bytes: [], kind: meta.kind ?? '' });
      return { kind: 'answer', status: 201, body: null, headers: { location: `/api/v1/uploads/${id}` } };
    }
    if (req.path.startsWith('/v1/uploads/')) {
      const id = req.path.split('/').pop()!;
      const upload = uploads.get(id);
      if (method === 'HEAD') {
        calls.push(`HEAD ${req.path}`);
        return upload
          ? { kind: 'answer', status: 200, body: null, headers: { 'upload-offset': String(upload.bytes.length) } }
          : { kind: 'answer', status: 404, body: null };
      }
      const offset = Number(req.headers['Upload-Offset']);
      const chunk = new Uint8Array(await (req.body as Blob).arrayBuffer());
      calls.push(`PATCH ${req.path}@${offset}+${chunk.length}`);
      if (!upload) return { kind: 'answer', status: 404, body: null };
      if (offset !== upload.bytes.length) return { kind: 'answer', status: 409, body: null };
      if (cutAfter !== null) {
        const arrived = Math.min(cutAfter, chunk.length);
        cutAfter = null;
        for (const b of chunk.subarray(0, arrived)) upload.bytes.push(b);
        patched += arrived;
        onProgress?.(arrived / chunk.length);
        return noAnswer;
      }
      for (const b of chunk) upload.bytes.push(b);
      patched += chunk.length;
      onProgress?.(1);
      return { kind: 'answer', status: 204, body: null, headers: { 'upload-offset': String(upload.bytes.length) } };
    }
    sent.push(req);
    return answers.shift() ?? { kind: 'answer', status: 200, body: { data: { id: 7 } } };
  }) as FakeServer;
  transport.sent = sent;
  transport.calls = calls;
  transport.uploads = uploads;
  transport.bytesSent = () => patched;
  transport.cutNextPatchAfter = (bytes) => {
    cutAfter = bytes;
  };
  transport.down = false;
  return transport;
}
