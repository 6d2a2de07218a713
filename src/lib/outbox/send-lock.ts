import { sendLockName } from './entry';

/**
 * Web Locks where the browser has them (Chromium, Firefox, Safari 15.4+; page and service worker
 * share them): a sender holds one per entry while it sends, and the browser frees it the moment
 * the sender dies, so an entry left "sending" by a closed tab or a stopped worker is known at once
 * to be free — no waiting for its lease to run out. Without Web Locks the lease alone decides.
 */
const lockManager = (): LockManager | undefined => (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;

/** Names of the locks held now, in any page or worker of this origin (null: no Web Locks here). */
export async function heldSendLocks(): Promise<Set<string> | null> {
  const locks = lockManager();
  if (!locks) return null;
  try {
    const { held } = await locks.query();
    return new Set((held ?? []).map((l) => l.name ?? ''));
  } catch {
    return null;
  }
}

/** Runs `send` holding the entry's lock; `busy` when another sender holds it. `exclusive`: we hold it. */
export async function withSendLock<T>(id: string, busy: T, send: (exclusive: boolean) => Promise<T>): Promise<T> {
  const locks = lockManager();
  if (!locks) return send(false);
  return locks.request(sendLockName(id), { ifAvailable: true }, async (lock) => (lock ? send(true) : busy));
}
