import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { create } from 'zustand';
import { fingerprint } from './fingerprint';

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
 * that fetched it. Everything is removed at sign-out and when the session expires (spec §4).
 */

/** Personal GET answers worth keeping. Anything else (OTP, login, password, reset, proof upload) never is. */
const KEPT: RegExp[] = [
  /^\/v1\/citizen\/resident-certificate\/history(\?.*)?$/,
  /^\/v1\/citizen\/resident-certificate\/\d+$/,
  /^\/v1\/citizen\/resident-certificate\/fee$/,
  /^\/v1\/citizen\/user\/profile$/,
  /^\/v1\/notifications\/$/,
];
/**
 * An application's documents and its certificate PDF: kept once the citizen has opened them, not
 * fetched ahead (up to 10 MB each — our users pay for every byte).
 */
const KEPT_FILES: RegExp[] = [/^\/v1\/citizen\/resident-certificate\/\d+\/(documents\/[a-z_]+|download-2)$/];

export const isKeptResponse = (path: string) => KEPT.some((re) => re.test(path));
export const isKeptFile = (path: string) => KEPT_FILES.some((re) => re.test(path));

let db: UseStore | null = null;
/** Opened on first use: the public screens load this module but never open the database. */
const store = () => (db ??= createStore('rc-offline-data', 'responses'));

const TOKEN = 'token';
const owner = (): string | null => {
  const token = localStorage.getItem(TOKEN);
  return token ? fingerprint(`session:${token}`) : null;
};

interface Copy<T> { savedAt: number; body: T }

/** Which copies the screen at each address is showing: `${screen}\n${request}` → savedAt. */
export const useOfflineCopies = create<{ shown: Record<string, number> }>(() => ({ shown: {} }));

const screen = () => (typeof location === 'undefined' ? '' : location.pathname);

function markShown(key: string, savedAt: number | null) {
  const shown = { ...useOfflineCopies.getState().shown };
  if (savedAt === null) {
    if (!(key in shown)) return;
    delete shown[key];
  } else shown[key] = savedAt;
  useOfflineCopies.setState({ shown });
}

/** The oldest copy the screen at `pathname` is showing, or null when all it shows is fresh. */
export function oldestCopyShown(shown: Record<string, number>, pathname: string): number | null {
  let oldest: number | null = null;
  for (const [key, at] of Object.entries(shown)) {
    if (key.startsWith(`${pathname}\n`) && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest;
}

const isConnectionFailure = (err: unknown) => {
  const kind = (err as { kind?: string } | null)?.kind;
  return kind === 'network' || kind === 'timeout';
};

/**
 * Answers from the network and keeps a copy; when the network gives no answer at all (offline,
 * timeout), answers from the copy and marks it shown so the screen's notice appears. An answer
 * from the server — an error too — is never replaced by a copy.
 */
export async function readThrough<T>(path: string, load: () => Promise<T>): Promise<T> {
  const who = owner();
  if (!who) return load();
  const key = `${who}|${path}`;
  const shownKey = `${screen()}\n${path}`;
  try {
    const body = await load();
    markShown(shownKey, null);
    // A full disk or a private window must not break the screen: the copy is a bonus.
    set(key, { savedAt: Date.now(), body } satisfies Copy<T>, store()).catch(() => undefined);
    return body;
  } catch (err) {
    if (!isConnectionFailure(err)) throw err;
    const copy = await get<Copy<T>>(key, store()).catch(() => undefined);
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
