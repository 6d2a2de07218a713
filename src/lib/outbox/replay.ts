import { decide, type Decision } from './decide';
import {
  effectiveState,
  isPending,
  KEEP_SETTLED_MS,
  MAX_RETENTION_MS,
  type OutboxEntry,
  type OutboxPayload,
  type OutboxSession,
  type SendProgress,
} from './entry';
import {
  allEntries,
  claimEntry,
  dropPayload,
  forgetSession,
  readPayload,
  readSession,
  removeEntry,
  renewLease,
  updateEntry,
} from './outbox-db';
import { buildRequest, type Transport } from './send';
import { heldSendLocks, withSendLock } from './send-lock';
import { goneUploads, uploadDocuments } from './uploads';

export type SendOutcome =
  | { result: 'sent'; entry: OutboxEntry }
  | { result: 'kept'; entry: OutboxEntry; offline: boolean; sessionRefused: boolean; sessionEnded: boolean }
  | { result: 'refused'; entry: OutboxEntry }
  /** Someone else holds it, or it is settled already. */
  | { result: 'busy' };

/**
 * Writes what the answer decided; the lease is given back in the same transaction. `told`: the
 * screen that sent it tells the citizen itself (the first try), so no notice is due.
 */
async function settle(entry: OutboxEntry, decision: Decision, now: number, told = false): Promise<OutboxEntry> {
  const next = await updateEntry(entry.id, (e) => {
    if (decision.action === 'sent') {
      const id = (decision.body as { data?: { id?: unknown } } | null)?.data?.id;
      return {
        ...e,
        state: 'sent',
        lease: null,
        resultId: typeof id === 'number' ? id : null,
        refusal: null,
        uploads: undefined,
        progress: null,
        told,
        settledAt: now,
      };
    }
    if (decision.action === 'needs-action')
      return {
        ...e,
        state: 'needs-action',
        lease: null,
        refusal: decision.refusal,
        told,
        restored: told,
        settledAt: now,
      };
    return {
      ...e,
      state: 'waiting',
      lease: null,
      maybeReached: e.maybeReached || decision.maybeReached,
      progress: e.progress ? { ...e.progress, paused: true, bytesPerSecond: null } : e.progress,
    };
  });
  // The files of a sent request are on the server now; a refused one keeps them to go back into the draft.
  if (decision.action === 'sent') await dropPayload(entry.id);
  return next ?? entry;
}

/** `navigator.onLine` where there is one (page and service worker); never guessed where there is none. */
const deviceOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export interface SendOptions {
  onProgress?: (p: SendProgress) => void;
  /** The screen that sent it tells the citizen how it ended. */
  screenTells?: boolean;
  /** Whether the device says it is offline (uploads then stop waiting for the link). */
  offline?: () => boolean;
}

/** Sends one entry if this sender can take it: claim, upload its documents, send with the current session, settle. */
export function sendEntry(
  id: string,
  session: OutboxSession,
  transport: Transport,
  holder: string,
  opts: SendOptions = {},
): Promise<SendOutcome> {
  // The page and the worker alike: a device that says it is offline is not waited on (the entry goes
  // back to waiting for the next round); a cut it does not see (a weak link) is waited out.
  const withOffline = { offline: deviceOffline, ...opts };
  return withSendLock<SendOutcome>(id, { result: 'busy' }, (exclusive) =>
    claimAndSend(id, session, transport, holder, withOffline, exclusive),
  );
}

async function claimAndSend(
  id: string,
  session: OutboxSession,
  transport: Transport,
  holder: string,
  opts: SendOptions,
  exclusive: boolean,
): Promise<SendOutcome> {
  const entry = await claimEntry(id, holder, Date.now(), exclusive);
  if (!entry) return { result: 'busy' };
  if (entry.owner !== session.owner) {
    // Never with another citizen's session: give it back untouched.
    await updateEntry(id, (e) => ({ ...e, state: 'waiting', lease: null, attempts: e.attempts - 1 }));
    return { result: 'busy' };
  }
  const payload = await readPayload(id);
  if (!payload) {
    const refused = await settle(
      entry,
      { action: 'needs-action', refusal: { status: 0, code: 'payload_missing', message: '', fields: {} } },
      Date.now(),
    );
    return { result: 'refused', entry: refused };
  }
  const guarded = whileSessionHolds(transport, session);
  const keepAlive = setInterval(() => void renewLease(id, holder).catch(() => undefined), 30_000);
  let decision: Decision;
  try {
    decision = decide(await uploadAndSend(entry, payload, session, guarded, holder, opts));
  } catch {
    // Could not even build the request (payload unreadable): try again later rather than lose it.
    decision = { action: 'keep', sessionRefused: false, maybeReached: false };
  } finally {
    clearInterval(keepAlive);
  }
  const settled = await settle(entry, decision, Date.now(), opts.screenTells);
  if (decision.action === 'sent') return { result: 'sent', entry: settled };
  if (decision.action === 'needs-action') return { result: 'refused', entry: settled };
  if (decision.sessionRefused) await forgetSession(session.token);
  const sessionEnded = decision.sessionEnded === true;
  return {
    result: 'kept',
    entry: settled,
    offline: !decision.maybeReached && !decision.sessionRefused && !sessionEnded,
    sessionRefused: decision.sessionRefused,
    sessionEnded,
  };
}

/**
 * Every request of a try — each upload chunk as much as the request itself — goes only while the
 * session it was started with is still the outbox's session and has not expired. A round can last
 * minutes on a weak link (or wait out a cut), and meanwhile the citizen may sign out, the session
 * may expire, or the phone may forget it: the session in memory is then not sent again.
 */
function whileSessionHolds(transport: Transport, session: OutboxSession): Transport {
  return async (req, onProgress) => {
    const now = await readSession().catch(() => undefined);
    if (!now || now.token !== session.token || now.expiresAt <= Date.now()) return { kind: 'session-ended' };
    return transport(req, onProgress);
  };
}

const REQUEST_PAUSES_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

/**
 * The documents first (resumable), then the request naming them. An upload the server no longer
 * knows (it expired before the request went) is sent again, once, within the same try.
 */
async function uploadAndSend(
  entry: OutboxEntry,
  payload: OutboxPayload,
  session: OutboxSession,
  transport: Transport,
  holder: string,
  opts: SendOptions,
) {
  let current = entry;
  for (let round = 0; ; round++) {
    const uploaded = await uploadDocuments({
      entry: current,
      payload,
      session,
      transport,
      onProgress: opts.onProgress,
      offline: opts.offline,
      save: async (uploads, progress) => {
        current =
          (await updateEntry(entry.id, (e) => (e.lease?.holder === holder ? { ...e, uploads, progress } : e))) ??
          current;
      },
    });
    if (uploaded.kind === 'stopped') return uploaded.result;
    const request = buildRequest(current, payload, session, uploaded.uploads);
    let result = await transport(request);
    // The documents are there; a request cut on its way while the server cannot be reached is sent
    // again (same key) once the link comes back. An answer lost while the server is reachable is
    // "being confirmed": the outbox settles it, and the screen says so at once.
    const linkDown = (r: typeof result) => r.kind === 'no-answer' && !r.serverReachable;
    for (let pause = 0; linkDown(result) && pause < REQUEST_PAUSES_MS.length && !opts.offline?.(); pause++) {
      await new Promise((r) => setTimeout(r, REQUEST_PAUSES_MS[pause]));
      result = await transport(request);
    }
    const gone = goneUploads(result);
    if (!gone.length || round > 0) return result;
    const uploads = { ...uploaded.uploads };
    for (const field of gone) delete uploads[field];
    current = (await updateEntry(entry.id, (e) => ({ ...e, uploads }))) ?? current;
  }
}

/** Entries past 7 days unsent become "expired" (the citizen is told); settled ones the citizen saw are tidied away. */
export async function expireAndTidy(now = Date.now()): Promise<void> {
  const held = await heldSendLocks();
  for (const e of await allEntries()) {
    if (isPending(e) && effectiveState(e, now, held) === 'waiting' && now - e.createdAt > MAX_RETENTION_MS) {
      await updateEntry(e.id, (x) =>
        effectiveState(x, now, held) === 'waiting'
          ? { ...x, state: 'expired', lease: null, told: false, settledAt: now }
          : x,
      );
    } else if (!isPending(e) && e.told && e.settledAt && now - e.settledAt > KEEP_SETTLED_MS) {
      await removeEntry(e.id);
    }
  }
}

export interface ReplayReport {
  sent: number;
  waiting: number;
  /** `session`: none, expired or refused (sign in again); `session-ended`: it ended during the round. */
  stoppedBy: 'offline' | 'session' | 'session-ended' | null;
}

/**
 * Sends every waiting entry of the signed-in citizen, oldest first, with the session of now. An
 * expired or missing session sends nothing (the entries wait for that citizen's next sign-in).
 * Offline stops the round at the first entry that got no answer.
 */
export async function replayOutbox(transport: Transport, holder: string, now = Date.now()): Promise<ReplayReport> {
  await expireAndTidy(now);
  const session = await readSession();
  const report: ReplayReport = { sent: 0, waiting: 0, stoppedBy: null };
  const held = await heldSendLocks();
  const mine = (await allEntries()).filter(
    (e) => session && e.owner === session.owner && effectiveState(e, now, held) === 'waiting',
  );
  if (!session || session.expiresAt <= now) {
    report.waiting = mine.length;
    report.stoppedBy = mine.length ? 'session' : null;
    return report;
  }
  for (const e of mine) {
    if (report.stoppedBy) {
      report.waiting++;
      continue;
    }
    const outcome = await sendEntry(e.id, session, transport, holder);
    if (outcome.result === 'sent') report.sent++;
    if (outcome.result === 'kept') {
      report.waiting++;
      if (outcome.sessionRefused) report.stoppedBy = 'session';
      else if (outcome.sessionEnded) report.stoppedBy = 'session-ended';
      else if (outcome.offline) report.stoppedBy = 'offline';
    }
  }
  return report;
}
