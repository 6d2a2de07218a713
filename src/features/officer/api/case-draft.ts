import type { CorrectableField, REQUESTABLE_DOCUMENTS } from '../../../../contract/application';
import { api } from '../../../lib/api-client';

/**
 * What the officer has typed on a case and not sent yet, kept on the server (never in the
 * browser): when a claim lapses or the tab closes, nothing typed is lost, and nothing of the
 * citizen's case stays on the officer's machine.
 */
export interface CaseDraft {
  reject?: { reason_codes: string[]; notes: string };
  request?: {
    reason_codes: string[];
    message: string;
    documents: (typeof REQUESTABLE_DOCUMENTS)[number][];
    fields: CorrectableField[];
  };
  note?: string;
  escalate?: { officer_id: number | null; note: string };
}

const path = (id: number) => `/v1/officer/applications/${id}/draft`;

export async function fetchCaseDraft(id: number, signal?: AbortSignal): Promise<CaseDraft> {
  const { data } = await api<{ data: { body?: CaseDraft } | CaseDraft | null }>(path(id), { signal });
  if (!data) return {};
  return 'body' in data && data.body && typeof data.body === 'object' ? data.body : (data as CaseDraft);
}

export async function saveCaseDraft(id: number, draft: CaseDraft): Promise<void> {
  await api(path(id), { method: 'PUT', body: { body: draft } });
}
