import { delMany, entries } from 'idb-keyval';
import { APPLICATION_DRAFTS, deviceStore } from '../../../lib/device-stores';

/**
 * The application drafts on this device (docs/decisions.md#drafts-and-documents-live-in-indexeddb):
 * IndexedDB, its own database so nothing else on the page can clash with it, every key owned by
 * the signed-in citizen (src/lib/device-stores.ts) so on a shared phone one citizen never sees
 * another's draft or documents.
 */
export const draftDb = () => deviceStore(APPLICATION_DRAFTS);

const MAX_AGE_MS = 30 * 86_400_000;

/**
 * Drafts nobody touched for 30 days are removed (a citizen who never came back on a shared phone).
 * Entries carry `savedAt`; a draft's documents go with it.
 */
export async function pruneAbandonedDrafts(now = Date.now()): Promise<void> {
  const all = await entries<string, unknown>(draftDb());
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
    draftDb(),
  );
}
