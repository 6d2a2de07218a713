import type { OfficerAction, OfficerApplicationDetail, OfficerQueue } from '../../../../contract/officer';
import type { OfficeAssignment, OfficerAccount } from '../../../../contract/offices';
import type { Status } from '../../../../contract/status';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { forgetProfile } from '../../../lib/profile';
import { useSession } from '../../../lib/session';

const BASE = '/v1/officer/applications';

export interface QueueFilter {
  status?: Status;
  q?: string;
  page?: number;
}

export async function fetchQueue(filter: QueueFilter, signal?: AbortSignal): Promise<OfficerQueue> {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return (await api<{ data: OfficerQueue }>(`${BASE}${query ? `?${query}` : ''}`, { signal })).data;
}

export async function fetchOfficerApplication(id: number, signal?: AbortSignal): Promise<OfficerApplicationDetail> {
  return (await api<{ data: OfficerApplicationDetail }>(`${BASE}/${id}`, { signal })).data;
}

/**
 * One action of the status machine. The key is made once per attempt by the caller, so a retry
 * after a lost answer cannot verify a payment or issue a certificate twice.
 */
export async function runOfficerAction(
  id: number,
  action: OfficerAction,
  notes: string,
  idempotencyKey = newIdempotencyKey(),
) {
  const body = notes.trim() ? { notes: notes.trim() } : {};
  return api<{ data: { id: number; status: Status; certificate_code: string | null } }>(`${BASE}/${id}/${action}`, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

/** Ends the session on the server, then on this device (the back office has no account screen). */
export async function officerLogout(): Promise<void> {
  await api('/v1/auth/logout', { method: 'POST' }).catch(() => undefined);
  forgetProfile();
  useSession.getState().signOut();
}

/** Admins: the officers of their office, with role and office (GET /v1/officer/accounts). */
export async function fetchOfficerAccounts(signal?: AbortSignal): Promise<OfficerAccount[]> {
  return (await api<{ data: OfficerAccount[] }>('/v1/officer/accounts', { signal })).data;
}

/** Admins: give an officer an office inside their own (PUT /v1/officer/accounts/:id/office). */
export async function assignOffice(id: number, office: OfficeAssignment): Promise<OfficerAccount> {
  return (await api<{ data: OfficerAccount }>(`/v1/officer/accounts/${id}/office`, { method: 'PUT', body: office }))
    .data;
}
