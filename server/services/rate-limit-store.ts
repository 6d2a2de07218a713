import { lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';

type Hit = { current: number; ttl: number };

/**
 * Counts one hit on `key` in a fixed window shared by every instance: one atomic upsert (the row
 * lock of ON CONFLICT serialises concurrent hits, on whichever instance they arrive), and the
 * database's clock decides when a window ends, so instances with drifting clocks agree.
 */
export async function hitCounter(db: Db, key: string, windowMs: number): Promise<Hit> {
  const res = await db.execute<{ hits: number; ttl: number }>(sql`
    insert into rate_limit_counters as c (key, hits, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
    returning c.hits as hits, greatest(0, extract(epoch from (c.window_ends_at - now())) * 1000)::float8 as ttl`);
  const row = (res as unknown as { rows: { hits: number | string; ttl: number | string }[] }).rows[0];
  return { current: Number(row.hits), ttl: Math.round(Number(row.ttl)) };
}

/**
 * Adds `amount` to `key`'s count in a fixed window only if the count stays within `max` (a budget,
 * e.g. of upload bytes, where one call weighs more than another). Shared by every instance like
 * hitCounter; answers whether it was added and, if not, how long until the window ends.
 */
export async function chargeCounter(
  db: Db,
  key: string,
  amount: number,
  max: number,
  windowMs: number,
): Promise<{ allowed: boolean; ttl: number }> {
  const res = await db.execute(sql`
    insert into rate_limit_counters as c (key, hits, window_ends_at)
    values (${key}, ${amount}, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when c.window_ends_at <= now() then excluded.hits else c.hits + excluded.hits end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
    where c.window_ends_at <= now() or c.hits + excluded.hits <= ${max}
    returning c.hits`);
  if ((res as unknown as { rows: unknown[] }).rows.length) return { allowed: true, ttl: 0 };
  const left = await db.execute(sql`
    select greatest(0, extract(epoch from (window_ends_at - now())) * 1000)::float8 as ttl
    from rate_limit_counters where key = ${key}`);
  const row = (left as unknown as { rows: { ttl: number | string }[] }).rows[0];
  return { allowed: false, ttl: Math.round(Number(row?.ttl ?? windowMs)) };
}

/** Ceilings at least this high are counted in batches (see BatchedCounters). */
export const BATCHED_FROM = 1000;
/** How long hits wait in memory before they are added to the shared count. */
const FLUSH_MS = 500;

type Tally = { key: string; windowMs: number; pending: number; known: number; windowEndsAt: number };

/**
 * Shared counts for high ceilings without a database write per call. Each instance counts hits in
 * memory and adds them to the shared rows in one statement every half second, reading back the
 * totals of every instance. A call sees the last shared total plus its own instance's new hits, so
 * a ceiling of thousands a minute may be passed by at most half a second of traffic — noise for a
 * ceiling that only stops floods, while a write per anonymous call cost most of its time.
 */
export class BatchedCounters {
  private readonly tallies = new Map<string, Tally>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  hit(key: string, windowMs: number): Hit {
    const now = Date.now();
    let t = this.tallies.get(key);
    if (!t) this.tallies.set(key, (t = { key, windowMs, pending: 0, known: 0, windowEndsAt: now + windowMs }));
    if (t.windowEndsAt <= now) Object.assign(t, { known: 0, windowEndsAt: now + windowMs });
    t.pending += 1;
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
    return { current: t.known + t.pending, ttl: t.windowEndsAt - now };
  }

  /** Adds the waiting hits to the shared rows and takes every instance's totals back. */
  async flush(): Promise<void> {
    this.timer = undefined;
    const sent = [...this.tallies.values()].filter((t) => t.pending > 0).map((t) => ({ t, n: t.pending }));
    for (const { t } of sent) t.pending = 0;
    // Forget addresses that have gone quiet, so the map holds only the last window's callers.
    const now = Date.now();
    for (const [key, t] of this.tallies) if (t.pending === 0 && t.windowEndsAt <= now) this.tallies.delete(key);
    if (!sent.length) return;
    try {
      const rows = JSON.stringify(sent.map(({ t, n }) => ({ k: t.key, n, w: t.windowMs / 1000 })));
      const res = await this.db.execute(sql`
        insert into rate_limit_counters as c (key, hits, window_ends_at)
        select k, n, now() + make_interval(secs => w) from jsonb_to_recordset(${rows}::jsonb) as r(k text, n int, w float8)
        on conflict (key) do update set
          hits = case when c.window_ends_at <= now() then excluded.hits else c.hits + excluded.hits end,
          window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
        returning c.key as key, c.hits as hits, greatest(0, extract(epoch from (c.window_ends_at - now())) * 1000)::float8 as ttl`);
      const at = Date.now();
      for (const row of (res as unknown as { rows: { key: string; hits: number | string; ttl: number | string }[] })
        .rows) {
        const t = this.tallies.get(row.key);
        if (t) Object.assign(t, { known: Number(row.hits), windowEndsAt: at + Number(row.ttl) });
      }
    } catch (err) {
      // The hits count again next time; meanwhile this instance's own count still applies.
      for (const { t, n } of sent) t.pending += n;
      this.onError(err);
    }
  }
}

/** Forgets windows that ended (the plugin calls it every few minutes). */
export async function purgeCounters(db: Db): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, sql`now()`));
}

/**
 * A store for @fastify/rate-limit in PostgreSQL, so several server instances behind a load balancer
 * share one count per key instead of each allowing the whole limit. A route's own limit (its
 * `config.rateLimit`) gets the route in its keys, so two routes never share a counter by accident.
 * Low limits (a login's, a callback's) are exact: one atomic upsert per call. High ceilings are batched.
 */
export function postgresRateLimitStore(db: Db, batched: BatchedCounters): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number, max: number): void {
      if (max >= BATCHED_FROM) return callback(null, batched.hit(`${this.prefix}${key}`, timeWindow));
      hitCounter(db, `${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, hit),
        (err: Error) => callback(err),
      );
    }

    // The plugin passes its merged options, whose routeInfo is the route (typed as the route itself).
    child(options: object): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new PostgresRateLimitStore(
        route?.url ? `route:${[route.method].flat().join(',')} ${route.url}:` : '',
      ) as unknown as FastifyRateLimitStore;
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
