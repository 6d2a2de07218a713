import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailQueue } from '../db/schema';
import type { Mail, Mailer } from './mail';
import { createDrain } from '../lib/drain';

/**
 * Mail that is never lost. A mail is a row written in the transaction of the change that causes
 * it (a code issued, a reset link created, a status changed): if the change commits, the mail
 * exists; if it rolls back, so does the mail. A worker then sends it:
 *
 * - claimed with one UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED): on PostgreSQL several
 *   instances never take one mail twice; the claim lasts 10 minutes, after which a mail whose
 *   sender died is taken again (so a crash between the mail server's "OK" and our "sent" can
 *   send a mail twice — never zero times);
 * - a mail server that is down or refuses: tried again after MAIL_RETRY_BASE_SECONDS, doubling
 *   each time up to an hour, MAIL_MAX_ATTEMPTS times, then marked `failed` and logged;
 * - a code or link that expired before it could leave is not sent (`expired`);
 * - once sent, the body is emptied: codes and links do not stay in the database.
 */
export type MailKind =
  | 'otp'
  | 'password_reset'
  | 'second_factor_locked'
  | 'credential_added'
  | 'officer_credentials_removed'
  | `status:${string}`;

// Longer than any one SMTP exchange can take (nodemailer gives up on a silent server after 2 minutes).
const CLAIM_MS = 10 * 60_000;
const BATCH = 10;

export async function enqueueMail(db: Db, kind: MailKind, mail: Mail, opts: { expiresAt?: Date } = {}): Promise<void> {
  await db.insert(mailQueue).values({
    kind,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    expiresAt: opts.expiresAt ?? null,
  });
}

/** Error text for the operator, without the addresses a mail server may quote back. */
const describe = (err: unknown) =>
  String((err as Error)?.message ?? err)
    .replace(/[^\s<>"']+@[^\s<>"']+/g, '[address]')
    .slice(0, 500);

export interface MailQueueOptions {
  db: Db;
  mailer: Mailer;
  baseSeconds: number;
  maxAttempts: number;
  log: {
    info(o: object, msg: string): void;
    warn(o: object, msg: string): void;
    error(o: object, msg: string): void;
  };
}

export function createMailQueue(opts: MailQueueOptions) {
  const { db, mailer, log } = opts;
  let timer: NodeJS.Timeout | undefined;

  const retryDelayMs = (attempts: number) => Math.min(3600, opts.baseSeconds * 2 ** (attempts - 1)) * 1000;

  /** One pass: claims the mails that are due and sends them. Returns how many were handled. */
  async function pass(now = new Date()): Promise<number> {
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        or(
          and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, now)),
          and(eq(mailQueue.status, 'sending'), lt(mailQueue.lockedUntil, now)),
        ),
      )
      .orderBy(mailQueue.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(mailQueue)
      .set({
        status: 'sending',
        lockedUntil: new Date(now.getTime() + CLAIM_MS),
        attempts: sql`${mailQueue.attempts} + 1`,
      })
      .where(inArray(mailQueue.id, due))
      .returning();
    for (const m of claimed) {
      const mine = and(eq(mailQueue.id, m.id), eq(mailQueue.status, 'sending'));
      if (m.expiresAt && m.expiresAt.getTime() <= Date.now()) {
        await db
          .update(mailQueue)
          .set({ status: 'expired', textBody: '', htmlBody: '', lockedUntil: null })
          .where(mine);
        log.warn({ mailId: m.id, kind: m.kind, attempts: m.attempts }, 'mail expired before it could be sent');
        continue;
      }
      try {
        await mailer.send({ to: m.toAddress, subject: m.subject, text: m.textBody, html: m.htmlBody });
        await db
          .update(mailQueue)
          .set({ status: 'sent', sentAt: new Date(), textBody: '', htmlBody: '', lockedUntil: null, lastError: null })
          .where(mine);
        log.info({ mailId: m.id, kind: m.kind, attempts: m.attempts }, 'mail sent');
      } catch (err) {
        const lastError = describe(err);
        if (m.attempts >= opts.maxAttempts) {
          await db.update(mailQueue).set({ status: 'failed', lockedUntil: null, lastError }).where(mine);
          log.error(
            { mailId: m.id, kind: m.kind, attempts: m.attempts, error: lastError },
            'mail failed for good: see docs/operations.md (mail_queue, status failed)',
          );
        } else {
          const next = new Date(Date.now() + retryDelayMs(m.attempts));
          await db
            .update(mailQueue)
            .set({ status: 'pending', lockedUntil: null, nextAttemptAt: next, lastError })
            .where(mine);
          log.warn(
            { mailId: m.id, kind: m.kind, attempts: m.attempts, retryAt: next.toISOString(), error: lastError },
            'mail not sent; will try again',
          );
        }
      }
    }
    return claimed.length;
  }

  /** Runs passes until nothing is due; concurrent calls share the run (and ask for one more pass). */
  const drain = createDrain(pass, (err) => log.warn({ err }, 'mail queue pass failed'));
  const run = drain.run;

  return {
    /** Sends what is due now; waits at most `waitMs` (the request that queued a mail need not wait for a slow server). */
    async kick(waitMs = 5_000): Promise<void> {
      let t: NodeJS.Timeout | undefined;
      await Promise.race([run(), new Promise((r) => (t = setTimeout(r, waitMs)))]);
      clearTimeout(t);
    },
    /** Everything due, now (tests, the CLI). */
    runOnce: run,
    start() {
      const every = Math.min(5, opts.baseSeconds) * 1000;
      timer = setInterval(() => void run(), every);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await drain.stop();
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
