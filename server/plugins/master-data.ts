import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { MASTER_DATA_CHANNEL } from '../db/seed/locations';
import { MasterDataStore } from '../services/master-data-store';

declare module 'fastify' {
  interface FastifyInstance {
    masterData: MasterDataStore;
  }
}

/**
 * Loads the master data into memory at start. On PostgreSQL, where several instances share the
 * database and an import may run beside them, each instance listens for the import's notice
 * (`importPlaces` sends it when its transaction commits) and loads the lists again, so all answer
 * the same bytes and ETags. A lost listening connection is reopened, and the lists reloaded, since
 * a notice may have been missed meanwhile. With the embedded database an import needs the server
 * stopped, and the next start loads the new lists.
 */
export default fp(
  async (app) => {
    const store = new MasterDataStore();
    await store.load(app.db);
    app.decorate('masterData', store);
    const reload = async () => {
      try {
        await store.load(app.db);
        app.log.info('master data reloaded after an import');
      } catch (err) {
        app.log.error({ err }, 'master data could not be reloaded; the previous lists are still served');
      }
    };
    if (app.config.databaseUrl) {
      const stop = await listenForImports(app.config.databaseUrl, reload, app.log);
      app.addHook('onClose', stop);
    }
  },
  { name: 'master-data', dependencies: ['db'] },
);

async function listenForImports(
  url: string,
  onChange: () => Promise<void>,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  let client: InstanceType<typeof pg.Client> | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', () => void onChange());
    next.on('error', (err) => {
      log.warn({ err }, 'the master-data listener lost its connection; reconnecting');
      retry();
    });
    await next.connect();
    await next.query(`LISTEN ${MASTER_DATA_CHANNEL}`);
    client = next;
  };
  const retry = () => {
    if (closed || timer) return;
    void client?.end().catch(() => undefined);
    client = undefined;
    timer = setTimeout(async () => {
      timer = undefined;
      try {
        await connect();
        await onChange();
      } catch {
        retry();
      }
    }, 5000);
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}
