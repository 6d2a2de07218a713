/**
 * An outbox entry: one state-changing request the citizen made, kept on the device until the
 * server has answered it for good. Shared by the page and the service worker, so nothing here may
 * touch the DOM, React or the catalogues.
 */
export type OutboxKind = 'create-new' | 'upload-payment' | 'set-pickup-date' | 're-apply' | 'answer-request';

/**
 * waiting: to be sent when online. sending: one context holds the lease and is sending it.
 * sent: the server accepted it. needs-action: the server refused it (the reason is kept).
 * expired: kept 7 days without ever reaching the server.
 */
export type OutboxState = 'waiting' | 'sending' | 'sent' | 'needs-action' | 'expired';

export interface OutboxRefusal {
  status: number;
  code: string;
  message: string;
  fields: Record<string, string>;
  /** More the answer carried beside the code (a taken pick-up time: the nearest free ones). */
  data?: Record<string, unknown>;
}

export interface OutboxEntry {
  id: string;
  /** The citizen who made it (digest of the account's e-mail): only their session ever sends it. */
  owner: string;
  kind: OutboxKind;
  /** API path under /api. */
  path: string;
  /** The same from the first try to the last: a replay after a lost answer changes nothing twice. */
  idempotencyKey: string;
  createdAt: number;
  state: OutboxState;
  /** Who is sending it and until when; an expired lease means its sender died (tab closed, worker stopped). */
  lease: { holder: string; until: number } | null;
  attempts: number;
  lastTriedAt: number | null;
  /** An earlier try may have reached the server (its answer was lost): "being confirmed", not "offline". */
  maybeReached: boolean;
  /** The application it concerns (proof, pick-up, re-apply) and what the citizen chose, for the list. */
  applicationId: number | null;
  detail: { date?: string; time?: string; fileName?: string };
  /** What the server gave back once sent: the application's id (create, re-apply). */
  resultId: number | null;
  refusal: OutboxRefusal | null;
  /** The refused data went back into the draft. */
  restored: boolean;
  /** The citizen has been told how it ended (sent, refused, expired). */
  told: boolean;
  settledAt: number | null;
  /** Each document's resumable upload (by API field), kept so any sender resumes where the last stopped. */
  uploads?: Record<string, UploadState>;
  /** How far the documents got, for every screen that shows this entry. */
  progress?: SendProgress | null;
}

/** One document's resumable upload: its address on the server and how much of it the server holds. */
export interface UploadState {
  /** API path under /api, e.g. /v1/uploads/<id>. */
  url: string;
  size: number;
  offset: number;
  /** The server holds it all: the request may name it. */
  done: boolean;
}

/** The id the request names an upload by: the last segment of its address. */
export const uploadIdOf = (state: UploadState) => state.url.slice(state.url.lastIndexOf('/') + 1);

/** Bytes the server has acknowledged, per document and in all, and the rate they arrived at. */
export interface SendProgress {
  sent: number;
  total: number;
  files: Record<string, { sent: number; total: number }>;
  /** Measured over the last seconds; null until there is enough to say. */
  bytesPerSecond: number | null;
  /** The link is down: it goes on by itself when it comes back. */
  paused: boolean;
}

/**
 * The request body: plain fields and files (Blobs, sent ahead as resumable uploads:
 * docs/architecture.md#resumable-uploads).
 */
export interface OutboxPayload {
  fields: Record<string, unknown>;
  files: Record<string, { blob: Blob; name: string }>;
  /** What goes back into the draft if the server refuses it (form values as typed, bank, …). */
  draft: unknown;
}

/** What the service worker needs to send: the current session of the citizen signed in on this device. */
export interface OutboxSession {
  owner: string;
  token: string;
  expiresAt: number;
  language: string;
}

/** The Background Sync tag the service worker listens for. */
export const OUTBOX_SYNC_TAG = 'rc-outbox';

/** Kept at most 7 days (maxRetentionTime): the server remembers Idempotency-Keys for 10. */
export const MAX_RETENTION_MS = 7 * 86_400_000;
/** A sender renews its lease while it works; a lease not renewed for this long is abandoned. */
export const LEASE_MS = 90_000;
/** Settled entries stay listed this long so the citizen can see what happened. */
export const KEEP_SETTLED_MS = 3 * 86_400_000;

export const isPending = (e: OutboxEntry) => e.state === 'waiting' || e.state === 'sending';

/** The Web Lock a sender holds while it sends an entry: it dies with the sender (tab closed, worker stopped). */
export const sendLockName = (id: string) => `rc-outbox:${id}`;

/**
 * A "sending" whose sender is gone is waiting again: nothing stays "sending" forever. Gone means
 * its Web Lock is no longer held (`heldLocks`, where the browser has Web Locks), or else that it
 * stopped renewing its lease.
 */
export function effectiveState(e: OutboxEntry, now = Date.now(), heldLocks: Set<string> | null = null): OutboxState {
  if (e.state !== 'sending') return e.state;
  if (heldLocks) return heldLocks.has(sendLockName(e.id)) ? 'sending' : 'waiting';
  return !e.lease || e.lease.until <= now ? 'waiting' : 'sending';
}
