import { blobToDataUrl } from '../../../lib/document-files';
import { uploadJson } from '../../../lib/upload';

/** POST …/{id}/upload-payment: the proof as a data URL with its file name, with an Idempotency-Key. */
export async function uploadProof(applicationId: number, file: File, opts: { idempotencyKey: string; onProgress?(fraction: number): void }): Promise<void> {
  await uploadJson(`/v1/citizen/resident-certificate/${applicationId}/upload-payment`, {
    proof_of_payment: await blobToDataUrl(file),
    proof_of_payment_name: file.name,
  }, opts);
}
