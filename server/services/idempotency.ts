import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../contract/errors';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../lib/http-error';

/**
 * Idempotency-Key for state-changing citizen POSTs (docs/decisions.md#idempotent-requests). A weak
 * connection or the offline outbox may send the same request twice: the second copy gets the first
 * answer and changes nothing.
 *
 * Keys are kept per user for 10 days: more than the 8 days the offline outbox may hold a request
 * before replaying it, so a late replay still finds its first answer.
 */
export const IDEMPOTENCY_RETENTION_DAYS = 10;
/** A claim older than this belongs to a request whose process died; a retry may take it over. */
const ABANDONED_AFTER_MS = 10 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

export interface IdempotentAnswer<T = unknown> {
  statusCode: number;
  body: T;
}

export interface IdempotencyScope {
  /** The key of this request, if the client sent one. */
  readonly key: string | null;
  /**
   * Stores the answer inside the transaction that makes the change, so either both commit or
   * neither does: a crash between the two can never let a retry apply the change a second time.
   */
  remember(tx: Db, answer: IdempotentAnswer): Promise<void>;
}

/**
 * Fields a fingerprint never covers: a password, a code or a token must not be recoverable from a
 * stored digest by trying guesses. Requests that differ only in these count as the same request.
 */
const SECRET_FIELDS = new Set([
  'password',
  'current_password',
  'new_password',
  'password_confirmation',
  'confirm_password',
  'code_otp',
  'otp',
  'code',
  'token',
  'payload',
  'access_token',
]);

/**
 * HMAC-SHA256 (keyed with the server's hash key, which the database does not hold) over method,
 * path and the validated body without its secret fields, object keys sorted (order never matters).
 */
export function requestFingerprint(hashKey: Buffer, method: string, path: string, body: unknown): string {
  const hash = crypto.createHmac('sha256', hashKey).update(`${method} ${path}\n`);
  const feed = (value: unknown): void => {
    if (value === null || typeof value !== 'object') {
      hash.update(JSON.stringify(value ?? null));
    } else if (Buffer.isBuffer(value)) {
      hash.update(value);
    } else if (Array.isArray(value)) {
      hash.update('[');
      value.forEach((item) => {
        feed(item);
        hash.update(',');
      });
      hash.update(']');
    } else {
      hash.update('{');
      for (const key of Object.keys(value).sort()) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined || SECRET_FIELDS.has(key)) continue;
        hash.update(`${JSON.stringify(key)}:`);
        feed(item);
        hash.update(',');
      }
      hash.update('}');
    }
  };
  feed(body);
  return hash.digest('hex');
}

type Claim = { kind: 'claimed' } | { kind: 'replay'; statusCode: number; response: unknown };

async function claim(db: Db, userId: number, key: string, route: string, requestHash: string): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) return { kind: 'claimed' };

    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!row) continue; // removed between our insert and select (failed request, purge): claim again
    const age = Date.now() - row.createdAt.getTime();
    if (age > IDEMPOTENCY_RETENTION_DAYS * 86_400_000) {
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000)),
          ),
        );
      continue;
    }
    if (row.route !== route || row.requestHash !== requestHash) {
      throw new HttpError(
        422,
        ErrorCode.idempotencyConflict,
        'This Idempotency-Key was already used for a different request.',
      );
    }
    if (row.state === 'done') return { kind: 'replay', statusCode: row.statusCode ?? 200, response: row.response };
    if (age > ABANDONED_AFTER_MS) {
      // Take the abandoned claim over. The claim is renewed by the winner, so of two retries at
      // once only one still finds it abandoned.
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: new Date() })
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.state, 'running'),
            lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length) return { kind: 'claimed' };
    }
    throw new HttpError(
      409,
      ErrorCode.idempotencyInProgress,
      'A request with this Idempotency-Key is still being processed.',
    );
  }
  throw new HttpError(
    409,
    ErrorCode.idempotencyInProgress,
    'A request with this Idempotency-Key is still being processed.',
  );
}

/**
 * Runs `work` at most once per (user, Idempotency-Key). Without the header the work simply runs.
 * The same key with the same method, path and body answers the stored first answer (with
 * `Idempotent-Replayed: true`); another request with that key is refused with 422; a request still
 * running with that key gets 409. A request that fails frees its key, so the client may retry it.
 */
export async function idempotent<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  work: (scope: IdempotencyScope) => Promise<IdempotentAnswer<T>>,
  opts: {
    /**
     * What of the answer is kept (10 days): for an answer that carries personal data (a profile),
     * only its outline; `replay` then rebuilds the answer of a repeated request from the stored row.
     */
    kept?: (body: T) => unknown;
    replay?: (stored: unknown) => Promise<unknown>;
  } = {},
): Promise<FastifyReply> {
  const userId = req.user?.id;
  const header = req.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : null;
  if (header !== undefined && (!key || !KEY_PATTERN.test(key))) {
    throw new HttpError(400, ErrorCode.badRequest, 'Idempotency-Key must be 8 to 200 visible ASCII characters.');
  }
  if (!key || !userId) {
    const answer = await work({ key: null, remember: async () => undefined });
    return reply.status(answer.statusCode).send(answer.body);
  }

  const route = `${req.method} ${req.url.split('?')[0]}`;
  const requestHash = requestFingerprint(app.hashKey, req.method, req.url.split('?')[0], req.body);
  const claimed = await claim(app.db, userId, key, route, requestHash);
  if (claimed.kind === 'replay') {
    const body = opts.replay ? await opts.replay(claimed.response) : claimed.response;
    return reply.status(claimed.statusCode).header('Idempotent-Replayed', 'true').send(body);
  }

  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  let remembered = false;
  const scope: IdempotencyScope = {
    key,
    async remember(tx, answer) {
      await tx
        .update(idempotencyKeys)
        .set({
          state: 'done',
          statusCode: answer.statusCode,
          response: opts.kept ? opts.kept(answer.body as T) : answer.body,
        })
        .where(mine);
      remembered = true;
    },
  };
  let answer: IdempotentAnswer<T>;
  try {
    answer = await work(scope);
  } catch (err) {
    await app.db
      .delete(idempotencyKeys)
      .where(and(mine, eq(idempotencyKeys.state, 'running')))
      .catch((e) => req.log.warn({ err: e }, 'could not free an idempotency key'));
    throw err;
  }
  if (!remembered) await scope.remember(app.db, answer);
  return reply.status(answer.statusCode).send(answer.body);
}

/** Forgets keys past the retention period. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000);
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
