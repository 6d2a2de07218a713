/// <reference lib="webworker" />
import { fetchTransport } from '../src/lib/outbox/send';
import { replayOutbox } from '../src/lib/outbox/replay';
import { OUTBOX_SYNC_TAG } from '../src/lib/outbox/entry';

declare let self: ServiceWorkerGlobalScope;

/**
 * The service-worker side of the offline outbox (src/lib/outbox: the queue in IndexedDB,
 * shared with the page). Our own replay rather than workbox-background-sync's: Workbox counts any
 * HTTP answer as success and freezes the Authorization header of the moment a request was queued
 * (workbox #2599, #646); here a 401/5xx keeps the entry and every try carries the session of now.
 */
const holder = `sw:${crypto.randomUUID()}`;
const transport = fetchTransport((input, init) => fetch(input, init));

let running: Promise<Awaited<ReturnType<typeof replayOutbox>>> | null = null;
/** One round at a time in this worker; the page's rounds are kept apart by the entries' leases. */
function replay() {
  running ??= replayOutbox(transport, holder).finally(() => {
    running = null;
  });
  return running;
}

export function registerOutbox(): void {
  // Background Sync (Chromium): the browser wakes the worker when the device is back online, even
  // with no page open. Rejecting while entries still wait offline asks the browser to retry later.
  self.addEventListener('sync', (event: Event) => {
    const sync = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      replay().then((report) => {
        if (report.stoppedBy === 'offline') throw new Error('Still offline: the browser retries later.');
      }),
    );
  });

  // Worker start: whatever woke it (a navigation, an update), try what is waiting. Browsers without
  // Background Sync (Firefox, Safari) rely on this and on the page's own rounds
  // (src/lib/outbox/replay-triggers.ts: app start, sign-in, back online, growing pause).
  void replay().catch(() => undefined);
}
