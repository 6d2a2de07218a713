import { holdUpdates } from '../service-worker';
import { useSession } from '../session';
import { OUTBOX_SYNC_TAG } from './entry';
import { replayOutbox } from './replay';
import { fetchTransport } from './send';
import { publishOutboxSession } from './page-session';
import { refreshOutbox } from './outbox-store';
import { holder } from './holder';

/**
 * When the page replays the outbox: at app start (signed-in area), when the server can be reached
 * again (the `online` event and the connectivity check), after sign-in, and with a growing delay
 * while anything still waits — browsers without Background Sync (Firefox, Safari) have only these.
 * Where Background Sync exists the service worker is woken for it too; the entries' leases keep
 * the two from sending one entry at the same time.
 */
const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 5 * 60_000;
let retryDelay = FIRST_RETRY_MS;
let retryTimer: number | undefined;
let running: Promise<void> | null = null;

async function registerSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = (
    registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
  )?.sync;
  await sync?.register(OUTBOX_SYNC_TAG);
}

export function replayNow(): Promise<void> {
  running ??= (async () => {
    window.clearTimeout(retryTimer);
    const session = await publishOutboxSession().catch(() => null);
    if (!session) return;
    const release = holdUpdates();
    const report = await replayOutbox(fetchTransport(), holder).finally(release);
    if (report.stoppedBy === 'session') useSession.getState().signOut();
    if (report.waiting && report.stoppedBy !== 'session') {
      retryTimer = window.setTimeout(() => void replayNow(), retryDelay);
      retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
    } else {
      retryDelay = FIRST_RETRY_MS;
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      running = null;
      void refreshOutbox();
    });
  return running;
}

/**
 * After an entry was queued: ask for Background Sync, and retry from the page as well — soon when
 * the server is reachable (the answer was lost: settle it while the citizen is still looking).
 */
export function requestReplaySoon(serverReachable = false): void {
  void registerSync().catch(() => undefined);
  window.clearTimeout(retryTimer);
  retryDelay = FIRST_RETRY_MS;
  retryTimer = window.setTimeout(() => void replayNow(), serverReachable ? 2_000 : retryDelay);
}

/** Back online: try at once, from the first delay again. */
export function onReconnected(): void {
  retryDelay = FIRST_RETRY_MS;
  void replayNow();
}
