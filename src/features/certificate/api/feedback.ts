import { api } from '../../../lib/api-client';

const path = (id: number) => `/v1/citizen/resident-certificate/${id}/feedback`;

/** The citizen's answer to the satisfaction question, or null when not answered. */
export async function fetchFeedback(id: number, signal?: AbortSignal): Promise<number | null> {
  return (await api<{ data: { rating: number | null } }>(path(id), { signal })).data.rating;
}

/** 1 (very dissatisfied) to 5 (very satisfied). */
export async function sendFeedback(id: number, rating: number): Promise<void> {
  await api(path(id), { method: 'POST', body: { rating } });
}
