import type { OutboxRequestInput } from '../../../lib/outbox/submit';

/**
 * POST …/{id}/upload-payment as an outbox request: the proof (a resumable upload named by id) with its
 * file name, under the Idempotency-Key of the chosen file.
 */
export function uploadProofRequest(
  applicationId: number,
  file: { blob: Blob; name: string },
  idempotencyKey: string,
): OutboxRequestInput {
  return {
    kind: 'upload-payment',
    path: `/v1/citizen/resident-certificate/${applicationId}/upload-payment`,
    idempotencyKey,
    applicationId,
    detail: { fileName: file.name },
    payload: { fields: {}, files: { proof_of_payment: file }, draft: null },
  };
}
