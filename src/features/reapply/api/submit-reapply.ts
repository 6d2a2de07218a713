import * as v from 'valibot';
import { applicantData } from '../../../../contract/application';
import { APPLICATION_DOCUMENTS, type ApplicationDocumentKind } from '../../../../contract/documents';
import type { ApplicantFormValues } from '../../../components/forms/applicant-fields';
import type { OutboxRequestInput } from '../../../lib/outbox/submit';

export interface ReapplyDocument {
  blob: Blob;
  name: string;
}

/**
 * POST …/re-apply (docs/decisions.md#re-applying-after-a-rejection) as an outbox request: the
 * applicant fields (ids as integers), the three documents (resumable uploads named by id), the bank
 * and the id of the rejected application. The Idempotency-Key makes a retry after a lost answer
 * return the first answer instead of failing as 'already submitted again'. The form goes along to
 * be put back if the server refuses it.
 */
export function reapplyRequest(
  rejectedId: number,
  values: ApplicantFormValues,
  documents: Record<ApplicationDocumentKind, ReapplyDocument>,
  bankId: number,
  idempotencyKey: string,
): OutboxRequestInput {
  const data = v.parse(applicantData, values);
  return {
    kind: 're-apply',
    path: '/v1/citizen/resident-certificate/re-apply',
    idempotencyKey,
    applicationId: rejectedId,
    payload: {
      fields: { ...data, bank_id: bankId, id: rejectedId },
      files: Object.fromEntries(
        APPLICATION_DOCUMENTS.map((kind) => [kind, { blob: documents[kind].blob, name: documents[kind].name }]),
      ),
      draft: { values, bankId },
    },
  };
}
