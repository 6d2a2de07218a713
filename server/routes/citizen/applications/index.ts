import type { FastifyInstance } from 'fastify';
import { purgeIdempotencyKeys } from '../../../services/idempotency';
import { rejectOverdueApplications } from '../../../services/payments';
import certificateRoutes from './certificate';
import createRoutes from './create';
import documentRoutes from './documents';
import historyRoutes from './history';
import paymentRoutes from './payment';

const MAINTENANCE_EVERY_MS = 5 * 60_000;

/** /v1/citizen/resident-certificate/*: create, re-apply, documents, payment proof, fee, history, detail. */
export default async function applicationRoutes(app: FastifyInstance) {
  await app.register(paymentRoutes);
  await app.register(historyRoutes);
  await app.register(documentRoutes);
  await app.register(createRoutes);
  await app.register(certificateRoutes);

  // Unpaid applications past their deadline are rejected, and old idempotency keys forgotten, every
  // few minutes. Safe with several instances: each change is conditional on the status it read.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = Promise.all([rejectOverdueApplications(app.db), purgeIdempotencyKeys(app.db)])
        .then(([rejected, purged]) => (rejected || purged) && app.log.info({ rejected, purged }, 'application maintenance'))
        .catch((err) => app.log.warn({ err }, 'application maintenance failed'));
    }, MAINTENANCE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
