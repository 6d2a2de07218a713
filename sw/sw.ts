/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  LANGUAGES,
  MASTER_DATA_CACHE,
  WARMED_AT_ACTIVATION,
  isKeptMasterData,
  isPersonalEntry,
} from './master-data-route';
import { prerenderedNavigation } from './navigation';
import { registerOutbox } from './outbox';
import { registerOcrCache } from './ocr-cache';
import { installPush } from './push';
import './offline-data';
import { registerVerifyKeys } from './verify-keys';

declare let self: ServiceWorkerGlobalScope;

// The app shell (HTML, JS, CSS, the Lao font, icons): precached at install, so the app opens offline.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every app path opens offline from the precache (sw/navigation.ts picks the page); API paths never do.
registerRoute(new NavigationRoute(prerenderedNavigation, { denylist: [/^\/api\//] }));

// Provinces, districts, villages and banks change only when an operator imports a new list: show the
// copy we have at once (offline too) and refresh it in the background.
registerRoute(
  ({ url, request }) => request.method === 'GET' && isKeptMasterData(url, self.location.origin),
  new StaleWhileRevalidate({
    cacheName: MASTER_DATA_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);

// An earlier worker kept place matches, whose URLs hold the citizen's address text: remove them.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.open(MASTER_DATA_CACHE).then(async (cache) => {
      for (const request of await cache.keys()) if (isPersonalEntry(new URL(request.url))) await cache.delete(request);
    }),
  );
});

registerOcrCache();

registerVerifyKeys();

// The support contacts and the banks, fetched once at activation (a few hundred bytes each): the
// page may ask for them only later, or before it is controlled, and the citizen may be offline by
// then. A failure (offline at activation) is left to the page's own copy (src/lib/master-data-cache.ts).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.open(MASTER_DATA_CACHE).then((cache) =>
      Promise.allSettled(
        WARMED_AT_ACTIVATION.flatMap((path) =>
          LANGUAGES.map(async (language) => {
            const request = new Request(`${path}?lang=${language}`, {
              headers: { Accept: 'application/json', 'Accept-Language': language },
            });
            if (await cache.match(request)) return;
            const response = await fetch(request);
            if (response.ok) await cache.put(request, response);
          }),
        ),
      ),
    ),
  );
});

// The page asks the waiting worker to take over only when the citizen accepts the update.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The offline outbox: create, proof, pick-up and re-apply made offline are sent when back online.
registerOutbox();

// Web Push: a notice on the phone when an application changes, opening its screen when tapped.
installPush(self);
