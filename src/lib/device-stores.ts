import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * Every IndexedDB database and object store the app (page and service worker) keeps data in,
 * named here and nowhere else. A name is what a phone already holds: renaming one loses that data,
 * so a store is added, never renamed. What each holds and who removes it:
 * docs/architecture.md#what-the-device-keeps.
 */
export type StoreName = readonly [database: string, store: string];

/** Step 1 values and step 2 documents of the application being prepared (per citizen). */
export const APPLICATION_DRAFTS: StoreName = ['rc-application-drafts', 'drafts'];
/** The re-apply form and its documents, one per rejected application (per citizen). */
export const REAPPLY_DRAFTS: StoreName = ['rc-reapply-drafts', 'drafts'];
/** The chosen proof of payment, one per application (per citizen). */
export const PROOF_DRAFTS: StoreName = ['rc-payment-drafts', 'proofs'];
/** The registration draft, before any account exists: idb-keyval's default database, where it has always been. */
export const REGISTRATION_DRAFT: StoreName = ['keyval-store', 'keyval'];
/** The outbox's small entries and its copy of the session (read by the service worker too). */
export const OUTBOX_ENTRIES: StoreName = ['rc-outbox', 'entries'];
/** The outbox's payloads (files up to ~40 MB), one per entry. */
export const OUTBOX_PAYLOADS: StoreName = ['rc-outbox-payloads', 'payloads'];
/** The last answer of each signed-in screen, for offline reading (per session). */
export const OFFLINE_DATA: StoreName = ['rc-offline-data', 'responses'];
/** The place list per language: public data, kept at sign-out. */
export const REFERENCE_DATA: StoreName = ['rc-reference-data', 'lists'];

const opened = new Map<string, UseStore>();

/**
 * The store, opened on first use and once per page or worker (idb-keyval opens the database as
 * soon as a store is created, so nothing is opened when a module merely loads).
 */
export function deviceStore([database, store]: StoreName): UseStore {
  let open = opened.get(database);
  if (!open) opened.set(database, (open = createStore(database, store)));
  return open;
}

/**
 * How a citizen's data is keyed on the device, in every store: `{owner}:{name}`, the owner being
 * the digest of the signed-in citizen (citizen-owner.ts). On a shared phone one citizen never reads
 * another's, and sign-out removes a citizen's data by that prefix (device-data.ts). Kept in this module with the
 * names: one small chunk for every screen that keeps data.
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
