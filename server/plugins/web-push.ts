import fp from 'fastify-plugin';
import { loadVapidKeys } from '../lib/vapid-keys';
import { createPushSender, type PushSender } from '../services/web-push';

declare module 'fastify' {
  interface FastifyInstance {
    webPush: PushSender & { publicKey: string };
  }
}

/**
 * Web Push: the VAPID key pair (read, or generated in DATA_DIR for a local trial) and the sender of
 * the queued messages. A request that queued a message kicks the sender once its answer is sent
 * (its transaction committed); a timer sends the rest (the jobs', another instance's, retries).
 */
export default fp(
  async (app) => {
    const keys = loadVapidKeys(app.config, app.log);
    const subject = app.config.webPush.subject ?? `mailto:${app.config.support.email}`;
    const sender = createPushSender({ db: app.db, keys, subject, log: app.log });
    app.decorate('webPush', Object.assign(sender, { publicKey: keys.publicKey }));
    app.addHook('onResponse', async () => sender.kickIfQueued());
    app.addHook('onReady', async () => sender.start());
    app.addHook('onClose', async () => sender.stop());
  },
  { name: 'web-push', dependencies: ['db'] },
);
