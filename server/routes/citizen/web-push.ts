import * as v from 'valibot';
import { pushEndpointBody, pushSubscriptionBody } from '../../../contract/web-push';
import { FieldError } from '../../../contract/rules';
import { badRequest, notFound } from '../../lib/http-error';
import { answers, dataAnswer } from '../../lib/answers';
import { schema, type TypedApp } from '../../lib/validation';
import { isSubscribed, subscribe, unsubscribe } from '../../services/web-push';

const LOOPBACK = /^(127(\.\d{1,3}){3}|localhost|\[::1\])$/i;

/**
 * /v1/push/: this device's Web Push subscription (docs/security.md#web-push). Endpoints travel in
 * bodies, never in URLs, so no access log holds one.
 */
export default async function webPushRoutes(app: TypedApp) {
  const tags = ['notifications'];
  const security = [{ bearer: [] }];

  /** Push services are https; the tests' own endpoint on this machine is the one exception. */
  const checkEndpoint = (endpoint: string) => {
    const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
    const ok =
      url !== null &&
      !url.username &&
      !url.password &&
      (url.protocol === 'https:' || (app.config.isTest && url.protocol === 'http:' && LOOPBACK.test(url.hostname)));
    if (!ok) throw badRequest('This is not a push service address.', { endpoint: FieldError.invalidId });
  };
  const checkKeys = (p256dh: string, auth: string) => {
    const point = Buffer.from(p256dh, 'base64url');
    if (point.length !== 65 || point[0] !== 4)
      throw badRequest('This is not a browser push key.', { 'keys.p256dh': FieldError.invalidId });
    if (Buffer.from(auth, 'base64url').length !== 16)
      throw badRequest('This is not a browser push secret.', { 'keys.auth': FieldError.invalidId });
  };

  app.get(
    '/v1/push/public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (applicationServerKey of a subscription)",
        response: answers({ 200: dataAnswer(v.object({ public_key: v.string() }), 'base64url, 65 bytes') }),
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return { data: { public_key: app.webPush.publicKey } };
    },
  );

  app.post(
    '/v1/push/subscriptions',
    {
      onRequest: app.authenticate,
      config: { limit: 'push' as const },
      schema: {
        tags,
        security,
        summary: 'Tell this device when my applications change (idempotent per endpoint)',
        body: schema(pushSubscriptionBody),
        response: answers({ 200: dataAnswer(v.object({ subscribed: v.literal(true) }), 'Subscribed') }),
      },
    },
    async (req) => {
      const { endpoint, keys, language } = req.body;
      checkEndpoint(endpoint);
      checkKeys(keys.p256dh, keys.auth);
      await subscribe(app.db, req.user!.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth, language });
      return { data: { subscribed: true as const } };
    },
  );

  app.post(
    '/v1/push/subscriptions/remove',
    {
      onRequest: app.authenticate,
      config: { limit: 'push' as const },
      schema: {
        tags,
        security,
        summary: 'Stop telling this device (only my own subscription)',
        body: schema(pushEndpointBody),
        response: answers({ 200: dataAnswer(v.object({ subscribed: v.literal(false) }), 'Removed') }),
      },
    },
    async (req) => {
      if (!(await unsubscribe(app.db, req.user!.id, req.body.endpoint)))
        throw notFound('This device is not subscribed to your notices.');
      return { data: { subscribed: false as const } };
    },
  );

  app.post(
    '/v1/push/subscriptions/status',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Is this device subscribed for me?',
        body: schema(pushEndpointBody),
        response: answers({ 200: dataAnswer(v.object({ subscribed: v.boolean() }), 'Whether it is') }),
      },
    },
    async (req) => ({ data: { subscribed: await isSubscribed(app.db, req.user!.id, req.body.endpoint) } }),
  );
}
