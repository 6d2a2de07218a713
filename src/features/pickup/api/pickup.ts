import type { PickupDay } from '../../../../contract/pickup';
import { api } from '../../../lib/api-client';
import type { OutboxRequestInput } from '../../../lib/outbox/submit';

const BASE = '/v1/citizen/resident-certificate';

/** GET …/pickup-slots?date=&id=: the day's 20 slots at the application's office, with what is left of each. */
export async function fetchPickupDay(date: string, applicationId: number, signal?: AbortSignal): Promise<PickupDay> {
  const path = `${BASE}/pickup-slots?date=${encodeURIComponent(date)}&id=${applicationId}`;
  return (await api<{ data: PickupDay }>(path, { signal })).data;
}

/** POST …/{id}/set-pickup-date as an outbox request, with one Idempotency-Key per choice. */
export function setPickupDateRequest(
  id: number,
  choice: { date: string; time: string },
  idempotencyKey: string,
): OutboxRequestInput {
  return {
    kind: 'set-pickup-date',
    path: `${BASE}/${id}/set-pickup-date`,
    idempotencyKey,
    applicationId: id,
    detail: choice,
    payload: { fields: choice, files: {}, draft: null },
  };
}
