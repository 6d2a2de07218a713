import { del } from 'idb-keyval';
import { deviceStore, OUTBOX_ENTRIES } from '../device-stores';
import { OUTBOX_SESSION_KEY } from './keys';

/**
 * The outbox's copy of the session (the service worker cannot read local storage) must never
 * outlive the session itself: when the session ends — sign-out, expiry, a 401 — it is removed at
 * once, on any screen (src/lib/session.ts loads this module then), so the worker sends nothing until
 * the citizen signs in again. Writing it needs the citizen's identity and happens in the signed-in
 * area (features/outbox). Loaded only when a session ends, so a visitor's first screen never carries it.
 */

export async function forgetOutboxSession(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await del(OUTBOX_SESSION_KEY, deviceStore(OUTBOX_ENTRIES)).catch(() => undefined);
}
