import { del, get, set } from 'idb-keyval';
import type { ApplicationDocumentKind } from '../../../../contract/documents';
import type { ApplicantFormValues } from '../../../components/forms/applicant-fields';
import { newIdempotencyKey } from '../../../lib/api-client';
import { legacyOwnedBy, resolveOwner } from '../../../lib/citizen-owner';
import { deviceStore, REAPPLY_DRAFTS, ownedKey } from '../../../lib/device-stores';
import { askPersistentStorage } from '../../../lib/persistent-storage';

/**
 * The spec's `applicantDataAppliedBefore`: the re-apply form as the citizen confirmed it, held on
 * the device between the detail and the documents screens and removed once the server accepted
 * the re-application (docs/specification.md#applying-again-after-a-rejection). IndexedDB like the
 * application drafts, one entry per rejected application, under the owner's key so on a shared
 * phone one citizen never gets another's data.
 */

/**
 * A checked document, its bytes kept as a Blob (IndexedDB stores Blobs as they are,
 * docs/decisions.md#drafts-and-documents-live-in-indexeddb).
 */
export interface ReapplyDocumentDraft {
  blob: Blob;
  name: string;
  type: string;
  size: number;
  /** The chosen file's size when the photo was made smaller before it was kept. */
  originalSize?: number;
  /** When it was chosen: a re-chosen file with the same name is another submission. */
  at: number;
}

export interface ReapplyDraft {
  values: ApplicantFormValues;
  /** The documents attached so far, so a reload on a weak connection does not lose them. */
  documents: Partial<Record<ApplicationDocumentKind, ReapplyDocumentDraft>>;
  /** The bank chosen on the documents screen (null: the bank of the rejected application). */
  bankId: number | null;
  /** The Idempotency-Key of the submission, kept while what is submitted stays the same. */
  submission: { fingerprint: string; key: string } | null;
  savedAt: number;
}

const reapplyDb = () => deviceStore(REAPPLY_DRAFTS);
const nameOf = (rejectedId: number) => `applicantDataAppliedBefore:${rejectedId}`;
const MAX_AGE_MS = 30 * 86_400_000;

/** The owner digest (src/lib/citizen-owner.ts), known on the device for the session: works offline. */
const currentOwner = () => resolveOwner();

/**
 * The stored draft: under the owner's key, or one saved before every store was keyed by owner
 * (under the application's name alone, its owner inside) until it is saved again.
 */
async function readStored(rejectedId: number, owner: string): Promise<ReapplyDraft | undefined> {
  const own = await get<ReapplyDraft>(ownedKey(owner, nameOf(rejectedId)), reapplyDb());
  if (own) return own;
  const legacy = await get<ReapplyDraft & { owner?: string }>(nameOf(rejectedId), reapplyDb());
  if (!legacyOwnedBy(legacy, owner)) return undefined;
  const { owner: _owner, ...draft } = legacy!;
  return draft;
}

/** Removes a draft saved the old way, once it is this owner's and saved the new way (or cleared). */
async function dropLegacy(rejectedId: number, owner: string): Promise<void> {
  if (legacyOwnedBy(await get(nameOf(rejectedId), reapplyDb()), owner)) await del(nameOf(rejectedId), reapplyDb());
}

/** The saved form of this rejected application, or null (none, someone else's, or abandoned). */
export async function readDraft(rejectedId: number): Promise<ReapplyDraft | null> {
  const stored = await readStored(rejectedId, await currentOwner());
  if (!stored || Date.now() - stored.savedAt > MAX_AGE_MS) return null;
  return { ...stored, documents: stored.documents ?? {} };
}

/** Saves one after another: two quick saves (two files chosen at once) must not overwrite each other. */
let queue: Promise<unknown> = Promise.resolve();

/** Merges `patch` into the saved draft (the first save must carry the form values). */
export function saveDraft(rejectedId: number, patch: Partial<ReapplyDraft>): Promise<void> {
  const run = queue.then(() => writeDraft(rejectedId, patch));
  queue = run.catch(() => undefined);
  return run;
}

async function writeDraft(rejectedId: number, patch: Partial<ReapplyDraft>): Promise<void> {
  const owner = await currentOwner();
  const previous = await readDraft(rejectedId);
  const values = patch.values ?? previous?.values;
  if (!values) throw new Error('No applicant data to save.');
  const next: ReapplyDraft = {
    documents: {},
    bankId: null,
    submission: null,
    ...previous,
    ...patch,
    values,
    savedAt: Date.now(),
  };
  await set(ownedKey(owner, nameOf(rejectedId)), next, reapplyDb());
  await dropLegacy(rejectedId, owner);
  askPersistentStorage();
}

/** The key to send for a submission with this fingerprint: the same as last time if nothing changed. */
export async function keyForSubmission(rejectedId: number, fingerprint: string): Promise<string> {
  const draft = await readDraft(rejectedId);
  if (draft?.submission?.fingerprint === fingerprint) return draft.submission.key;
  const key = newIdempotencyKey();
  await saveDraft(rejectedId, { submission: { fingerprint, key } });
  return key;
}

export async function forgetSubmissionKey(rejectedId: number): Promise<void> {
  if (await readDraft(rejectedId)) await saveDraft(rejectedId, { submission: null });
}

/** After the server accepted the re-application: the draft has done its work. */
export function clearDraft(rejectedId: number): Promise<void> {
  // Queued too, so a save still on its way cannot bring the draft back after it.
  const run = queue.then(async () => {
    const owner = await currentOwner();
    await del(ownedKey(owner, nameOf(rejectedId)), reapplyDb());
    await dropLegacy(rejectedId, owner);
  });
  queue = run.catch(() => undefined);
  return run;
}

/** A refused (or expired) queued re-application goes back into this form, documents included. */
export async function restoreReapplyDraft(
  rejectedId: number,
  copy: { values: ApplicantFormValues; bankId: number | null },
  files: Record<string, { blob: Blob; name: string }>,
  force: boolean,
): Promise<boolean> {
  if (!force && (await readDraft(rejectedId))) return false;
  const at = Date.now();
  const documents = Object.fromEntries(
    Object.entries(files).map(([kind, f]) => [
      kind,
      { blob: f.blob, name: f.name, type: f.blob.type, size: f.blob.size, at },
    ]),
  );
  await saveDraft(rejectedId, { values: copy.values, documents, bankId: copy.bankId, submission: null });
  return true;
}
