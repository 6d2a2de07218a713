import { createStore, type UseStore } from 'idb-keyval';

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
