import type { FastifyInstance } from 'fastify';
import { scheduleJobs } from '../../../services/jobs';
import accessLogRoutes from './access-log';
import answerRequestRoutes from './answer-request';
import certificateRoutes from './certificate';
import createRoutes from './create';
import documentRoutes from './documents';
import historyRoutes from './history';
import paymentRoutes from './payment';

/** /v1/citizen/resident-certificate/*: create, re-apply, documents, payment proof, fee, history, detail, answers to officers. */
export default async function applicationRoutes(app: FastifyInstance) {
  await app.register(paymentRoutes);
  await app.register(historyRoutes);
  await app.register(documentRoutes);
  await app.register(createRoutes);
  await app.register(certificateRoutes);
  await app.register(accessLogRoutes);
  await app.register(answerRequestRoutes);

  // Expiry of unpaid applications, pick-up reminders, old idempotency keys (services/jobs.ts).
  scheduleJobs(app);
}
