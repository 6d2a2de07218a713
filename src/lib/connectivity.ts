import { create, type StoreApi, type UseBoundStore } from 'zustand';

/**
 * Whether our server can be reached: `navigator.onLine` says "online" on a captive portal or a dead
 * mobile link, so the answer comes from a light GET /api/health with a few seconds' timeout.
 * Minimal version of the shared interface (the full one also checks periodically with backoff).
 */
export type ConnectivityStatus = 'online' | 'offline' | 'unknown';

export const useConnectivity: UseBoundStore<StoreApi<{ status: ConnectivityStatus; lastCheckedAt: number | null }>> = create(() => ({
  status: 'unknown' as ConnectivityStatus,
  lastCheckedAt: null as number | null,
}));

const TIMEOUT_MS = 4_000;

/** GET /api/health with a few seconds' timeout; updates the store; resolves true when the server answered. */
export async function checkConnectivity(): Promise<boolean> {
  let reachable = false;
  try {
    const res = await fetch('/api/health', { cache: 'no-store', headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    reachable = (res.headers.get('content-type') ?? '').includes('application/json');
  } catch {
    reachable = false;
  }
  useConnectivity.setState({ status: reachable ? 'online' : 'offline', lastCheckedAt: Date.now() });
  return reachable;
}

/** Calls cb each time the status turns to 'online'; returns an unsubscribe function. */
export function onBackOnline(cb: () => void): () => void {
  const onOnline = () => void checkConnectivity();
  window.addEventListener('online', onOnline);
  const unsubscribe = useConnectivity.subscribe((now, before) => {
    if (now.status === 'online' && before.status !== 'online') cb();
  });
  return () => {
    window.removeEventListener('online', onOnline);
    unsubscribe();
  };
}
