import { get, set } from 'idb-keyval';
import type { Language, LocationTree } from '../../contract/master-data';
import { deviceStore, REFERENCE_DATA } from './device-stores';

/** How the place list is kept (IndexedDB, one copy per language): read by the page, written by location-tree.worker.ts. */
export interface KeptTree {
  etag: string | null;
  savedAt: number;
  tree: LocationTree;
}

export const referenceStore = () => deviceStore(REFERENCE_DATA);
export const treeKey = (language: Language) => `tree:${language}`;

/**
 * Fetches the place list for `language` unless the device already has this version
 * (If-None-Match → 304) and stores it. Resolves true when a new copy was stored; a failure leaves
 * the previous copy.
 */
export async function storeLocationTree(language: Language): Promise<boolean> {
  const key = treeKey(language);
  const kept = await get<KeptTree>(key, referenceStore()).catch(() => undefined);
  const res = await fetch(`/api/v1/master-data/location/tree?lang=${language}`, {
    headers: { Accept: 'application/json', ...(kept?.etag ? { 'If-None-Match': kept.etag } : {}) },
    signal: AbortSignal.timeout(120_000),
  });
  if (res.status === 304 || !res.ok) return false;
  const { data } = (await res.json()) as { data: LocationTree };
  await set(
    key,
    { etag: res.headers.get('etag'), savedAt: Date.now(), tree: data } satisfies KeptTree,
    referenceStore(),
  );
  return true;
}
