import type { PickupDay } from '../../../../contract/pickup';
import { api } from '../../../lib/api-client';
import type { OutboxRequestInput } from '../../../lib/outbox/submit';

const BASE = '/v1/citizen/resident-certificate';

/** GET …/pickup-slots?date=: the day's 20 slots with what is left of each. */
export async function fetchPickupDay(date: string, signal?: AbortSignal): Promise<PickupDay> {
  return (await api<{ data: PickupDay }>(`${BASE}/pickup-slots?date=${encodeURIComponent(date)}`, { signal })).data;
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
