import { api, newIdempotencyKey } from '../../../lib/api-client';

/** A note officers leave on a case for each other (never shown to the citizen). */
export interface InternalNote {
  id: number;
  kind: 'note' | 'escalation';
  body: string;
  created_at: string;
  author: { id: number; name: string; email: string } | null;
  to: { id: number; name: string; email: string } | null;
}

const base = (id: number) => `/v1/officer/applications/${id}`;

export async function fetchInternalNotes(id: number, signal?: AbortSignal): Promise<InternalNote[]> {
  return (await api<{ data: InternalNote[] }>(`${base(id)}/notes`, { signal })).data;
}

export async function addInternalNote(id: number, body: string): Promise<void> {
  await api(`${base(id)}/notes`, { method: 'POST', body: { body }, idempotencyKey: newIdempotencyKey() });
}

/** POST …/escalate: hand the question to a named senior officer, with a note saying what to decide. */
export async function escalateCase(id: number, officerId: number, note: string): Promise<void> {
  await api(`${base(id)}/escalate`, {
    method: 'POST',
    body: { officer_id: officerId, note },
    idempotencyKey: newIdempotencyKey(),
  });
}
