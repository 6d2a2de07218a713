import { api } from '../../../lib/api-client';

const base = (id: number) => `/v1/officer/applications/${id}/claim`;

/** POST …/claim: take the case (or keep it: the claim lapses after CLAIM_MINUTES without activity). */
export async function claimCase(id: number): Promise<void> {
  await api(base(id), { method: 'POST', body: {} });
}

/** DELETE …/claim: give the case back to the queue (its holder, or an admin for anyone's). */
export async function releaseCase(id: number): Promise<void> {
  await api(base(id), { method: 'DELETE' });
}

/** POST …/claim/hand-over: an admin gives a claimed case to another officer. */
export async function handOverCase(id: number, officerId: number): Promise<void> {
  await api(`${base(id)}/hand-over`, { method: 'POST', body: { officer_id: officerId } });
}
