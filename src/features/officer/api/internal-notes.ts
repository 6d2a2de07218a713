import type { InternalNote } from '../../../../contract/officer-day';
import { api, newIdempotencyKey } from '../../../lib/api-client';

const base = (id: number) => `/v1/officer/applications/${id}`;

/** POST …/notes: a note for the officers of the office (never shown to the citizen). */
export async function addInternalNote(id: number, body: string): Promise<InternalNote> {
  return (
    await api<{ data: InternalNote }>(`${base(id)}/notes`, {
      method: 'POST',
      body: { body },
      idempotencyKey: newIdempotencyKey(),
    })
  ).data;
}

/** POST …/escalate: hand the question to a named senior officer, with a note saying what to decide. */
export async function escalateCase(id: number, officerId: number, note: string, idempotencyKey: string): Promise<void> {
  await api(`${base(id)}/escalate`, { method: 'POST', body: { officer_id: officerId, note }, idempotencyKey });
}
