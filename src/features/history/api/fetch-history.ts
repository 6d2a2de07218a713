import type { HistoryItem } from '../../../../contract/application';
import type { Status } from '../../../../contract/status';
import { api } from '../../../lib/api-client';

/** GET …/history[?status=]: the citizen's applications, newest first. */
export async function fetchHistory(status?: Status, signal?: AbortSignal): Promise<HistoryItem[]> {
  const query = status ? `?status=${encodeURIComponent(status)}` : '';
  return (await api<{ data: { items: HistoryItem[] } }>(`/v1/citizen/resident-certificate/history${query}`, { signal }))
    .data.items;
}
