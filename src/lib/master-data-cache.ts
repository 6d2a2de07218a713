/**
 * The service worker's master-data cache, written and read by the page too. On a first visit the
 * page is not always controlled yet when it asks for the support contacts or a province's
 * districts (the worker may still be installing), so the worker never sees those answers and a
 * reload offline found nothing. The page therefore puts every public list it received into the same
 * cache itself, before showing it, and reads it back when the network fails.
 *
 * The entries look like the worker's own: same URL, the Accept-Language asked for, and the server's
 * `Vary: Accept-Language`, so a Lao list never answers an English request.
 */
export const MASTER_DATA_CACHE = 'master-data';

const canCache = () => typeof caches !== 'undefined';

const keyFor = (url: string, language: string) =>
  new Request(url, { headers: { Accept: 'application/json', 'Accept-Language': language } });

export async function keepMasterData(url: string, language: string, body: unknown): Promise<void> {
  if (!canCache()) return;
  try {
    const cache = await caches.open(MASTER_DATA_CACHE);
    await cache.put(
      keyFor(url, language),
      new Response(JSON.stringify(body), {
        headers: { 'Content-Type': 'application/json; charset=utf-8', Vary: 'Accept-Language' },
      }),
    );
  } catch {
    // A full disk or a private window without Cache Storage: the list still shows, only not offline.
  }
}

export async function keptMasterData<T>(url: string, language: string): Promise<T | undefined> {
  if (!canCache()) return undefined;
  try {
    const cache = await caches.open(MASTER_DATA_CACHE);
    const hit = await cache.match(keyFor(url, language));
    return hit ? ((await hit.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}
