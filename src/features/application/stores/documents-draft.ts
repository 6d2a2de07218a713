import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { del, get, set as idbSet } from 'idb-keyval';
import type { ApplicationDocumentKind, FileType } from '../../../../contract/documents';
import { askPersistentStorage } from '../../../lib/persistent-storage';
import { APPLICATION_DRAFTS, currentOwnerKey, persistStorage } from '../../../lib/device-stores';
import { draftDb } from './storage';

/** What the state keeps of a document; the bytes are a Blob in their own IndexedDB entry. */
export interface StoredDocument {
  id: string;
  name: string;
  size: number;
  type: FileType;
  /** The chosen file's size when the photo was made smaller before it was kept. */
  originalSize?: number;
}

interface DocumentsDraftState {
  files: Partial<Record<ApplicationDocumentKind, StoredDocument>>;
  savedAt: number;
}

interface DocumentsDraftActions {
  /** Saves the bytes first, then points the state at them, then drops the file it replaced. */
  put(
    kind: ApplicationDocumentKind,
    file: Blob,
    meta: { name: string; type: FileType; originalSize?: number },
  ): Promise<void>;
  remove(kind: ApplicationDocumentKind): Promise<void>;
  blobOf(kind: ApplicationDocumentKind): Promise<Blob | undefined>;
  clear(): Promise<void>;
}

const blobKey = (id: string) => currentOwnerKey(`document:${id}`);

/**
 * The three documents of step 2 (spec `documentSubmission`). Persisting the whole state on every
 * change is cheap because it holds only ids and names; three 10 MB Blobs are written once each.
 */
export const useDocumentsDraft = create<DocumentsDraftState & DocumentsDraftActions>()(
  persist(
    (set, getState) => ({
      files: {},
      savedAt: 0,
      async put(kind, file, meta) {
        const id = crypto.randomUUID();
        await idbSet(blobKey(id), new Blob([file], { type: meta.type }), draftDb());
        // A draft worth keeping: ask the browser not to evict it under storage pressure.
        askPersistentStorage();
        const previous = getState().files[kind];
        set({
          files: { ...getState().files, [kind]: { id, ...meta, size: file.size } },
          savedAt: Date.now(),
        });
        if (previous) await del(blobKey(previous.id), draftDb());
      },
      async remove(kind) {
        const previous = getState().files[kind];
        const files = { ...getState().files };
        delete files[kind];
        set({ files, savedAt: Date.now() });
        if (previous) await del(blobKey(previous.id), draftDb());
      },
      async blobOf(kind) {
        const doc = getState().files[kind];
        return doc ? get<Blob>(blobKey(doc.id), draftDb()) : undefined;
      },
      async clear() {
        const ids = Object.values(getState().files).map((d) => d!.id);
        set({ files: {}, savedAt: Date.now() });
        await Promise.all(ids.map((id) => del(blobKey(id), draftDb())));
      },
    }),
    {
      name: 'documentSubmission',
      version: 1,
      storage: persistStorage(APPLICATION_DRAFTS, 'citizen'),
      skipHydration: true,
      partialize: ({ files, savedAt }) => ({ files, savedAt }) as DocumentsDraftState & DocumentsDraftActions,
    },
  ),
);
