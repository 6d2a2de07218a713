import fp from 'fastify-plugin';
import type { Config } from '../config';
import path from 'node:path';
import { makeDataDirPrivate, tightenTree } from '../lib/private-files';
import { openDatabase, type Database, type Db } from '../db/client';
import { seedBanks } from '../db/seed/banks';
import { seedLocationsIfEmpty } from '../db/seed/locations';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Opens the database (PGlite or PostgreSQL), applies migrations and seeds master data on first start. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    makeDataDirPrivate(config.dataDir);
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (err) => app.log.warn({ err }, 'an idle database connection was closed by the server'),
      onLockLost: () => {
        // Another server took DATA_DIR: writing on would corrupt the embedded database. Stop at once.
        app.log.fatal({ dataDir: config.dataDir }, 'the DATA_DIR lock was taken by another process; stopping');
        process.exit(1);
      },
    });
    // The embedded PostgreSQL writes a few cache files (pg_internal.init) with its own mode at start.
    if (database.kind === 'pglite') tightenTree(path.join(config.dataDir, 'db'));
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.addHook('onClose', async () => database.close());
    await seedBanks(database.db);
    const started = Date.now();
    if (await seedLocationsIfEmpty(database.db))
      app.log.info({ ms: Date.now() - started }, 'seeded the administrative divisions of Laos');
  },
  { name: 'db' },
);
