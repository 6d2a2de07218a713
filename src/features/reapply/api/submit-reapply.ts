import * as v from 'valibot';
import { applicantData } from '../../../../contract/application';
import { APPLICATION_DOCUMENTS, type ApplicationDocumentKind } from '../../../../contract/documents';
import type { ApplicantFormValues } from '../../../components/forms/applicant-fields';
import { blobToDataUrl } from '../../../lib/document-files';
import { uploadJson } from '../../../lib/upload';

export interface ReapplyDocument {
  blob: Blob;
  name: string;
}

/**
 * POST …/re-apply (DECISIONS §2): the applicant fields (ids as integers), the three documents as
 * data URLs made only now, the bank and the id of the rejected application. The Idempotency-Key
 * makes a retry after a lost answer return the first answer instead of failing as 'already
 * submitted again'.
 */
export async function submitReapply(
  rejectedId: number,
  values: ApplicantFormValues,
  documents: Record<ApplicationDocumentKind, ReapplyDocument>,
  bankId: number,
  opts: { idempotencyKey: string; onProgress?(fraction: number): void },
): Promise<number> {
  const data = v.parse(applicantData, values);
  const body: Record<string, unknown> = { ...data, bank_id: bankId, id: rejectedId };
  for (const kind of APPLICATION_DOCUMENTS) {
    body[kind] = await blobToDataUrl(documents[kind].blob);
    body[`${kind}_name`] = documents[kind].name;
  }
  const res = await uploadJson<{ data: { id: number } }>('/v1/citizen/resident-certificate/re-apply', body, opts);
  return res.data.id;
}
