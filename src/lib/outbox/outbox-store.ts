import { create } from 'zustand';
import { useOutboxBadge } from './badge';
import { isPending, type OutboxEntry, type OutboxKind } from './entry';
import { allEntries, onOutboxChange } from './outbox-db';
import { heldSendLocks } from './send-lock';

/**
 * The signed-in citizen's outbox as the screens show it, read again from IndexedDB whenever the
 * page or the service worker changes it. Only this citizen's entries: on a shared phone another
 * citizen's waiting requests are neither shown nor sent.
 */
interface OutboxView {
  owner: string | null;
  entries: OutboxEntry[];
  /** The send locks held when last read: a "sending" without its lock was left by a sender that is gone. */
  held: Set<string> | null;
  loaded: boolean;
}

export const useOutbox = create<OutboxView>(() => ({ owner: null, entries: [], held: null, loaded: false }));

let reading: Promise<void> | null = null;
let again = false;

export function refreshOutbox(): Promise<void> {
  if (reading) {
    again = true;
    return reading;
  }
  reading = (async () => {
    do {
      again = false;
      const owner = useOutbox.getState().owner;
      const entries = owner ? (await allEntries()).filter((e) => e.owner === owner) : [];
      useOutbox.setState({ entries, held: await heldSendLocks(), loaded: true });
      useOutboxBadge.setState({
        open: entries.filter((e) => isPending(e) || (e.state !== 'sent' && !e.restored && !e.told)).length,
      });
    } while (again);
  })().finally(() => {
    reading = null;
  });
  return reading;
}

let unsubscribe: (() => void) | null = null;

export function watchOutbox(owner: string | null): void {
  useOutbox.setState({ owner });
  unsubscribe ??= onOutboxChange(() => void refreshOutbox());
  void refreshOutbox();
}

/** The citizen's waiting entry of this kind for this application, if any (the screens show it instead of the form). */
export function usePendingEntry(kind: OutboxKind, applicationId: number): OutboxEntry | undefined {
  return useOutbox((s) => s.entries.find((e) => e.kind === kind && e.applicationId === applicationId && isPending(e)));
}
