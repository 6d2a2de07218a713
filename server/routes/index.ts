import * as v from 'valibot';
import { databaseAnswers, migrationsReady } from '../db/client';
import { answers } from '../lib/answers';
import type { TypedApp } from '../lib/validation';
import authRoutes from './auth/index';
import applicationRoutes from './citizen/applications/index';
import notificationRoutes from './citizen/notifications';
import profileRoutes from './citizen/profile';
import webPushRoutes from './citizen/web-push';
import masterDataRoutes from './master-data';
import placeMatchRoutes from './place-match';
import locationTreeRoutes from './location-tree';
import verifyRoutes from './verify';
import officerRoutes from './officer/index';
import pickupDeskRoutes from './officer/pickup-desk';
import figuresRoutes from './officer/figures';
import feedbackRoutes from './citizen/feedback';
import paymentRoutes from './payments';
import uploadRoutes from './uploads';

/** Every API route, under /api (registered by app.ts). */
const state = (status: string, description: string) =>
  v.pipe(
    v.object({ status: v.literal(status), database: v.picklist(['pglite', 'postgres']) }),
    v.description(description),
  );

export default async function apiRoutes(app: TypedApp) {
  const healthSchema = {
    tags: ['operations'],
    summary: 'The process answers and its database too',
    response: answers({ 200: state('ok', 'Healthy') }),
  };
  app.get('/health', { schema: healthSchema }, async () => {
    await databaseAnswers(app.db);
    return { status: 'ok', database: app.database.kind };
  });
  // Readiness: take traffic only when the database answers and has every migration of this version.
  const readySchema = {
    tags: ['operations'],
    summary: 'Ready for traffic: the database answers and has every migration of this version',
    response: answers({ 200: state('ready', 'Ready'), 503: state('not ready', 'Not ready') }),
  };
  app.get('/ready', { schema: readySchema }, async (_req, reply) => {
    let ready = false;
    try {
      ready = await migrationsReady(app.db);
    } catch (err) {
      app.log.warn({ err }, 'not ready: the database does not answer');
    }
    if (!ready) return reply.code(503).send({ status: 'not ready', database: app.database.kind });
    return { status: 'ready', database: app.database.kind };
  });
  await app.register(masterDataRoutes);
  await app.register(placeMatchRoutes);
  await app.register(locationTreeRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(notificationRoutes);
  await app.register(webPushRoutes);
  await app.register(applicationRoutes);
  await app.register(verifyRoutes);
  await app.register(officerRoutes);
  await app.register(pickupDeskRoutes);
  await app.register(figuresRoutes);
  await app.register(feedbackRoutes);
  await app.register(paymentRoutes);
  await app.register(uploadRoutes);
}
