import type { HistoryItem } from '../../../../contract/application';
import { Status } from '../../../../contract/status';
import { api } from '../../../lib/api-client';

/** GET …/history?status=rejected: the citizen's rejected applications, newest first. */
export async function fetchRejected(signal?: AbortSignal): Promise<HistoryItem[]> {
  const query = `?status=${encodeURIComponent(Status.rejected)}`;
  return (await api<{ data: { items: HistoryItem[] } }>(`/v1/citizen/resident-certificate/history${query}`, { signal }))
    .data.items;
}
