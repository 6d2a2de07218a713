import { delMany, entries, get, keys } from 'idb-keyval';
import { knownOwner, legacyOwnedBy } from './citizen-owner';
import {
  APPLICATION_DRAFTS,
  deviceStore,
  OUTBOX_ENTRIES,
  OUTBOX_PAYLOADS,
  PROOF_DRAFTS,
  REAPPLY_DRAFTS,
  type StoreName,
  isOwnedBy,
} from './device-stores';
import { OUTBOX_SESSION_KEY } from './outbox/keys';

/**
 * What a citizen leaves on the device, removed when they sign out on purpose (after confirming):
 * their outbox entries and payloads, application drafts and documents, re-apply forms and proofs
 * of payment. Another citizen's data on a shared phone stays. Session expiry does not call this:
 * then everything waits for the same citizen's next sign-in.
 */

/** The stores whose every key is owned (`{owner}:…`, device-stores.ts). */
const OWNED_STORES: StoreName[] = [APPLICATION_DRAFTS, REAPPLY_DRAFTS, PROOF_DRAFTS];
const LEGACY_REAPPLY = 'applicantDataAppliedBefore:';

async function clearOwnedBy(owner: string): Promise<void> {
  // The outbox is shared with the service worker and keyed by entry: each entry names its owner.
  const outbox = deviceStore(OUTBOX_ENTRIES);
  const mine = (await entries<string, { owner?: string }>(outbox))
    .filter(([, e]) => e?.owner === owner)
    .map(([k]) => k);
  await delMany(mine, deviceStore(OUTBOX_PAYLOADS));
  await delMany([...mine, OUTBOX_SESSION_KEY], outbox);

  for (const name of OWNED_STORES) {
    const store = deviceStore(name);
    const held = await keys(store);
    await delMany(
      held.filter((k) => isOwnedBy(k, owner)),
      store,
    );
  }
  // Re-apply drafts saved before every key was owned: under the application's name, the owner inside.
  const reapply = deviceStore(REAPPLY_DRAFTS);
  const legacy = (await keys(reapply)).filter((k) => String(k).startsWith(LEGACY_REAPPLY));
  const legacyMine = await Promise.all(legacy.map(async (k) => legacyOwnedBy(await get(k, reapply), owner)));
  await delMany(
    legacy.filter((_, i) => legacyMine[i]),
    reapply,
  );
}

/** The cached personal answers (offline-data.ts) go with the session itself, at every sign-out. */
export async function clearCitizenDeviceData(): Promise<void> {
  const owner = knownOwner();
  if (owner) await clearOwnedBy(owner).catch(() => undefined);
}
