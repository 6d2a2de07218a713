import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Language } from '../../contract/master-data';
import type { Db } from '../db/client';
import { pushOutbox, pushSubscriptions } from '../db/schema';
import type { VapidKeys } from '../lib/vapid-keys';
import { createDrain } from '../lib/drain';

/**
 * Web Push (VAPID, RFC 8030/8291/8292): a word on the citizen's phone when an application changes.
 * Mail stays the record; a push is a courtesy that may be lost. Messages are rows written in the
 * transaction of the change (a rolled-back change sends nothing) and sent by a worker after it
 * commits, so a slow or failing push service never holds up or undoes a status change:
 *
 * - claimed with FOR UPDATE SKIP LOCKED, as the mail queue does: several instances send each once;
 * - 404/410 from the push service: the subscription is gone, it is deleted with what waits for it;
 * - 429/5xx or no answer: tried again a few times, then dropped (and logged);
 * - logs name the subscription's id and the push service's host, never the endpoint's path or keys.
 */

/** The title of every push: the in-app notification's words are the body. */
export const PUSH_TITLE: Record<Language, string> = { en: 'Resident certificate', lo: 'ໃບຢັ້ງຢືນທີ່ຢູ່' };

/** Set when a message was queued in this process: the next finished request kicks the sender. */
let queuedHere = false;

/** Queues one message to each device of the citizen, in the language the device subscribed in. */
export async function queuePush(db: Db, userId: number, texts: Record<Language, string>, url: string): Promise<void> {
  const subs = await db
    .select({ id: pushSubscriptions.id, language: pushSubscriptions.language })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  if (!subs.length) return;
  await db
    .insert(pushOutbox)
    .values(subs.map((s) => ({ subscriptionId: s.id, title: PUSH_TITLE[s.language], body: texts[s.language], url })));
  queuedHere = true;
}

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  language: Language;
}

/**
 * Subscribes this device: idempotent per endpoint. An endpoint another citizen registered (the same
 * phone, signed in by someone else) moves to this one, and what waited for the other is dropped.
 */
export async function subscribe(db: Db, userId: number, input: SubscriptionInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint))
      .for('update');
    if (before && before.userId !== userId) await tx.delete(pushOutbox).where(eq(pushOutbox.subscriptionId, before.id));
    await tx
      .insert(pushSubscriptions)
      .values({ userId, ...input })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.p256dh, auth: input.auth, language: input.language, lastUsedAt: new Date() },
      });
  });
}

/** Forgets this device's subscription if it is the citizen's own; another citizen's endpoint matches nothing. */
export async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** Is this endpoint subscribed for this citizen? (the switch on the account screen) */
export async function isSubscribed(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return Boolean(row);
}

const CLAIM_MS = 2 * 60_000;
const BATCH = 20;
const MAX_ATTEMPTS = 5;
const TIMEOUT_MS = 15_000;
/** A day: a phone that stays off longer learns the change from the app or the mail. */
const TTL_SECONDS = 24 * 3600;

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return '?';
  }
};

export interface PushSenderOptions {
  db: Db;
  keys: VapidKeys;
  subject: string;
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void };
}

export function createPushSender(opts: PushSenderOptions) {
  const { db, keys, subject, log } = opts;
  let timer: NodeJS.Timeout | undefined;

  async function sendOne(
    m: typeof pushOutbox.$inferSelect,
    s: typeof pushSubscriptions.$inferSelect,
  ): Promise<'sent' | 'gone' | 'refused' | 'retry'> {
    const details = webpush.generateRequestDetails(
      { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
      JSON.stringify({ title: m.title, body: m.body, url: m.url }),
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
    let status: number;
    try {
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = res.status;
      await res.body?.cancel();
    } catch (err) {
      log.warn(
        { subscriptionId: s.id, host: hostOf(s.endpoint), attempts: m.attempts, error: (err as Error).name },
        'push service did not answer; will try again',
      );
      return 'retry';
    }
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    const retry = status === 429 || status >= 500;
    log.warn(
      { subscriptionId: s.id, host: hostOf(s.endpoint), status, attempts: m.attempts },
      retry ? 'push service refused for now; will try again' : 'push service refused the message',
    );
    return retry ? 'retry' : 'refused';
  }

  /** One pass: claims the messages due and sends them. Returns how many were handled. */
  async function pass(now = new Date()): Promise<number> {
    const due = db
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .where(
        or(
          and(sql`${pushOutbox.lockedUntil} is null`, lte(pushOutbox.nextAttemptAt, now)),
          lt(pushOutbox.lockedUntil, now),
        ),
      )
      .orderBy(pushOutbox.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(pushOutbox)
      .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${pushOutbox.attempts} + 1` })
      .where(inArray(pushOutbox.id, due))
      .returning();
    if (!claimed.length) return 0;
    const subs = await db
      .select()
      .from(pushSubscriptions)
      .where(
        inArray(
          pushSubscriptions.id,
          claimed.map((m) => m.subscriptionId),
        ),
      );
    const byId = new Map(subs.map((s) => [s.id, s]));
    for (const m of claimed) {
      const s = byId.get(m.subscriptionId);
      if (!s) continue; // unsubscribed meanwhile: the row went with it
      const outcome = await sendOne(m, s);
      if (outcome === 'sent') {
        await db.delete(pushOutbox).where(eq(pushOutbox.id, m.id));
        await db.update(pushSubscriptions).set({ lastUsedAt: new Date() }).where(eq(pushSubscriptions.id, s.id));
      } else if (outcome === 'gone') {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
        log.info({ subscriptionId: s.id, host: hostOf(s.endpoint) }, 'push subscription gone: forgotten');
      } else if (outcome === 'refused' || m.attempts >= MAX_ATTEMPTS) {
        await db.delete(pushOutbox).where(eq(pushOutbox.id, m.id));
        if (outcome === 'retry')
          log.warn({ subscriptionId: s.id, attempts: m.attempts }, 'push message dropped after its last attempt');
      } else {
        const next = new Date(Date.now() + Math.min(3600, 30 * 2 ** (m.attempts - 1)) * 1000);
        await db.update(pushOutbox).set({ lockedUntil: null, nextAttemptAt: next }).where(eq(pushOutbox.id, m.id));
      }
    }
    return claimed.length;
  }

  /** Runs passes until nothing is due; concurrent calls share the run (and ask for one more pass). */
  const drain = createDrain(pass, (err) => log.warn({ error: (err as Error).message }, 'push pass failed'));
  const run = drain.run;

  return {
    /** Sends what is due, in the background, if this process queued something since the last kick. */
    kickIfQueued(): void {
      if (!queuedHere) return;
      queuedHere = false;
      void run();
    },
    /** Everything due, now (tests). */
    runOnce: run,
    start(everyMs = 5_000) {
      timer = setInterval(() => void run(), everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await drain.stop();
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
