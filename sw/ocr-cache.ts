/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';

declare let self: ServiceWorkerGlobalScope;

const FILE_LIST = '/tesseract/files.json';

/**
 * On a first visit the page may fetch the list before this worker controls it: when a reader file
 * is stored, the list is stored too, or an offline reading could not find its files.
 */
const keepFileList: WorkboxPlugin = {
  cacheDidUpdate: async ({ cacheName }) => {
    const cache = await caches.open(cacheName);
    if (!(await cache.match(FILE_LIST))) await cache.add(FILE_LIST).catch(() => undefined);
  },
};

/**
 * The ID card reader's files: engine and Lao/English language data (several MB), under
 * /tesseract/<version>/. Not precached — most visits never read a card and our users pay for
 * every byte — but fetched in the background when a citizen starts registering, then kept.
 */
export function registerOcrCache(): void {
  // The list of files and their folder: from the network when online, so an update that brings a
  // new version of the reader is seen; the cached copy when offline, so a reading still works.
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname === FILE_LIST,
    new NetworkFirst({
      cacheName: 'ocr-reader',
      networkTimeoutSeconds: 4,
      plugins: [new CacheableResponsePlugin({ statuses: [200] })],
    }),
  );
  // A versioned file never changes: kept for good, from the cache without a request. The few
  // entries of an older version are dropped as the new ones arrive (a browser uses 5 files).
  registerRoute(
    ({ url }) => url.origin === self.location.origin && /^\/tesseract\/[^/]+\/[^/]+$/.test(url.pathname),
    new CacheFirst({
      cacheName: 'ocr-reader',
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 7, purgeOnQuotaError: false }),
        keepFileList,
      ],
    }),
  );
  // Earlier versions kept the files unversioned in a cache of this name: 10 MB nobody reads any more.
  self.addEventListener('activate', (event) => event.waitUntil(caches.delete('tesseract')));
}
