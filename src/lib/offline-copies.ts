import { create } from 'zustand';

/** Personal GET answers worth keeping. Anything else (OTP, login, password, reset, proof upload) never is. */
const KEPT: RegExp[] = [
  /^\/v1\/citizen\/resident-certificate\/history(\?.*)?$/,
  /^\/v1\/citizen\/resident-certificate\/\d+$/,
  /^\/v1\/citizen\/resident-certificate\/\d+\/access-log$/,
  /^\/v1\/citizen\/resident-certificate\/fee$/,
  // A day's pick-up slots: a booking can then be chosen offline and waits in the outbox.
  /^\/v1\/citizen\/resident-certificate\/pickup-slots\?date=\d{4}-\d{2}-\d{2}(&id=\d+)?$/,
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

/**
 * Which kept copies (offline-data.ts) the screen at each address is showing instead of fresh data:
 * `${screen}\n${request}` → when the copy was saved. Its own tiny module: every screen's Page reads
 * it, while the IndexedDB side loads only once a signed-in screen asks for data.
 */
export const useOfflineCopies = create<{ shown: Record<string, number> }>(() => ({ shown: {} }));

export function markShown(key: string, savedAt: number | null): void {
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
