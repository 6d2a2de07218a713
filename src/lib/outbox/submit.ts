import { ApiError, newIdempotencyKey } from '../api-client';
import { askPersistentStorage, roomFor } from '../persistent-storage';
import { holdUpdates } from '../service-worker';
import { useSession } from '../session';
import type { OutboxEntry, OutboxKind, OutboxPayload, SendProgress } from './entry';
import { refusalError } from './refusal';
import { addEntry, allEntries, OutboxStorageError, removeEntry } from './outbox-db';
import { sendEntry } from './replay';
import { publishOutboxSession } from './page-session';
import { requestReplaySoon } from './replay-triggers';
import { holder } from './holder';
import { xhrTransport } from './xhr-transport';

export { OutboxStorageError };

export interface OutboxRequestInput {
  kind: OutboxKind;
  path: string;
  idempotencyKey?: string;
  applicationId?: number | null;
  detail?: OutboxEntry['detail'];
  payload: OutboxPayload;
}

export type SubmitOutcome =
  /** The server accepted it now. */
  | { result: 'sent'; entry: OutboxEntry }
  /** Kept on the device; `confirming`: it may have reached the server, the outbox settles it. */
  | { result: 'queued'; entry: OutboxEntry; confirming: boolean }
  /** The server refused it now: the citizen is on the screen, the draft is still there. */
  | { result: 'refused'; error: ApiError };

/**
 * Every state-changing call of the citizen goes through here: it is first stored in the outbox
 * (nothing held only in memory), then sent at once with progress. A network failure, timeout or
 * 5xx leaves it queued for the outbox to replay with the same Idempotency-Key; a refusal comes back
 * to the screen (and the entry goes, the draft still holds the data). Throws OutboxStorageError
 * when the device cannot store it (the draft is kept).
 */
export async function submitThroughOutbox(
  input: OutboxRequestInput,
  onProgress?: (p: SendProgress) => void,
): Promise<SubmitOutcome> {
  const session = await publishOutboxSession();
  if (!session) throw new ApiError('http', 401, 'unauthorized', 'Please log in again.');
  const key = input.idempotencyKey ?? newIdempotencyKey();
  // The same request already waiting (pressed again): never two entries for one key.
  const existing = (await allEntries()).find(
    (e) => e.owner === session.owner && e.idempotencyKey === key && (e.state === 'waiting' || e.state === 'sending'),
  );
  if (existing) return { result: 'queued', entry: existing, confirming: existing.maybeReached };

  const bytes = Object.values(input.payload.files).reduce((n, f) => n + f.blob.size, 0);
  if (bytes && !(await roomFor(bytes))) throw new OutboxStorageError('quota');
  const entry: OutboxEntry = {
    id: crypto.randomUUID(),
    owner: session.owner,
    kind: input.kind,
    path: input.path,
    idempotencyKey: key,
    createdAt: Date.now(),
    state: 'waiting',
    lease: null,
    attempts: 0,
    lastTriedAt: null,
    maybeReached: false,
    applicationId: input.applicationId ?? null,
    detail: input.detail ?? {},
    resultId: null,
    refusal: null,
    restored: false,
    told: false,
    settledAt: null,
  };
  await addEntry(entry, input.payload);
  askPersistentStorage();

  const release = holdUpdates();
  const outcome = await sendEntry(entry.id, session, xhrTransport, holder, {
    onProgress,
    screenTells: true,
  }).finally(release);
  if (outcome.result === 'sent') {
    // The screen tells the citizen and moves on: nothing left to list.
    await removeEntry(entry.id);
    return { result: 'sent', entry: outcome.entry };
  }
  if (outcome.result === 'refused') {
    await removeEntry(entry.id);
    return { result: 'refused', error: refusalError(outcome.entry.refusal!) };
  }
  if (outcome.result === 'kept' && outcome.sessionRefused) useSession.getState().signOut();
  const kept = outcome.result === 'kept' ? outcome.entry : entry;
  requestReplaySoon(kept.maybeReached);
  return { result: 'queued', entry: kept, confirming: kept.maybeReached };
}
