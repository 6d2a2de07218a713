import fp from 'fastify-plugin';
import type { Config } from '../config';
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
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (err) => app.log.warn({ err }, 'an idle database connection was closed by the server'),
    });
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
