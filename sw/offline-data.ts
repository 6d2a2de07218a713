/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

/**
 * Offline reading, the service worker's part. The signed-in screens' own answers are NOT cached
 * here: the page keeps them in IndexedDB per session (src/lib/offline-data.ts says why).
 * Registered before sw.ts's rules (this module is imported first), so these routes win.
 */

// The first visit is controlled too, not only the second: the place lists, banks, fee and support
// contacts the citizen loads on that first visit go through the worker and are kept for offline use.
clientsClaim();

// The whole place list (~1 MB of JSON) is kept by the page in IndexedDB with its ETag; a second
// copy in the master-data cache would only take space, and the page's If-None-Match must reach
// the server to get its 304.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname === '/api/v1/master-data/location/tree',
  new NetworkOnly(),
);
