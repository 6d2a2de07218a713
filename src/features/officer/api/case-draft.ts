import type { CaseDraftView } from '../../../../contract/officer-day';
import { api } from '../../../lib/api-client';
import { fromStored, toStored, type CaseDraft } from './case-draft-shape';

export type { CaseDraft };

const path = (id: number) => `/v1/officer/applications/${id}/draft`;

export async function fetchCaseDraft(id: number, signal?: AbortSignal): Promise<CaseDraft> {
  return fromStored((await api<{ data: CaseDraftView }>(path(id), { signal })).data.draft);
}

export async function saveCaseDraft(id: number, draft: CaseDraft): Promise<void> {
  await api(path(id), { method: 'PUT', body: toStored(draft) });
}
