import { useCallback, useEffect, useState } from 'react';
import type { ApplicationDetail } from '../../contract/application';
import { api, ApiError } from './api-client';
import { currentLanguage } from './i18n';

/**
 * GET /v1/citizen/resident-certificate/{id}: one application, shared by the payment, detail,
 * certificate and applied-before screens. Place and bank names come in the interface language,
 * so it reloads when the language changes.
 */
export async function fetchApplication(id: number, signal?: AbortSignal): Promise<ApplicationDetail> {
  return (await api<{ data: ApplicationDetail }>(`/v1/citizen/resident-certificate/${id}`, { signal })).data;
}

export type ApplicationState =
  | { status: 'loading'; application: null; error: null }
  | { status: 'ready'; application: ApplicationDetail; error: null }
  | { status: 'not-found' | 'failed'; application: null; error: unknown };

export function useApplication(id: number): ApplicationState & { reload(): void } {
  const [state, setState] = useState<ApplicationState>({ status: 'loading', application: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const language = currentLanguage();
  useEffect(() => {
    if (!id) {
      setState({ status: 'not-found', application: null, error: null });
      return;
    }
    const controller = new AbortController();
    fetchApplication(id, controller.signal).then(
      (application) => setState({ status: 'ready', application, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setState({ status: missing ? 'not-found' : 'failed', application: null, error });
      },
    );
    return () => controller.abort();
  }, [id, attempt, language]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
