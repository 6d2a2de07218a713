import type { OfficerRole } from '../../../../contract/officer';
import { api } from '../../../lib/api-client';

export interface Colleague {
  id: number;
  name: string;
  email: string;
  officer_role: OfficerRole;
}

/** GET /v1/officer/colleagues: the officers of one's office (escalation, hand-over). */
export async function fetchColleagues(signal?: AbortSignal): Promise<Colleague[]> {
  return (await api<{ data: Colleague[] }>('/v1/officer/colleagues', { signal })).data;
}
