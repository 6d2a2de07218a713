import type { ApplicationDetail } from '../../contract/application';
import { api, ApiError } from './api-client';
import { currentLanguage } from './i18n';
import { useLoad } from './use-load';

/**
 * GET /v1/citizen/resident-certificate/{id}: one application, shared by the payment, detail,
 * certificate and applied-before screens. Place and bank names come in the interface language,
 * so it reloads when the language changes.
 */
export async function fetchApplication(id: number, signal?: AbortSignal): Promise<ApplicationDetail> {
  return (await api<{ data: ApplicationDetail }>(`/v1/citizen/resident-certificate/${id}`, { signal })).data;
}

export type RecordState<T> =
  | { status: 'loading'; application: null; error: null }
  | { status: 'ready'; application: T; error: null }
  | { status: 'not-found' | 'failed'; application: null; error: unknown };

/**
 * One application by id, the citizen's or the officer's view of it (useLoad): an id that is none
 * or that the server does not know (404, or 400 for a malformed one) is "not found", apart from a
 * failure that a retry may fix. Loaded again in the interface language when it changes, the one
 * shown staying until then; `reload` after a change made to it.
 */
export function useRecord<T>(
  id: number,
  fetch: (id: number, signal: AbortSignal) => Promise<T>,
): RecordState<T> & { reload(): void } {
  const language = currentLanguage();
  const loaded = useLoad(id ? (signal) => fetch(id, signal) : null, [id, language], { keep: true });
  const reload = loaded.retry;
  if (!id) return { status: 'not-found', application: null, error: null, reload };
  if (loaded.status === 'ready') return { status: 'ready', application: loaded.data, error: null, reload };
  if (loaded.status === 'loading') return { status: 'loading', application: null, error: null, reload };
  const missing = loaded.error instanceof ApiError && (loaded.error.status === 404 || loaded.error.status === 400);
  return { status: missing ? 'not-found' : 'failed', application: null, error: loaded.error, reload };
}

export const useApplication = (id: number) => useRecord(id, fetchApplication);
