import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../services/mail';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** The mailer (SMTP or the DATA_DIR/outbox folder), shared by every route that writes to citizens. */
export default fp(
  async (app) => {
    const mailer = createMailer({
      smtpUrl: app.config.mailTransport === 'smtp' ? app.config.smtpUrl : undefined,
      from: app.config.mailFrom,
      dataDir: app.config.dataDir,
      log: (message, details) => app.log.info(details, message),
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
