import * as v from 'valibot';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../contract/errors';
import { BANK_SIGNATURE_HEADER, BANK_TIMESTAMP_HEADER, vaCallbackBody } from '../../contract/payments';
import { checkBankSignature, resolveBankCallbackSecret } from '../lib/bank-signature';
import { HttpError } from '../lib/http-error';
import { schema, type TypedApp } from '../lib/validation';
import { answers, dataAnswer } from '../lib/answers';
import { ALL_STATUSES } from '../../contract/status';
import { receiveBankTransfer } from '../services/bank-payments';

const signedHeaders = v.looseObject({
  [BANK_TIMESTAMP_HEADER]: v.pipe(
    v.string(),
    v.description('Unix time in seconds; at most 5 minutes from the server clock'),
  ),
  [BANK_SIGNATURE_HEADER]: v.pipe(v.string(), v.description('Lowercase hex HMAC-SHA256 of `${timestamp}.${raw body}`')),
});

/**
 * The bank's calls (docs/operations.md#bank-payment-callback). Encapsulated: its JSON parser keeps
 * the raw bytes, which the signature covers, without changing how any other route parses JSON.
 */
export default async function paymentRoutes(app: TypedApp) {
  const secret = resolveBankCallbackSecret(app.config, app.log);
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  // Fastify's own parser (prototype-poisoning checks, its 400s for empty or malformed JSON).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    rawBodies.set(req, body as Buffer);
    parseJson(req, (body as Buffer).toString('utf8'), done);
  });

  app.post(
    '/v1/payments/va-callback',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary:
          "Bank: a transfer reached an application's virtual account (HMAC-signed; a retry of the same transaction_id gets the first answer)",
        description:
          'Answers 200 with the application id, status and payment status. Refusals change nothing and mean the bank must return the money: 401 bad_signature / stale_timestamp, 404 x008 unknown virtual account, 422 amount_mismatch, 409 already_paid, 409 va_closed (deadline passed or application closed).',
        headers: schema(signedHeaders),
        body: schema(vaCallbackBody),
        response: answers({
          200: dataAnswer(
            v.object({
              id: v.number(),
              status: v.picklist(ALL_STATUSES),
              payment_status: v.picklist(['unpaid', 'paid']),
            }),
            'Received: the application and its payment status',
          ),
        }),
      },
      // Before the body's validation: callers without the secret learn nothing about the format.
      preValidation: async (req) => {
        const raw = rawBodies.get(req);
        checkBankSignature(
          secret,
          req.headers[BANK_TIMESTAMP_HEADER],
          req.headers[BANK_SIGNATURE_HEADER],
          raw ?? Buffer.alloc(0),
        );
        if (!raw) throw new HttpError(415, ErrorCode.badRequest, 'Send the request as JSON.');
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return receiveBankTransfer(app.db, req.body, app.clock.now());
    },
  );
}
