import fp from 'fastify-plugin';
import { DocumentStore } from '../services/documents';
import { UploadStore } from '../services/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentStore;
    /** Resumable uploads in progress (removed when used or expired: services/jobs.ts). */
    uploads: UploadStore;
  }
}

/** The document and upload stores, and an hourly sweep of document files that no committed row points at. */
export default fp(
  async (app) => {
    const store = new DocumentStore(app.database, app.config.dataDir);
    app.decorate('documents', store);
    const uploads = new UploadStore(app.database, app.config.dataDir);
    app.decorate('uploads', uploads);
    app.addHook('preClose', () => uploads.stopAll());
    const sweep = () =>
      store.sweepOrphans(app.db).then(
        (n) => n && app.log.info({ removed: n }, 'removed orphan document files'),
        (err) => app.log.warn({ err }, 'orphan sweep failed'),
      );
    const timer = setInterval(sweep, 3_600_000);
    // At start no request of this process is in flight, and with the embedded database no other
    // process may use DATA_DIR: every file no row points at was left by a crash, whatever its age.
    if (app.database.kind === 'pglite') {
      app.addHook('onReady', async () => {
        const removed = await store.sweepOrphans(app.db, 0);
        if (removed) app.log.info({ removed }, 'removed document files left by an interrupted request');
      });
    }
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'documents', dependencies: ['db'] },
);
