import type { OfficerApplicationDetail } from '../../../../contract/officer';
import { api } from '../../../lib/api-client';

/**
 * One case as the review screen shows it: the application's detail with the clock, who holds it,
 * who reviewed it, to whom it was escalated, the requests to the citizen with their answers, the
 * officers' notes and a revocation waiting for its second officer.
 */
export type OfficerCase = OfficerApplicationDetail;

export async function fetchCase(id: number, signal?: AbortSignal): Promise<OfficerCase> {
  return (await api<{ data: OfficerCase }>(`/v1/officer/applications/${id}`, { signal })).data;
}
