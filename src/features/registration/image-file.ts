import { MAX_FILE_BYTES, sniffType } from '../../../contract/documents';

export type ImageProblem = 'type' | 'size' | null;

/** A JPG or PNG by its first bytes (not its name), at most 10 MB: what the API will accept. */
export async function checkIdCardImage(file: Blob): Promise<ImageProblem> {
  if (file.size > MAX_FILE_BYTES) return 'size';
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const type = sniffType(head);
  return type === 'image/jpeg' || type === 'image/png' ? null : 'type';
}
