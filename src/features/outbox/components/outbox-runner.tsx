import { useCallback, useEffect, useRef, useState } from 'react';
import { onBackOnline } from '../../../lib/connectivity';
import { useSession } from '../../../lib/session';
import { askPersistentStorage } from '../../../lib/persistent-storage';
import { resolveOwner } from '../../../lib/citizen-owner';
import type { OutboxEntry } from '../../../lib/outbox/entry';
import { updateEntry } from '../../../lib/outbox/outbox-db';
import { useOutbox, watchOutbox } from '../../../lib/outbox/outbox-store';
import { onReconnected, replayNow } from '../../../lib/outbox/replay-triggers';
import { restoreEntry, setRestorers, type Restorers } from '../../../lib/outbox/restore';
import { OutboxToasts } from './outbox-toasts';

/**
 * The outbox at work while the citizen is signed in: shows their entries, replays at start, on
 * sign-in and when the server can be reached again, puts refused data back into the drafts and
 * tells the citizen how each entry ended (also those the service worker settled while the app
 * was closed).
 */
export function OutboxRunner({ restorers }: { restorers: Restorers }) {
  const { token, role } = useSession();
  const entries = useOutbox((s) => s.entries);
  const [told, setTold] = useState<OutboxEntry[]>([]);
  const handling = useRef(new Set<string>());
  setRestorers(restorers);

  useEffect(() => {
    if (!token || role !== 'citizen') return;
    let live = true;
    resolveOwner(token).then(
      (owner) => {
        if (!live) return;
        watchOutbox(owner);
        void replayNow();
      },
      () => undefined,
    );
    const stop = onBackOnline(onReconnected);
    return () => {
      live = false;
      stop();
    };
  }, [token, role]);

  useEffect(() => {
    if (entries.length) askPersistentStorage();
    for (const e of entries) {
      const settled = e.state === 'sent' || e.state === 'needs-action' || e.state === 'expired';
      if (!settled || e.told || handling.current.has(e.id)) continue;
      handling.current.add(e.id);
      void (async () => {
        if (e.state !== 'sent' && !e.restored) await restoreEntry(e).catch(() => false);
        const after = await updateEntry(e.id, (x) => ({ ...x, told: true }));
        if (after) setTold((list) => [...list.filter((x) => x.id !== e.id), after]);
      })();
    }
  }, [entries]);

  const dismiss = useCallback((id: string) => setTold((list) => list.filter((x) => x.id !== id)), []);
  return <OutboxToasts entries={told} onDismiss={dismiss} />;
}
