import { useCallback, useEffect, useState, type DependencyList } from 'react';

export type Remote<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown };

/**
 * Data a screen loads from the API: loading (skeleton), ready, or failed with a retry. A request
 * still running when the screen is left or the inputs change is aborted, and its answer ignored.
 */
export function useRemote<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): Remote<T> & { retry(): void } {
  const [state, setState] = useState<Remote<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.status === 'loading' ? s : { status: 'loading' }));
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'failed', error }),
    );
    return () => controller.abort();
    // The caller names what the load depends on; `load` itself is a new function every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
