import { createStore, del, delMany, entries, keys } from 'idb-keyval';
import { knownOwner } from './citizen-owner';
import { OUTBOX_DB, OUTBOX_SESSION_KEY, OUTBOX_STORE } from './outbox/keys';

/**
 * What a citizen leaves on the device, removed when they sign out on purpose (after confirming):
 * their outbox entries and payloads, application drafts and documents, re-apply forms and proofs
 * of payment. Another citizen's data on a shared phone stays. Session expiry does not call this:
 * then everything waits for the same citizen's next sign-in.
 */
const applicationDrafts = () => createStore('rc-application-drafts', 'drafts');
const reapplyDrafts = () => createStore('rc-reapply-drafts', 'drafts');
const proofDrafts = () => createStore('rc-payment-drafts', 'proofs');
const outboxEntries = () => createStore(OUTBOX_DB, OUTBOX_STORE);
const outboxPayloads = () => createStore('rc-outbox-payloads', 'payloads');

async function clearOwnedBy(owner: string): Promise<void> {
  const outbox = outboxEntries();
  const mine = (await entries<string, { owner?: string }>(outbox))
    .filter(([, e]) => e?.owner === owner)
    .map(([k]) => k);
  await delMany(mine, outboxPayloads());
  await delMany([...mine, OUTBOX_SESSION_KEY], outbox);

  const prefixed = async (store: ReturnType<typeof createStore>) =>
    delMany(
      (await keys<string>(store)).filter((k) => String(k).startsWith(`${owner}:`)),
      store,
    );
  await prefixed(applicationDrafts());
  await prefixed(proofDrafts());
  const reapply = reapplyDrafts();
  const forms = await entries<string, { owner?: string }>(reapply);
  await Promise.all(forms.filter(([, d]) => d?.owner === owner).map(([k]) => del(k, reapply)));
}

/** The cached personal answers (offline-data.ts) go with the session itself, at every sign-out. */
export async function clearCitizenDeviceData(): Promise<void> {
  const owner = knownOwner();
  if (owner) await clearOwnedBy(owner).catch(() => undefined);
}
