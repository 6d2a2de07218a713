import fp from 'fastify-plugin';
import { DocumentStore } from '../services/documents';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentStore;
  }
}

/** The document store, and an hourly sweep of files that no committed row points at. */
export default fp(async (app) => {
  const store = new DocumentStore(app.database, app.config.dataDir);
  app.decorate('documents', store);
  const sweep = () => store.sweepOrphans(app.db).then((n) => n && app.log.info({ removed: n }, 'removed orphan document files'), (err) => app.log.warn({ err }, 'orphan sweep failed'));
  const timer = setInterval(sweep, 3_600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}, { name: 'documents', dependencies: ['db'] });
