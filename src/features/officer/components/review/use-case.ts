import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { fetchCase, type OfficerCase } from '../../api/case-detail';
import { takeAheadCase } from '../../api/next-case';

export type CaseState =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: OfficerCase; error: null }
  | { status: 'not-found'; data: null; error: null }
  | { status: 'failed'; data: null; error: unknown };

/**
 * One case: shown at once when it was fetched ahead (the next case after a decision), then asked
 * again so the claim and the clock are today's. `reload` keeps the case on screen meanwhile.
 */
export function useCase(id: number) {
  const [state, setState] = useState<CaseState>(() => {
    const ahead = takeAheadCase(id);
    return ahead ? { status: 'ready', data: ahead, error: null } : { status: 'loading', data: null, error: null };
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchCase(id, controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setState((s) =>
          missing
            ? { status: 'not-found', data: null, error: null }
            : s.status === 'ready'
              ? s
              : { status: 'failed', data: null, error },
        );
      },
    );
    return () => controller.abort();
  }, [id, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
