import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../services/mail';
import { createMailQueue, type MailQueue } from '../services/mail-queue';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    mailQueue: MailQueue;
  }
}

/**
 * The mailer (SMTP or the DATA_DIR/outbox folder) and the queue in front of it: routes write mails
 * into the queue inside their transaction and kick it after the commit; a worker retries the rest.
 */
export default fp(
  async (app) => {
    const mailer = createMailer({
      smtpUrl: app.config.mailTransport === 'smtp' ? app.config.smtpUrl : undefined,
      from: app.config.mailFrom,
      dataDir: app.config.dataDir,
      log: (message, details) => app.log.info(details, message),
    });
    const mailQueue = createMailQueue({
      db: app.db,
      mailer,
      baseSeconds: app.config.mailRetry.baseSeconds,
      maxAttempts: app.config.mailRetry.maxAttempts,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.decorate('mailQueue', mailQueue);
    app.addHook('onReady', async () => {
      mailQueue.start();
      void mailQueue.kick(0);
    });
    app.addHook('onClose', async () => {
      await mailQueue.stop();
      mailer.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
