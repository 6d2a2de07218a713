import type { DecisionReason } from '../../../../contract/officer';
import { api } from '../../../lib/api-client';

export type ReasonInput = Omit<DecisionReason, 'id'>;

/** GET /v1/officer/reasons: the active reasons; `all` (admins) retired ones too. */
export async function fetchReasons(signal?: AbortSignal, all = false): Promise<DecisionReason[]> {
  return (await api<{ data: DecisionReason[] }>(`/v1/officer/reasons${all ? '?all=1' : ''}`, { signal })).data;
}

export async function createReason(reason: ReasonInput): Promise<DecisionReason> {
  return (await api<{ data: DecisionReason }>('/v1/officer/reasons', { method: 'POST', body: reason })).data;
}

export async function updateReason(id: number, reason: Partial<ReasonInput>): Promise<DecisionReason> {
  return (await api<{ data: DecisionReason }>(`/v1/officer/reasons/${id}`, { method: 'PUT', body: reason })).data;
}
