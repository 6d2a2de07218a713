import { del, get, set } from 'idb-keyval';
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { deviceStore, type StoreName } from './device-stores';

/**
 * How a citizen's data is keyed on the device, in every store: `{owner}:{name}`, the owner being
 * the digest of the signed-in citizen (citizen-owner.ts). On a shared phone one citizen never reads
 * another's, and sign-out removes a citizen's data by that prefix (device-data.ts).
 */
export const ownedKey = (owner: string, name: string) => `${owner}:${name}`;
export const isOwnedBy = (key: IDBValidKey, owner: string) => String(key).startsWith(`${owner}:`);

let owner: string | null = null;
/** Writes are held while the stores switch owner, so one citizen's empty state never overwrites another's data. */
let writable = false;

/** The signed-in citizen whose persisted stores are loaded (null: none). */
export function switchOwner(next: string | null): void {
  writable = false;
  owner = next;
}

/** Once the stores were read back for the new owner. */
export function allowWrites(): void {
  writable = owner !== null;
}

/** A key of the current owner, for what a persisted store keeps beside its state (a document's bytes). */
export const currentOwnerKey = (name: string) => ownedKey(owner ?? '', name);

/**
 * The one zustand `persist` storage: the state is handed straight to IndexedDB (structured clone,
 * no JSON: JSON would turn a Blob into {}, and a photo needs more room than local storage has).
 * A 'citizen' store lives under the owner's key and is read or written only once the owner is known
 * (switchOwner, allowWrites); a 'device' store — the registration draft, before any account
 * exists — under its name alone.
 */
export function persistStorage<S>(name: StoreName, scope: 'citizen' | 'device'): PersistStorage<S> {
  const key = (item: string) => (scope === 'device' ? item : owner && ownedKey(owner, item));
  const may = (write: boolean) => scope === 'device' || (write ? writable : owner !== null);
  return {
    getItem: async (item) =>
      may(false) ? ((await get<StorageValue<S>>(key(item)!, deviceStore(name))) ?? null) : null,
    setItem: async (item, value) => {
      if (may(true)) await set(key(item)!, value, deviceStore(name));
    },
    removeItem: async (item) => {
      if (may(true)) await del(key(item)!, deviceStore(name));
    },
  };
}
