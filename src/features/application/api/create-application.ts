import * as v from 'valibot';
import { applicantData } from '../../../../contract/application';
import { APPLICATION_DOCUMENTS, type ApplicationDocumentKind } from '../../../../contract/documents';
import { blobToDataUrl } from '../../../lib/document-files';
import { uploadJson } from '../../../lib/upload';
import type { ApplicantValues } from '../stores/applicant-draft';

export interface DocumentToSend {
  blob: Blob;
  name: string;
}

/**
 * POST …/create-new: applicant data (ids as integers), the three documents as data URLs (made
 * now, not before — DECISIONS §2) with their file names, and the bank. Sent with an
 * Idempotency-Key so a retry after a lost answer never creates a second application.
 */
export async function createApplication(
  values: ApplicantValues,
  documents: Record<ApplicationDocumentKind, DocumentToSend>,
  bankId: number,
  opts: { idempotencyKey: string; onProgress?(fraction: number): void },
): Promise<number> {
  const data = v.parse(applicantData, values);
  const body: Record<string, unknown> = { ...data, bank_id: bankId };
  for (const kind of APPLICATION_DOCUMENTS) {
    body[kind] = await blobToDataUrl(documents[kind].blob);
    body[`${kind}_name`] = documents[kind].name;
  }
  const res = await uploadJson<{ data: { id: number } }>('/v1/citizen/resident-certificate/create-new', body, opts);
  return res.data.id;
}
