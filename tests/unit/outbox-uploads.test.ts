import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { clear, createStore } from 'idb-keyval';
import type { OutboxEntry, OutboxPayload, OutboxSession, SendProgress } from '../../src/lib/outbox/entry';
import { addEntry, allEntries, writeSession } from '../../src/lib/outbox/outbox-db';
import { sendEntry } from '../../src/lib/outbox/replay';
import { CHUNK_BYTES, goneUploads, uploadDocuments } from '../../src/lib/outbox/uploads';
import { fakeServer } from './support/fake-upload-server';
import { outboxEntry } from './support/outbox-entry';

/**
 * Documents travel as resumable uploads before the request that names them: chunks acknowledged
 * with the server's offset, a cut costing at most the chunk on the way, a resume by any sender.
 */
const ALICE: OutboxSession = { owner: 'alice', token: 'token-a', expiresAt: Date.now() + 3_600_000, language: 'en' };

const entry = (over: Partial<OutboxEntry> = {}) =>
  outboxEntry({
    kind: 'create-new',
    path: '/v1/citizen/resident-certificate/create-new',
    applicationId: null,
    ...over,
  });

const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);
const SIZES = { applicant_photo: 250_000, household_registration_book: 450_000, proof_of_residence: 430_000 };

function documents(): OutboxPayload {
  return {
    fields: { firstname: 'Somchai' },
    files: Object.fromEntries(
      Object.entries(SIZES).map(([kind, n], i) => [
        kind,
        { blob: new Blob([bytes(n, i)], { type: 'image/jpeg' }), name: `${kind}.jpg` },
      ]),
    ),
    draft: null,
  };
}

const total = Object.values(SIZES).reduce((a, b) => a + b, 0);

beforeEach(async () => {
  await clear(createStore('rc-outbox', 'entries'));
  await clear(createStore('rc-outbox-payloads', 'payloads'));
  // The outbox's copy of the session, as the signed-in page publishes it: requests go only with it.
  await writeSession(ALICE);
});

describe('resumable uploads of an outbox entry', () => {
  it('sends each document in chunks of binary, then the request naming the finished uploads', async () => {
    const e = entry();
    await addEntry(e, documents());
    const api = fakeServer();
    const seen: SendProgress[] = [];
    expect((await sendEntry(e.id, ALICE, api, 'page:1', { onProgress: (p) => seen.push(p) })).result).toBe('sent');
    // No base64, nothing twice: the bytes on the wire are the documents' bytes.
    expect(api.bytesSent()).toBe(total);
    expect(api.calls.filter((c) => c.startsWith('PATCH')).length).toBe(
      Object.values(SIZES).reduce((n, s) => n + Math.ceil(s / CHUNK_BYTES), 0),
    );
    const body = JSON.parse(api.sent[0]!.body as string);
    expect(body).toEqual({
      firstname: 'Somchai',
      applicant_photo_upload_id: 'u1',
      applicant_photo_name: 'applicant_photo.jpg',
      household_registration_book_upload_id: 'u2',
      household_registration_book_name: 'household_registration_book.jpg',
      proof_of_residence_upload_id: 'u3',
      proof_of_residence_name: 'proof_of_residence.jpg',
    });
    expect([...api.uploads.get('u2')!.bytes]).toEqual([...bytes(450_000, 1)]);
    // Progress counts up to the whole, per document and in all.
    const last = seen[seen.length - 1]!;
    expect(last).toMatchObject({ sent: total, total, paused: false });
    expect(last.files.household_registration_book).toEqual({ sent: 450_000, total: 450_000 });
    expect(seen.map((p) => p.sent)).toEqual([...seen.map((p) => p.sent)].sort((a, b) => a - b));
  });

  it('a cut mid-chunk costs only what had not arrived: the server offset is asked and the rest sent', async () => {
    const e = entry();
    await addEntry(e, documents());
    const api = fakeServer();
    api.cutNextPatchAfter(100_000);
    expect((await sendEntry(e.id, ALICE, api, 'page:1')).result).toBe('sent');
    expect(api.bytesSent()).toBe(total);
    // After the cut: a HEAD, and the next chunk starts at the 100,000 bytes the server kept.
    const cutAt = api.calls.indexOf('PATCH /v1/uploads/u1@0+250000');
    expect(api.calls.slice(cutAt + 1, cutAt + 3)).toEqual([
      'HEAD /v1/uploads/u1',
      'PATCH /v1/uploads/u1@100000+150000',
    ]);
  });

  it('a sender that gives up keeps address and offset; the next sender sends only what was missing', async () => {
    const e = entry();
    await addEntry(e, documents());
    const api = fakeServer();
    // The first sender: the device says it is offline, so it hands the entry to the outbox.
    let first = 0;
    const cutting = ((req, onProgress) => {
      // The second document's first chunk is lost with the link.
      if (req.method === 'PATCH' && req.path === '/v1/uploads/u2') {
        first++;
        api.down = true;
      }
      return api(req, onProgress);
    }) as typeof api;
    const outcome = await sendEntry(e.id, ALICE, cutting, 'page:1', { offline: () => true });
    expect(outcome.result).toBe('kept');
    expect(first).toBe(1);
    const [kept] = await allEntries();
    expect(kept!.uploads?.applicant_photo).toMatchObject({ done: true, offset: 250_000 });
    expect(kept!.uploads?.household_registration_book).toMatchObject({ url: '/v1/uploads/u2', done: false });
    expect(kept!.progress).toMatchObject({ sent: 250_000, paused: true });

    // Later, another sender (the service worker, or the page after a reload).
    api.down = false;
    const before = api.bytesSent();
    expect((await sendEntry(e.id, ALICE, api, 'sw:1')).result).toBe('sent');
    expect(api.bytesSent() - before).toBe(total - 250_000);
    expect(api.calls).not.toContain('HEAD /v1/uploads/u1');
    expect(api.calls.filter((c) => c === 'POST')).toHaveLength(3);
  });

  it('an upload the server no longer knows (expired) is created and sent again', async () => {
    const e = entry({
      uploads: { applicant_photo: { url: '/v1/uploads/gone', size: 250_000, offset: 80_000, done: false } },
    });
    await addEntry(e, documents());
    const api = fakeServer();
    expect((await sendEntry(e.id, ALICE, api, 'page:1')).result).toBe('sent');
    expect(api.calls[0]).toBe('HEAD /v1/uploads/gone');
    expect(JSON.parse(api.sent[0]!.body as string).applicant_photo_upload_id).toBe('u1');
  });

  it('a request refused because an upload expired sends that document again, once, under the same key', async () => {
    const e = entry();
    await addEntry(e, documents());
    const gone = {
      kind: 'answer' as const,
      status: 422,
      body: {
        data: {
          error_code: 'validation_failed',
          message: '',
          fields: { proof_of_residence_upload_id: 'upload_not_found' },
        },
      },
    };
    const api = fakeServer(gone);
    expect((await sendEntry(e.id, ALICE, api, 'page:1')).result).toBe('sent');
    expect(api.sent).toHaveLength(2);
    expect(api.sent[0]!.headers['Idempotency-Key']).toBe(api.sent[1]!.headers['Idempotency-Key']);
    expect(JSON.parse(api.sent[1]!.body as string).proof_of_residence_upload_id).toBe('u4');
    expect(goneUploads(gone)).toEqual(['proof_of_residence']);
  });

  it('a refusal of the upload itself (too large) is the server’s final word', async () => {
    const payload = documents();
    const api = fakeServer();
    const refusing = ((req, p) =>
      req.path === '/v1/uploads' && req.method === 'POST'
        ? Promise.resolve({
            kind: 'answer',
            status: 413,
            body: {
              data: {
                error_code: 'file_too_large',
                message: 'Too large',
                fields: { applicant_photo: 'file_too_large' },
              },
            },
          })
        : api(req, p)) as typeof api;
    const outcome = await uploadDocuments({
      entry: entry(),
      payload,
      session: ALICE,
      transport: refusing,
      save: async () => undefined,
    });
    expect(outcome).toMatchObject({ kind: 'stopped', result: { status: 413 } });
  });
});
