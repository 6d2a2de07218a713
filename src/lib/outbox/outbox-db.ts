import { del, entries, get, set, update } from 'idb-keyval';
import { deviceStore, OUTBOX_ENTRIES, OUTBOX_PAYLOADS } from '../device-stores';
import { OUTBOX_SESSION_KEY } from './keys';
import { effectiveState, LEASE_MS, type OutboxEntry, type OutboxPayload, type OutboxSession } from './entry';

/**
 * The outbox on this device, in IndexedDB so the page and the service worker both read and write
 * it. Two databases: the small entries (read often, updated atomically) and the payloads (up to
 * ~40 MB, written once, read only to send or to put back into a draft).
 */
const entryDb = () => deviceStore(OUTBOX_ENTRIES);
const payloadDb = () => deviceStore(OUTBOX_PAYLOADS);
const SESSION_KEY = OUTBOX_SESSION_KEY;

/** Tells every open page (and the worker) that the outbox changed. */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('rc-outbox');
// Under Node (the build-time render of the signed-in home) an open channel would keep the build running.
(channel as { unref?: () => void } | null)?.unref?.();
const localListeners = new Set<() => void>();

function changed(): void {
  channel?.postMessage({ type: 'changed' });
  localListeners.forEach((fn) => fn());
}

export function onOutboxChange(fn: () => void): () => void {
  localListeners.add(fn);
  const onMessage = () => fn();
  channel?.addEventListener('message', onMessage);
  return () => {
    localListeners.delete(fn);
    channel?.removeEventListener('message', onMessage);
  };
}

export class OutboxStorageError extends Error {
  constructor(
    readonly reason: 'quota' | 'incomplete' | 'failed',
    cause?: unknown,
  ) {
    super(`The outbox could not store the request (${reason}).`, { cause });
  }
}

const isQuota = (err: unknown) =>
  err instanceof DOMException && (err.name === 'QuotaExceededError' || err.name === 'NS_ERROR_DOM_QUOTA_REACHED');

/**
 * Stores the payload, reads it back to be sure every file is there whole (a browser may drop a
 * large write silently when space runs out), and only then the entry: an entry never points at a
 * payload that is not stored.
 */
export async function addEntry(entry: OutboxEntry, payload: OutboxPayload): Promise<void> {
  try {
    await set(entry.id, payload, payloadDb());
    const back = await get<OutboxPayload>(entry.id, payloadDb());
    const whole =
      !!back &&
      Object.entries(payload.files).every(
        ([k, f]) => back.files[k]?.blob instanceof Blob && back.files[k]!.blob.size === f.blob.size,
      );
    if (!whole) throw new OutboxStorageError('incomplete');
    await set(entry.id, entry, entryDb());
  } catch (err) {
    await del(entry.id, payloadDb()).catch(() => undefined);
    if (err instanceof OutboxStorageError) throw err;
    throw new OutboxStorageError(isQuota(err) ? 'quota' : 'failed', err);
  }
  changed();
}

export async function allEntries(): Promise<OutboxEntry[]> {
  const all = await entries<string, OutboxEntry>(entryDb());
  return all
    .map(([, e]) => e)
    .filter((e) => e && typeof e === 'object' && 'kind' in e)
    .sort((a, b) => a.createdAt - b.createdAt);
}

export const readPayload = (id: string) => get<OutboxPayload>(id, payloadDb());

/** Read-modify-write in one IndexedDB transaction: page and worker never overwrite each other's change. */
export async function updateEntry(id: string, fn: (e: OutboxEntry) => OutboxEntry): Promise<OutboxEntry | undefined> {
  let result: OutboxEntry | undefined;
  await update<OutboxEntry | undefined>(id, (e) => (result = e ? fn(e) : undefined), entryDb());
  if (!result) await del(id, entryDb());
  changed();
  return result;
}

/**
 * Takes the entry for sending if nobody holds it: the lease is checked and set in one transaction,
 * so the page and the service worker never send one entry at the same time. `exclusive`: the
 * caller holds the entry's Web Lock, so a "sending" left by a dead sender is free to take.
 */
export async function claimEntry(
  id: string,
  holder: string,
  now = Date.now(),
  exclusive = false,
): Promise<OutboxEntry | null> {
  let won: OutboxEntry | null = null;
  await update<OutboxEntry | undefined>(
    id,
    (e) => {
      won = null;
      if (!e || !(effectiveState(e, now) === 'waiting' || (exclusive && e.state === 'sending'))) return e;
      won = {
        ...e,
        state: 'sending',
        lease: { holder, until: now + LEASE_MS },
        attempts: e.attempts + 1,
        lastTriedAt: now,
      };
      return won;
    },
    entryDb(),
  );
  if (won) changed();
  return won;
}

/** Keeps the lease while a long upload is still moving. */
export async function renewLease(id: string, holder: string): Promise<void> {
  await update<OutboxEntry | undefined>(
    id,
    (e) => (e?.lease?.holder === holder ? { ...e, lease: { holder, until: Date.now() + LEASE_MS } } : e),
    entryDb(),
  );
}

export async function removeEntry(id: string): Promise<void> {
  await del(id, entryDb());
  await del(id, payloadDb());
  changed();
}

/** Drops the files of a settled entry (sent, or put back into the draft): they are not needed any more. */
export const dropPayload = (id: string) => del(id, payloadDb());

export const readSession = () => get<OutboxSession>(SESSION_KEY, entryDb());
export async function writeSession(session: OutboxSession | null): Promise<void> {
  if (session) await set(SESSION_KEY, session, entryDb());
  else await del(SESSION_KEY, entryDb());
}
/** Forgets the session only if it is still the one that was refused (a newer sign-in stays). */
export async function forgetSession(token: string): Promise<void> {
  await update<OutboxSession | undefined>(SESSION_KEY, (s) => (s?.token === token ? undefined : s), entryDb());
  const s = await readSession();
  if (!s) await del(SESSION_KEY, entryDb());
}
