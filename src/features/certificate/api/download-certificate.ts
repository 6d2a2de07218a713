import { apiFetch, ApiError } from '../../../lib/api-client';
import { readThroughFile } from '../../../lib/offline-data';
import { validToken } from '../../../lib/session';

/**
 * GET …/{id}/download-2 with the bearer token, saved as `<ticket>.pdf`. The PDF is made
 * on the server on demand; here it only becomes a Blob and a download link for a moment.
 * Without a token nothing is requested (spec: 'Token is missing').
 */
export async function downloadCertificate(id: number, ticket: string): Promise<boolean> {
  if (!validToken()) {
    console.warn('Token is missing');
    return false;
  }
  // Once downloaded, the PDF is kept on the device and can be saved again without a connection.
  const path = `/v1/citizen/resident-certificate/${id}/download-2`;
  const blob = await readThroughFile(path, async () => {
    const res = await apiFetch(path, { timeoutMs: 60_000 });
    if (!res.ok || !res.headers.get('content-type')?.startsWith('application/pdf')) {
      throw new ApiError('http', res.status, String(res.status), 'Download failed');
    }
    return res.blob();
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${ticket}.pdf`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some mobile browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
