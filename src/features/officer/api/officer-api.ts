import type { OfficerAction } from '../../../../contract/officer';
import type { OfficeAssignment, OfficerAccount } from '../../../../contract/offices';
import type { Status } from '../../../../contract/status';
import { api, newIdempotencyKey } from '../../../lib/api-client';
import { forgetProfile } from '../../../lib/profile';
import { useSession } from '../../../lib/session';

const BASE = '/v1/officer/applications';

/** The body of an action: notes, or the catalogued reasons and what the citizen must send again. */
export type ActionBody = Record<string, unknown>;

/**
 * One action of the status machine. The key is made once per attempt by the caller, so a retry
 * after a lost answer cannot verify a payment or issue a certificate twice.
 */
export async function runOfficerAction(
  id: number,
  action: OfficerAction,
  body: ActionBody,
  idempotencyKey = newIdempotencyKey(),
) {
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

/** Admins: a lost device — remove an officer's passkeys and app, end their sessions. */
export async function removeOfficerCredentials(id: number): Promise<void> {
  await api(`/v1/officer/accounts/${id}/remove-credentials`, { method: 'POST', body: {} });
}

/** Admins: give an officer an office inside their own (PUT /v1/officer/accounts/:id/office). */
export async function assignOffice(id: number, office: OfficeAssignment): Promise<OfficerAccount> {
  return (await api<{ data: OfficerAccount }>(`/v1/officer/accounts/${id}/office`, { method: 'PUT', body: office }))
    .data;
}
