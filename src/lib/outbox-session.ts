import { createStore, del } from 'idb-keyval';
import { OUTBOX_DB, OUTBOX_SESSION_KEY, OUTBOX_STORE } from './outbox-keys';
import { useSession } from './session';

/**
 * The outbox's copy of the session (the service worker cannot read local storage) must never
 * outlive the session itself: when the session ends — sign-out, expiry, a 401 — it is removed at
 * once, on any screen, public ones included, so the worker sends nothing until the citizen signs in
 * again. Writing it needs the citizen's identity and happens in the signed-in area (features/outbox).
 * Tiny on purpose: it is part of every first screen.
 */

let db: ReturnType<typeof createStore> | null = null;
export const outboxEntryDb = () => (db ??= createStore(OUTBOX_DB, OUTBOX_STORE));

export function forgetOutboxSessionWhenSignedOut(): void {
  if (typeof indexedDB === 'undefined') return;
  const drop = () => void del(OUTBOX_SESSION_KEY, outboxEntryDb()).catch(() => undefined);
  if (!useSession.getState().token) drop();
  useSession.subscribe((now, before) => {
    if (!now.token && before.token) drop();
  });
}
