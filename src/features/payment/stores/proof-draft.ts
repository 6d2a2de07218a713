import { del, get, set } from 'idb-keyval';
import { resolveOwner } from '../../../lib/citizen-owner';
import { deviceStore, PROOF_DRAFTS, ownedKey } from '../../../lib/device-stores';
import { askPersistentStorage } from '../../../lib/persistent-storage';

/**
 * The chosen proof of payment, kept in IndexedDB until it is sent (it used to live only in the
 * screen's memory and was lost when the citizen left the screen). One per application, under the
 * citizen's owner digest so on a shared phone nobody sees another's receipt. The Idempotency-Key
 * belongs to the chosen file: sending the same file again never counts twice.
 */
export interface ProofDraft {
  blob: Blob;
  name: string;
  type: string;
  key: string;
  /** The chosen file's size when the photo was made smaller before it was kept. */
  originalSize?: number;
  savedAt: number;
}

const proofDb = () => deviceStore(PROOF_DRAFTS);
const keyOf = async (applicationId: number) => ownedKey(await resolveOwner(), `proof:${applicationId}`);

export async function readProofDraft(applicationId: number): Promise<ProofDraft | null> {
  return (await get<ProofDraft>(await keyOf(applicationId), proofDb())) ?? null;
}

export async function saveProofDraft(applicationId: number, draft: ProofDraft): Promise<void> {
  await set(await keyOf(applicationId), draft, proofDb());
  askPersistentStorage();
}

export async function clearProofDraft(applicationId: number): Promise<void> {
  await del(await keyOf(applicationId), proofDb());
}

/** A refused proof goes back on the screen, ready to be replaced or sent again (with a new key). */
export async function restoreProofDraft(
  applicationId: number,
  file: { blob: Blob; name: string },
  force: boolean,
): Promise<boolean> {
  if (!force && (await readProofDraft(applicationId))) return false;
  await saveProofDraft(applicationId, {
    blob: file.blob,
    name: file.name,
    type: file.blob.type,
    key: crypto.randomUUID(),
    savedAt: Date.now(),
  });
  return true;
}
