import { get, set } from 'idb-keyval';
import { deviceStore, REFERENCE_DATA } from './device-stores';
import type { Language, LocationTree } from '../../contract/master-data';

/**
 * The whole place list, kept on the device (IndexedDB, one copy per language) once it was fetched
 * after sign-in, while idle (reference-data.ts). Public data: it stays at sign-out.
 */
const referenceStore = () => deviceStore(REFERENCE_DATA);
interface KeptTree {
  etag: string | null;
  savedAt: number;
  tree: LocationTree;
}
const trees = new Map<string, Promise<LocationTree | null>>();

export function localTree(language: Language): Promise<LocationTree | null> {
  let tree = trees.get(language);
  if (!tree) {
    tree = get<KeptTree>(`tree:${language}`, referenceStore()).then(
      (k) => k?.tree ?? null,
      () => null,
    );
    trees.set(language, tree);
  }
  return tree;
}

/**
 * Fetches the place list for the interface language unless the device already has this version
 * (If-None-Match → 304). Resolves when it is stored; a failure leaves the previous copy.
 */
export async function keepLocationTree(language: Language): Promise<void> {
  const key = `tree:${language}`;
  const kept = await get<KeptTree>(key, referenceStore()).catch(() => undefined);
  const res = await fetch(`/api/v1/master-data/location/tree?lang=${language}`, {
    headers: { Accept: 'application/json', ...(kept?.etag ? { 'If-None-Match': kept.etag } : {}) },
    signal: AbortSignal.timeout(120_000),
  });
  if (res.status === 304 || !res.ok) return;
  const { data } = (await res.json()) as { data: LocationTree };
  await set(
    key,
    { etag: res.headers.get('etag'), savedAt: Date.now(), tree: data } satisfies KeptTree,
    referenceStore(),
  );
  trees.set(language, Promise.resolve(data));
}
