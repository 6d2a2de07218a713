import { createStore, del, entries, get, set, delMany } from 'idb-keyval';
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * The application drafts on this device (docs/decisions.md#drafts-and-documents-live-in-indexeddb):
 * IndexedDB, its own database so nothing else on the page can clash with it. Every key starts with
 * the owner — a digest of the signed-in citizen — so on a shared phone one citizen never sees
 * another's draft or documents.
 */
export const draftDb = createStore('rc-application-drafts', 'drafts');

let owner: string | null = null;
/** Writes are held while the drafts switch owner, so one citizen's empty state never overwrites another's draft. */
let writable = false;

export function switchOwner(next: string | null): void {
  writable = false;
  owner = next;
}

export function allowWrites(): void {
  writable = owner !== null;
}

export const scopedKey = (name: string) => `${owner}:${name}`;

/**
 * zustand `persist` storage handing the state straight to IndexedDB (structured clone, no JSON:
 * JSON would turn a Blob into {}), under the owner's key.
 */
export function ownerStorage<S>(): PersistStorage<S> {
  return {
    getItem: async (name) => (owner ? ((await get<StorageValue<S>>(scopedKey(name), draftDb)) ?? null) : null),
    setItem: async (name, value) => {
      if (writable) await set(scopedKey(name), value, draftDb);
    },
    removeItem: async (name) => {
      if (writable) await del(scopedKey(name), draftDb);
    },
  };
}

const MAX_AGE_MS = 30 * 86_400_000;

/**
 * Drafts nobody touched for 30 days are removed (a citizen who never came back on a shared phone).
 * Entries carry `savedAt`; a draft's documents go with it.
 */
export async function pruneAbandonedDrafts(now = Date.now()): Promise<void> {
  const all = await entries<string, unknown>(draftDb);
  const ownerOf = (key: IDBValidKey) => String(key).split(':')[0];
  const lastSaved = new Map<string, number>();
  for (const [key, value] of all) {
    const savedAt = (value as { state?: { savedAt?: number } } | undefined)?.state?.savedAt;
    if (typeof savedAt === 'number') lastSaved.set(ownerOf(key), Math.max(savedAt, lastSaved.get(ownerOf(key)) ?? 0));
  }
  const stale = new Set([...lastSaved].filter(([, at]) => now - at > MAX_AGE_MS).map(([who]) => who));
  if (!stale.size) return;
  await delMany(
    all.map(([key]) => key).filter((key) => stale.has(ownerOf(key))),
    draftDb,
  );
}
