import type { PresentationCheck } from '../../../../contract/wallet';
import { api } from '../../../lib/api-client';

/** POST /v1/verify/presentation (public): a pasted SD-JWT VC presentation, checked by the registry. */
export async function verifyPresentation(presentation: string): Promise<PresentationCheck> {
  return (
    await api<{ data: PresentationCheck }>('/v1/verify/presentation', {
      method: 'POST',
      auth: false,
      body: { presentation },
      timeoutMs: 15_000,
    })
  ).data;
}
