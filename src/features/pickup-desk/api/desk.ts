import type { DeskDay, PrintAnswer } from '../../../../contract/pickup-desk';
import { api, apiFetch, ApiError, newIdempotencyKey } from '../../../lib/api-client';

const BASE = '/v1/officer/pickup-desk';

/** A day's bookings of one district office, by slot. */
export async function fetchDeskDay(date: string, district: number | undefined, signal?: AbortSignal): Promise<DeskDay> {
  const query = new URLSearchParams({ date });
  if (district) query.set('district_id', String(district));
  return (await api<{ data: DeskDay }>(`${BASE}?${query}`, { signal })).data;
}

export async function checkIn(id: number): Promise<void> {
  await api(`${BASE}/${id}/check-in`, { method: 'POST', body: {} });
}

/** Whether the number shown is the one on record. */
export async function compareId(id: number, idNumber: string, method: 'typed' | 'card_photo'): Promise<boolean> {
  return (
    await api<{ data: { matched: boolean } }>(`${BASE}/${id}/compare-id`, {
      method: 'POST',
      body: { id_number: idNumber, method },
    })
  ).data.matched;
}

/** One key per hand-over attempt: a retry after a lost answer hands over once. */
export async function handOver(id: number, recipient: { holder: boolean; name?: string }, key = newIdempotencyKey()) {
  await api(`${BASE}/${id}/hand-over`, {
    method: 'POST',
    body: { recipient_is_holder: recipient.holder, ...(recipient.holder ? {} : { recipient_name: recipient.name }) },
    idempotencyKey: key,
  });
}

export async function setCapacity(district: number, capacity: number): Promise<void> {
  await api(`${BASE}/capacity`, { method: 'PUT', body: { district_id: district, capacity } });
}

/** Records the day's print (the answer says if printed before), then fetches the one PDF and opens it for printing. */
export async function printDay(date: string, district: number): Promise<PrintAnswer> {
  return (await api<{ data: PrintAnswer }>(`${BASE}/print`, { method: 'POST', body: { date, district_id: district } }))
    .data;
}

export async function downloadBatch(batch: number, fileName: string): Promise<void> {
  const res = await apiFetch(`${BASE}/print/${batch}`, { timeoutMs: 120_000 });
  if (!res.ok) throw new ApiError('http', res.status, String(res.status), 'Print failed');
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
