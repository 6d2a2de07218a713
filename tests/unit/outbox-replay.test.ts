import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { clear, createStore } from 'idb-keyval';
import type { TryResult } from '../../src/lib/outbox/decide';
import { MAX_RETENTION_MS, type OutboxSession } from '../../src/lib/outbox/entry';
import { addEntry, allEntries, claimEntry, readPayload, writeSession } from '../../src/lib/outbox/outbox-db';
import { replayOutbox, sendEntry } from '../../src/lib/outbox/replay';
import { fakeServer } from './support/fake-upload-server';
import { outboxEntry } from './support/outbox-entry';

/**
 * The outbox queue as the page and the service worker share it (IndexedDB, here fake-indexeddb):
 * what a replay sends, with which session, and what it keeps.
 */
const ALICE: OutboxSession = { owner: 'alice', token: 'token-a', expiresAt: Date.now() + 3_600_000, language: 'lo' };

const entry = outboxEntry;
const payload = () => ({
  fields: { note: 'x' },
  files: {
    proof_of_payment: {
      blob: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
      name: 'receipt.png',
    },
  },
  draft: null,
});

/** A server that takes the uploads and answers each outbox request in turn, recording what it was sent. */
const server = (...answers: TryResult[]) => fakeServer(...answers);
const stateOf = async (id: string) => (await allEntries()).find((e) => e.id === id)?.state;

beforeEach(async () => {
  await clear(createStore('rc-outbox', 'entries'));
  await clear(createStore('rc-outbox-payloads', 'payloads'));
});

describe('outbox replay', () => {
  it("sends with the session of now and the entry's own Idempotency-Key, the file as a finished upload", async () => {
    const e = entry();
    await addEntry(e, payload());
    await writeSession(ALICE);
    const api = server({ kind: 'answer', status: 200, body: { data: { id: 7 } } });
    expect(await replayOutbox(api, 'sw:1')).toEqual({ sent: 1, waiting: 0, stoppedBy: null });
    expect(api.sent[0]!.headers).toMatchObject({
      Authorization: 'Bearer token-a',
      'Idempotency-Key': e.idempotencyKey,
      'Accept-Language': 'lo',
    });
    expect(JSON.parse(api.sent[0]!.body as string)).toEqual({
      note: 'x',
      proof_of_payment_upload_id: 'u1',
      proof_of_payment_name: 'receipt.png',
    });
    expect([...api.uploads.get('u1')!.bytes]).toEqual([137, 80, 78, 71]);
    expect(api.uploads.get('u1')!.kind).toBe('proof_of_payment');
    expect(await stateOf(e.id)).toBe('sent');
    // The file is on the server now: the device lets it go.
    expect(await readPayload(e.id)).toBeUndefined();
  });

  it('keeps an entry through 503 and a lost answer, with the same key each time, then sends it once', async () => {
    const e = entry();
    await addEntry(e, payload());
    await writeSession(ALICE);
    const api = server({ kind: 'answer', status: 503, body: null }, { kind: 'no-answer', serverReachable: true });
    expect((await replayOutbox(api, 'page:1')).waiting).toBe(1);
    expect(await stateOf(e.id)).toBe('waiting');
    // The answer was lost on the way back while the server answered: "being confirmed", kept.
    expect((await replayOutbox(api, 'page:1')).waiting).toBe(1);
    expect((await allEntries())[0]!.maybeReached).toBe(true);
    expect((await replayOutbox(api, 'page:1')).sent).toBe(1);
    expect(api.sent).toHaveLength(3);
    // The document went once: the second try found it finished and named the same upload.
    expect(api.calls.filter((c) => c === 'POST')).toHaveLength(1);
    expect(new Set(api.sent.map((r) => r.body))).toEqual(new Set([api.sent[0]!.body]));
    expect(new Set(api.sent.map((r) => r.headers['Idempotency-Key']))).toEqual(new Set([e.idempotencyKey]));
  });

  it('moves a 422 to "needs your action" with the reason and keeps the files to put back', async () => {
    const e = entry();
    await addEntry(e, payload());
    await writeSession(ALICE);
    await replayOutbox(
      server({
        kind: 'answer',
        status: 422,
        body: {
          data: {
            error_code: 'validation_failed',
            message: 'No',
            fields: { proof_of_payment: 'file_type_not_allowed' },
          },
        },
      }),
      'sw:1',
    );
    const [after] = await allEntries();
    expect(after).toMatchObject({
      state: 'needs-action',
      refusal: { status: 422, code: 'validation_failed', fields: { proof_of_payment: 'file_type_not_allowed' } },
      told: false,
    });
    expect((await readPayload(e.id))?.files.proof_of_payment?.name).toBe('receipt.png');
  });

  it("never sends another citizen's entry, and sends nothing with an expired or missing session", async () => {
    const bob = entry({ owner: 'bob' });
    await addEntry(bob, payload());
    await addEntry(entry(), payload());
    const api = server();
    expect(await replayOutbox(api, 'sw:1')).toMatchObject({ sent: 0 });
    await writeSession({ ...ALICE, expiresAt: Date.now() - 1 });
    expect(await replayOutbox(api, 'sw:1')).toEqual({ sent: 0, waiting: 1, stoppedBy: 'session' });
    expect(api.sent).toHaveLength(0);
    await writeSession(ALICE);
    expect((await replayOutbox(api, 'sw:1')).sent).toBe(1);
    expect(await stateOf(bob.id)).toBe('waiting');
    expect(await sendEntry(bob.id, ALICE, api, 'page:1')).toEqual({ result: 'busy' });
    expect(api.sent).toHaveLength(1);
  });

  it('a session that ends during a round sends nothing more: not the next chunk, not the request', async () => {
    const big = {
      ...payload(),
      files: { proof_of_payment: { blob: new Blob([new Uint8Array(600 * 1024)]), name: 'receipt.png' } },
    };
    for (const ended of [
      () => writeSession(null),
      () => writeSession({ ...ALICE, expiresAt: Date.now() - 1 }),
      () => writeSession({ ...ALICE, token: 'token-a2' }),
    ]) {
      await clear(createStore('rc-outbox', 'entries'));
      const e = entry();
      await addEntry(e, big);
      await writeSession(ALICE);
      const api = server({ kind: 'answer', status: 200, body: { data: { id: 7 } } });
      // The citizen signs out (or the session expires, or another sign-in replaces it) once the
      // first chunk has arrived: the worker's round still holds the old session in memory.
      const sendsUntilEnded: typeof api = Object.assign(async (...args: Parameters<typeof api>) => {
        const answer = await api(...args);
        if (args[0].method === 'PATCH') await ended();
        return answer;
      }, api);
      expect(await replayOutbox(sendsUntilEnded, 'sw:1')).toMatchObject({ sent: 0, stoppedBy: 'session-ended' });
      expect(api.calls.filter((c) => c.startsWith('PATCH'))).toHaveLength(1);
      expect(api.sent).toHaveLength(0);
      expect(await stateOf(e.id)).toBe('waiting');
    }
  });

  it('a 401 keeps the entry and forgets the refused session until the citizen signs in again', async () => {
    await addEntry(entry(), payload());
    await writeSession(ALICE);
    expect(await replayOutbox(server({ kind: 'answer', status: 401, body: null }), 'sw:1')).toMatchObject({
      stoppedBy: 'session',
      waiting: 1,
    });
    const api = server();
    expect((await replayOutbox(api, 'sw:1')).sent).toBe(0);
    expect(api.sent).toHaveLength(0);
  });

  it('page and worker claiming at once: exactly one gets the entry', async () => {
    const e = entry();
    await addEntry(e, payload());
    const claims = await Promise.all([
      claimEntry(e.id, 'page:1'),
      claimEntry(e.id, 'sw:1'),
      claimEntry(e.id, 'page:2'),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    // A sender that died: once its lease ran out the entry is free again, never "sending" forever.
    expect(await claimEntry(e.id, 'sw:2', Date.now() + 91_000)).not.toBeNull();
  });

  it('an entry unsent for 7 days expires and is not sent', async () => {
    const old = entry({ createdAt: Date.now() - MAX_RETENTION_MS - 1 });
    await addEntry(old, payload());
    await writeSession(ALICE);
    const api = server();
    await replayOutbox(api, 'sw:1');
    expect(api.sent).toHaveLength(0);
    expect((await allEntries())[0]).toMatchObject({ state: 'expired', told: false });
  });
});
