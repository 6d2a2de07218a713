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

/** Forgets windows that ended (the plugin calls it every few minutes). */
export async function purgeCounters(db: Db): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, sql`now()`));
}

/**
 * A store for @fastify/rate-limit in PostgreSQL, so several server instances behind a load balancer
 * share one count per key instead of each allowing the whole limit. A route's own limit (its
 * `config.rateLimit`) gets the route in its keys, so two routes never share a counter by accident.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number): void {
      hitCounter(db, `${this.prefix}${key}`, timeWindow).then((hit) => callback(null, hit), (err: Error) => callback(err));
    }

    // The plugin passes its merged options, whose routeInfo is the route (typed as the route itself).
    child(options: object): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new PostgresRateLimitStore(route?.url ? `route:${[route.method].flat().join(',')} ${route.url}:` : '') as unknown as FastifyRateLimitStore;
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
