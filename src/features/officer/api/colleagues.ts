import type { Colleague } from '../../../../contract/officer-day';
import { api } from '../../../lib/api-client';

/** GET /v1/officer/colleagues: the officers of one's office (escalation, hand-over). */
export async function fetchColleagues(signal?: AbortSignal): Promise<Colleague[]> {
  return (await api<{ data: Colleague[] }>('/v1/officer/colleagues', { signal })).data;
}
