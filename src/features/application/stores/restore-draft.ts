import type { ApplicationDocumentKind, FileType } from '../../../../contract/documents';
import { useApplicantDraft, type ApplicantValues, type ChosenBank } from './applicant-draft';
import { useDocumentsDraft } from './documents-draft';
import { loadDrafts } from './load-drafts';

/** What the payment step keeps with a queued application, to put back if the server refuses it. */
export interface ApplicationDraftCopy {
  values: ApplicantValues;
  bank: ChosenBank | null;
}

/**
 * A refused (or expired) queued application goes back into the drafts, documents included, so
 * the citizen fixes what the server named and sends again. A draft started since is left alone
 * unless the citizen asked to replace it (`force`).
 */
export async function restoreApplicationDraft(
  copy: ApplicationDraftCopy,
  files: Record<string, { blob: Blob; name: string }>,
  force: boolean,
): Promise<boolean> {
  await loadDrafts();
  const started = useApplicantDraft.getState().values || Object.keys(useDocumentsDraft.getState().files).length;
  if (started && !force) return false;
  await useDocumentsDraft.getState().clear();
  for (const [kind, file] of Object.entries(files)) {
    await useDocumentsDraft
      .getState()
      .put(kind as ApplicationDocumentKind, file.blob, { name: file.name, type: file.blob.type as FileType });
  }
  useApplicantDraft.setState({
    values: { ...copy.values },
    complete: true,
    bank: copy.bank,
    submission: null,
    savedAt: Date.now(),
  });
  return true;
}
