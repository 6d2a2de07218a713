import { get } from 'idb-keyval';
import type { Language, LocationTree } from '../../contract/master-data';
import { referenceStore, storeLocationTree, treeKey, type KeptTree } from './location-tree-store';
import type { LocationTreeReply } from './location-tree.worker';

/**
 * The whole place list, kept on the device (IndexedDB, one copy per language) once it was fetched
 * after sign-in, while idle (reference-data.ts). Public data: it stays at sign-out.
 */
const trees = new Map<string, Promise<LocationTree | null>>();

export function localTree(language: Language): Promise<LocationTree | null> {
  let tree = trees.get(language);
  if (!tree) {
    tree = get<KeptTree>(treeKey(language), referenceStore()).then(
      (k) => k?.tree ?? null,
      () => null,
    );
    trees.set(language, tree);
  }
  return tree;
}

/** The list fetched and stored by a worker of its own (location-tree.worker.ts); in the page where no worker starts. */
function storeAside(language: Language): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./location-tree.worker.ts', import.meta.url), {
        type: 'module',
        name: 'location-tree',
      });
    } catch {
      resolve(storeLocationTree(language));
      return;
    }
    worker.onmessage = ({ data }: MessageEvent<LocationTreeReply>) => {
      worker.terminate();
      if ('error' in data) reject(new Error(data.error));
      else resolve(data.stored);
    };
    // A browser that cannot run a module worker: the page does it.
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve(storeLocationTree(language));
    };
    worker.postMessage(language);
  });
}

/**
 * Fetches the place list for the interface language unless the device already has this version
 * (If-None-Match → 304). Resolves when it is stored; a failure leaves the previous copy.
 */
export async function keepLocationTree(language: Language): Promise<void> {
  // The next read takes the new copy from the device.
  if (await storeAside(language)) trees.delete(language);
}
