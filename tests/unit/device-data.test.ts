import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { entries } from 'idb-keyval';
import { outboxEntry } from './support/outbox-entry';

/**
 * Signing out on a shared phone (src/lib/device-data.ts): every store that holds a citizen's data,
 * filled through the app's own stores for two citizens, holds nothing of the one who signed out
 * afterwards and everything of the other. IndexedDB is fake-indexeddb here; local storage a map.
 */
vi.hoisted(() => {
  const map = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  } as Storage;
});

const { ownerOfEmail } = await import('../../src/lib/citizen-owner');
const { fingerprint } = await import('../../src/lib/fingerprint');
const { useSession } = await import('../../src/lib/session');
const stores = await import('../../src/lib/device-stores');
const { clearCitizenDeviceData } = await import('../../src/lib/device-data');
const { addEntry, writeSession } = await import('../../src/lib/outbox/outbox-db');
const { loadDrafts } = await import('../../src/features/application/stores/load-drafts');
const { useApplicantDraft } = await import('../../src/features/application/stores/applicant-draft');
const { useDocumentsDraft } = await import('../../src/features/application/stores/documents-draft');
const { saveDraft } = await import('../../src/features/reapply/stores/reapply-draft');
const { saveProofDraft } = await import('../../src/features/payment/stores/proof-draft');
const { readThrough } = await import('../../src/lib/offline-data');
// Loaded by the sign-out itself; here at once, so it runs within the test.
await import('../../src/lib/outbox/session');

const ALICE = { email: 'alice@example.la', token: 'token-alice', name: 'Alice-Xaiyavong' };
const BOB = { email: 'bob@example.la', token: 'token-bob', name: 'Bob-Phommachanh' };
type Citizen = typeof ALICE;

function signIn(c: Citizen) {
  useSession.getState().signIn(c.token, Date.now() + 3_600_000, 'citizen');
  localStorage.setItem(
    'applicationDraftOwner',
    JSON.stringify({ session: fingerprint(c.token), owner: ownerOfEmail(c.email) }),
  );
}

const values = (c: Citizen) => ({ first_name: c.name, last_name: c.name, id_card: '0123456789' });
const blob = (c: Citizen) => new Blob([c.name], { type: 'image/jpeg' });

/** Everything one citizen leaves through the app: drafts, documents, re-apply form, proof, outbox. */
async function leaveData(c: Citizen) {
  signIn(c);
  const owner = ownerOfEmail(c.email);
  await loadDrafts();
  useApplicantDraft.getState().saveValues(values(c));
  await useDocumentsDraft
    .getState()
    .put('household_registration_book', blob(c), { name: `${c.name}.jpg`, type: 'image/jpeg' });
  await saveDraft(5, { values: values(c) as never });
  await saveProofDraft(7, {
    blob: blob(c),
    name: `${c.name}.jpg`,
    type: 'image/jpeg',
    key: c.name,
    savedAt: Date.now(),
  });
  await addEntry(outboxEntry({ id: `entry-${c.name}`, owner, idempotencyKey: c.name }), {
    fields: { name: c.name },
    files: { proof_of_payment: { blob: blob(c), name: `${c.name}.jpg` } },
    draft: null,
  });
  await readThrough('/v1/citizen/profile', async () => ({ data: { email: c.email } }));
  await writeSession({ owner, token: c.token, expiresAt: Date.now() + 3_600_000, language: 'en' });
}

/** What each citizen's traces are in a store: keys and values mentioning them, Blob contents included. */
async function tracesOf(c: Citizen): Promise<string[]> {
  const marks = [c.name, c.email, c.token, ownerOfEmail(c.email)];
  const found: string[] = [];
  const text = async (v: unknown): Promise<string> =>
    v instanceof Blob
      ? v.text()
      : v && typeof v === 'object'
        ? (await Promise.all(Object.entries(v).map(async ([k, x]) => `${k}=${await text(x)}`))).join(';')
        : String(v);
  for (const [name, store] of Object.entries(stores)) {
    if (!Array.isArray(store) || name === 'REFERENCE_DATA') continue;
    for (const [key, value] of await entries(stores.deviceStore(store as unknown as [string, string]))) {
      const seen = `${String(key)} ${await text(value)}`;
      if (marks.some((m) => seen.includes(m))) found.push(`${name}: ${String(key)}`);
    }
  }
  return found;
}

describe('signing out on a shared phone', () => {
  beforeAll(async () => {
    await leaveData(ALICE);
    await leaveData(BOB);
    // A re-apply draft saved before every key was owned: the application's name, the e-mail inside.
    const { set } = await import('idb-keyval');
    await set(
      'applicantDataAppliedBefore:9',
      { owner: ALICE.email, values: values(ALICE), documents: {}, bankId: null, submission: null, savedAt: Date.now() },
      stores.deviceStore(stores.REAPPLY_DRAFTS),
    );
    // The persisted stores write on their own time: wait for Bob's last state to be stored.
    await vi.waitFor(async () => expect((await tracesOf(BOB)).length).toBeGreaterThanOrEqual(8));
  });

  it('leaves nothing of the citizen who signed out, and everything of the other', async () => {
    signIn(ALICE);
    const before = await tracesOf(ALICE);
    expect(before.length).toBeGreaterThanOrEqual(9);
    const bobBefore = await tracesOf(BOB);

    await clearCitizenDeviceData();
    useSession.getState().signOut();
    await vi.waitFor(async () => expect(await tracesOf(ALICE)).toEqual([]));
    // The kept answers and the outbox's copy of the session belong to the device's one session:
    // they go at every sign-out.
    expect(await tracesOf(BOB)).toEqual(
      bobBefore.filter((t) => !t.endsWith('#session') && !t.startsWith('OFFLINE_DATA')),
    );
  });
});
