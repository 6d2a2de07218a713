import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';
import { appPath } from '../paths';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Connections in use and waiting, for /metrics (the embedded database has one, always open). */
  pool(): { total: number; idle: number; waiting: number; max: number };
  /** PGlite only: a gzipped tarball of its data directory, taken between two queries (see services/backup.ts). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * PGlite only: runs SQL with several statements, and hears NOTIFY. PGlite calls a listener before
   * the query (or the COMMIT) that sent the notice resolves, so no later read can miss it.
   */
  embedded?: {
    exec(sql: string): Promise<unknown>;
    listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
  };
}

const migrationsFolder = appPath('server', 'db', 'migrations');
const expectedMigrations = (
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/** Are all of this version's migrations applied? (readiness: a database restored from an older backup is not) */
/** The database answers a query (the health check). */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

export async function migrationsReady(db: Db): Promise<boolean> {
  const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0) >= expectedMigrations;
}

/** PostgreSQL when a URL is given, else the embedded PGlite in DATA_DIR/db; migrations applied on both. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (err: Error) => void;
  /** The DATA_DIR lock was taken by another process (this one stalled past its expiry). */
  onLockLost?: () => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that the server ends (a PostgreSQL restart, a failover, an administrator)
    // is re-emitted by the pool as 'error'; unheard, that would crash the whole process. The pool
    // drops that connection and opens a new one for the next query, so logging it is enough.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzle(pool, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: 10 }),
    };
  }
  const release = lockDataDir(opts.dataDir, { onLost: opts.onLockLost });
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const dbDir = path.join(opts.dataDir, 'db');
    // PostgreSQL's default 128 MB of shared buffers is most of the embedded server's memory and
    // buys nothing for one process on a small office's server; 16 MB holds the hot tables.
    const options = { postgresqlconf: ['shared_buffers = 16MB'] };
    if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) {
      // Creating the database (initdb) takes some 600 MB that the instance keeps until it is closed:
      // create it, close it, and serve from a fresh instance, so a first start idles as low as any.
      await (await PGlite.create(dbDir, options)).close();
    }
    const client = await PGlite.create(dbDir, options);
    const db = drizzle(client, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      pool: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
      dumpDataDir: () => client.dumpDataDir('gzip'),
      embedded: {
        exec: (statements) => client.exec(statements),
        listen: (channel, onNotice) => client.listen(channel, onNotice),
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
