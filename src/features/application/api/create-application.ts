import * as v from 'valibot';
import { applicantData } from '../../../../contract/application';
import { APPLICATION_DOCUMENTS, type ApplicationDocumentKind } from '../../../../contract/documents';
import type { OutboxRequestInput } from '../../../lib/outbox/submit';
import type { ApplicantValues, ChosenBank } from '../stores/applicant-draft';
import type { ApplicationDraftCopy } from '../stores/restore-draft';

export interface DocumentToSend {
  blob: Blob;
  name: string;
}

/**
 * POST …/create-new as an outbox request: applicant data (ids as integers), the three documents
 * (resumable uploads named by id, docs/decisions.md#documents-travel-as-files-not-data-urls) and the bank, under the
 * draft's Idempotency-Key, so a retry after a lost answer never creates a second application. The
 * typed values and bank go along to be put back into the draft if the server refuses it.
 */
export function createApplicationRequest(
  values: ApplicantValues,
  documents: Record<ApplicationDocumentKind, DocumentToSend>,
  bank: ChosenBank,
  idempotencyKey: string,
): OutboxRequestInput {
  const data = v.parse(applicantData, values);
  const draft: ApplicationDraftCopy = { values, bank };
  return {
    kind: 'create-new',
    path: '/v1/citizen/resident-certificate/create-new',
    idempotencyKey,
    payload: {
      fields: { ...data, bank_id: bank.id },
      files: Object.fromEntries(APPLICATION_DOCUMENTS.map((kind) => [kind, documents[kind]])),
      draft,
    },
  };
}
