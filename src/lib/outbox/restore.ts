import type { OutboxEntry, OutboxKind, OutboxPayload } from './entry';
import { dropPayload, readPayload, updateEntry } from './outbox-db';

/**
 * Puts a refused (or expired) request's data back where the citizen can fix it: the application
 * draft, the re-apply form, the proof of payment. Each feature that submits through the outbox
 * supplies its own; they are composed in the signed-in area's route so this feature imports none
 * of them. `force`: replace a draft the citizen started since (they asked for it); without it a
 * restorer leaves a newer draft alone and answers false.
 */
export type Restorer = (entry: OutboxEntry, payload: OutboxPayload, force: boolean) => Promise<boolean>;
export type Restorers = Partial<Record<OutboxKind, Restorer>>;

let restorers: Restorers = {};
export const setRestorers = (r: Restorers) => {
  restorers = r;
};
export const canRestore = (e: OutboxEntry) => !!restorers[e.kind];

export async function restoreEntry(e: OutboxEntry, force = false): Promise<boolean> {
  const restorer = restorers[e.kind];
  const payload = await readPayload(e.id);
  if (!restorer || !payload) return false;
  if (!(await restorer(e, payload, force))) return false;
  await updateEntry(e.id, (x) => ({ ...x, restored: true }));
  await dropPayload(e.id);
  return true;
}
