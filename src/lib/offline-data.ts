import { clear, get, set } from 'idb-keyval';
import { deviceStore, OFFLINE_DATA } from './device-stores';
import { fingerprint } from './fingerprint';
import { LANGUAGES } from '../../contract/master-data';
import { currentLanguage } from './i18n';
import { isKeptFile, markShown, useOfflineCopies } from './offline-copies';

/**
 * The last answer of each signed-in screen, so it opens without a connection (with a notice saying
 * how old the data is).
 *
 * Why IndexedDB written by the page and not a service-worker cache: the page knows whose session it
 * is and when it is showing a copy instead of fresh data (the notice needs the copy's time); the
 * Cache API keys by URL only, so one citizen's history would answer another's request on a shared
 * phone unless we rebuilt the key from the Authorization header; the copy exists from the first
 * visit, before any service worker controls the page; and the server's `Cache-Control: no-store`
 * on personal answers binds HTTP caches, not what the app itself decides to keep while signed in.
 *
 * Keys start with a digest of the session token: a copy is only ever read back by the session
 * that fetched it. Everything is removed at sign-out and when the session expires.
 */

const store = () => deviceStore(OFFLINE_DATA);

const TOKEN = 'token';
const owner = (): string | null => {
  const token = localStorage.getItem(TOKEN);
  return token ? fingerprint(`session:${token}`) : null;
};

interface Copy<T> {
  savedAt: number;
  body: T;
}

/** The address of the screen asking: the notice shows on that screen only. */
const screen = () => (typeof location === 'undefined' ? '' : location.pathname);

/**
 * No answer from our server: nothing came back, it came too late, something else answered (a
 * captive portal's page cannot be read as our JSON), or a gateway said the server is unreachable.
 */
const isConnectionFailure = (err: unknown) => {
  const { kind, status } = (err ?? {}) as { kind?: string; status?: number };
  return (
    kind === 'network' ||
    kind === 'timeout' ||
    kind === 'parse' ||
    (kind === 'http' && (status === 502 || status === 503 || status === 504))
  );
};

/**
 * Answers from the network and keeps a copy; when our server gives no answer (see above), answers
 * from the copy and marks it shown so the screen's notice appears. An answer from the server — an
 * error such as 401, 404 or 500 too — is never replaced by a copy.
 */
export async function readThrough<T>(path: string, load: () => Promise<T>): Promise<T> {
  const who = owner();
  if (!who) return load();
  // Place and bank names come translated: one copy per language, the other one when it is all we have.
  const language = currentLanguage();
  const key = (lang: string) => `${who}|${lang}|${path}`;
  const shownKey = `${screen()}\n${path}`;
  try {
    const body = await load();
    markShown(shownKey, null);
    // An answer arriving after sign-out is not kept. A full disk or a private window must not
    // break the screen: the copy is a bonus.
    if (owner() === who)
      set(key(language), { savedAt: Date.now(), body } satisfies Copy<T>, store()).catch(() => undefined);
    return body;
  } catch (err) {
    if (!isConnectionFailure(err)) throw err;
    let copy: Copy<T> | undefined;
    for (const lang of [language, ...LANGUAGES.filter((l) => l !== language)]) {
      copy ??= await get<Copy<T>>(key(lang), store()).catch(() => undefined);
    }
    if (!copy || owner() !== who) throw err;
    markShown(shownKey, copy.savedAt);
    return copy.body;
  }
}

/** Removes every kept personal answer (sign-out, expired session, a different citizen). */
export async function clearOfflineData(): Promise<void> {
  useOfflineCopies.setState({ shown: {} });
  await clear(store()).catch(() => undefined);
}

/** A file (document, certificate PDF): kept once opened, shown from the device without a connection. */
export const readThroughFile = (path: string, load: () => Promise<Blob>): Promise<Blob> =>
  isKeptFile(path) ? readThrough(path, load) : load();
