import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import { resolveHashSecret } from './lib/hash-secret';
import { installAnswerSerializer, installValibotValidator } from './lib/validation';
import { openapiOptions } from './lib/openapi';
import { loggerOptions, requestId } from './logger';
import authPlugin from './plugins/auth';
import certificateKeysPlugin from './plugins/certificate-keys';
import citizenAnswersPlugin from './plugins/citizen-answers';
import dbPlugin from './plugins/db';
import documentsPlugin from './plugins/documents';
import errorsPlugin, { frameworkErrors } from './plugins/errors';
import mailPlugin from './plugins/mail';
import metricsPlugin from './plugins/metrics';
import masterDataPlugin from './plugins/master-data';
import rateLimitsPlugin from './plugins/rate-limits';
import transportPlugin from './plugins/transport';
import walletKeyPlugin from './plugins/wallet-key';
import webPushPlugin from './plugins/web-push';
import webAppPlugin from './plugins/web-app';
import apiRoutes from './routes';
import walletRoutes from './routes/wallet';
import { sealingKey } from './services/officer-totp';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Key of the keyed hashes stored in the database (never stored there itself). */
    hashKey: Buffer;
    /** Key that seals officers' authenticator-app secrets in the database (derived from the hash key). */
    totpKey: Buffer;
    /**
     * The time the officer's day reads (the working-day clock, claims, requests to the citizen): the
     * real time; a test sets `now` to put the service on a chosen day (tests/api/officer-day-*).
     */
    clock: { now: () => Date };
  }
}

/** The whole product as one Fastify app: built by server.ts for real, and by the tests with their own config. */
export async function buildApp(
  config: Config,
  opts: { logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, opts.logStream),
    genReqId: requestId,
    requestIdHeader: false,
    // Opening the embedded database for the first time (initdb, migrations, the list of places) can
    // take longer than Fastify's 10 s on a busy small server; a slow start is not a failed one.
    pluginTimeout: 180_000,
    // A hop count as Fastify applies it at run time (its types take only addresses or a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Ids in URLs are numbers; anything longer than this is noise.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
  });
  app.decorate('config', config);
  app.decorate('hashKey', resolveHashSecret(config, app.log));
  app.decorate('totpKey', sealingKey(app.hashKey));
  app.decorate('clock', { now: () => new Date() });
  // One id per request in every log line of it, and in the answer for a citizen's support call.
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  installValibotValidator(app);
  installAnswerSerializer(app, config.isTest);
  await app.register(errorsPlugin);

  // Citizens pay for every byte: JSON and the app's files travel compressed (brotli or gzip).
  await app.register(compress, { threshold: 1024 });
  await app.register(transportPlugin);
  await app.register(swagger, openapiOptions(config));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The keys first: a server that cannot sign refuses to start before it opens the database.
  await app.register(certificateKeysPlugin);
  await app.register(dbPlugin, { config });
  await app.register(metricsPlugin);
  await app.register(masterDataPlugin);
  await app.register(citizenAnswersPlugin);
  await app.register(documentsPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(mailPlugin);
  await app.register(walletKeyPlugin);
  await app.register(webPushPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(walletRoutes);
  await app.register(webAppPlugin);
  return app;
}
