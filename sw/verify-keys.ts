/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';

declare let self: ServiceWorkerGlobalScope;

const KEYS_PATH = '/api/v1/certificate-keys';
const CACHE = 'certificate-keys';

/**
 * The public keys that sign certificates' QR statements, so /verify/{code} can tell a genuine
 * certificate offline on any device that has opened the app once.
 */
export function registerVerifyKeys(): void {
  // Fetched when the worker installs, i.e. on the first visit of any page, not only a verify page:
  // a landlord who opened the app once can check a certificate later without a connection.
  // A failure (offline install) must not stop the worker from installing; the page retries later.
  self.addEventListener('install', (event) => {
    event.waitUntil(
      caches
        .open(CACHE)
        .then((cache) => cache.add(KEYS_PATH))
        .catch(() => undefined),
    );
  });

  // Our copy at once (offline too), refreshed in the background: a key never changes under its id,
  // and a new key appears in the refreshed copy.
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname === KEYS_PATH,
    new StaleWhileRevalidate({ cacheName: CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
  );
}
