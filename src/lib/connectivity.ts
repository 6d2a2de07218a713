import { create } from 'zustand';

/**
 * Whether our server can be reached. `navigator.onLine` says "online" on a captive portal or a
 * dead mobile link, so the answer comes from a light GET /api/health: online when our server
 * answered (JSON, whatever its status), offline when nothing came back in a few seconds.
 * Checked at app start, on the browser's `online`/`offline` events, when the tab comes back into
 * view, after a request failed for network reasons, and every few seconds (growing to a minute)
 * while offline. Tiny on purpose: it is loaded with the first screen.
 */
export type ConnectivityStatus = 'online' | 'offline' | 'unknown';

export const useConnectivity = create<{ status: ConnectivityStatus; lastCheckedAt: number | null }>(() => ({
  status: 'unknown',
  lastCheckedAt: null,
}));

const HEALTH_URL = '/api/health';
const TIMEOUT_MS = 4_000;
/** While offline: first retry after 5 s, doubling up to once a minute (a phone on a bus, not a poll storm). */
export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 60_000;

let inFlight: Promise<boolean> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelay = FIRST_RETRY_MS;

/** GET /api/health with a few seconds' timeout; updates the store; resolves true when the server answered. */
export function checkConnectivity(): Promise<boolean> {
  inFlight ??= probe().then((reachable) => {
    inFlight = null;
    useConnectivity.setState({ status: reachable ? 'online' : 'offline', lastCheckedAt: Date.now() });
    scheduleRetry(reachable);
    return reachable;
  });
  return inFlight;
}

async function probe(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(HEALTH_URL, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    // A captive portal answers too, with its own HTML page: only our server's JSON counts.
    const ours = (res.headers.get('content-type') ?? '').includes('application/json');
    // Read the (tiny) body: left unread, the request stays open and the connection held.
    await res.arrayBuffer().catch(() => undefined);
    return ours;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function scheduleRetry(reachable: boolean) {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  if (reachable) {
    retryDelay = FIRST_RETRY_MS;
    return;
  }
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void checkConnectivity();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
}

/**
 * Calls cb each time the status turns to 'online' (from 'offline', or from 'unknown' when the app
 * starts with a connection); returns an unsubscribe function.
 */
export function onBackOnline(cb: () => void): () => void {
  watchConnectivity();
  return useConnectivity.subscribe((now, before) => {
    if (now.status === 'online' && before.status !== 'online') cb();
  });
}

let watching = false;

/** Starts the checks (once per page): at once, on network events and when the tab is shown again. */
export function watchConnectivity(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  const check = () => void checkConnectivity();
  window.addEventListener('online', check);
  window.addEventListener('offline', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && useConnectivity.getState().status !== 'online') check();
  });
  check();
}

/** A request of ours failed without an answer: find out now rather than at the next event. */
export function reportNetworkFailure(): void {
  if (useConnectivity.getState().status !== 'offline') void checkConnectivity();
}
