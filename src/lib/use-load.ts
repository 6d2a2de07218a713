import { useCallback, useEffect, useState, type DependencyList } from 'react';

export type Loaded<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'failed'; data: null; error: unknown };

const LOADING = { status: 'loading', data: null, error: null } as const;

/**
 * The one way a screen loads data (docs/architecture.md#loading-data): loading (the screen shows a
 * skeleton), ready, or failed (the screen says what to do next and offers `retry`). A request still
 * running when the screen is left or the inputs change is aborted and its answer ignored. Offline
 * copies and the "showing data from" notice need nothing here: the API client answers from the
 * copy and marks it shown (offline-data.ts).
 *
 * `load` null: not ready to ask yet (an input still unknown), the state stays loading.
 * `keep`: while loading again (a retry, another language), what is shown stays until the new answer.
 */
export function useLoad<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  deps: DependencyList,
  { keep = false }: { keep?: boolean } = {},
): Loaded<T> & { retry(): void } {
  const [state, setState] = useState<Loaded<T>>(LOADING);
  const [attempt, setAttempt] = useState(0);
  const waiting = load === null;
  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    setState((s) => (s.status === 'loading' || (keep && s.status === 'ready') ? s : LOADING));
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data, error: null }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'failed', data: null, error }),
    );
    return () => controller.abort();
    // The caller names what the load depends on; `load` itself is a new function every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, waiting, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
