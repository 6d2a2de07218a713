import * as v from 'valibot';
import { schema, type TypedApp } from '../lib/validation';
import { answers, dataAnswer } from '../lib/answers';
import { presentationBody, presentationCheckShape } from '../../contract/wallet';
import { verifyCertificate } from '../services/certificates';
import { verifyPresentation } from '../services/wallet';

const codeParams = v.object({ code: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid_code')) });

/** Public certificate check behind the QR code: no sign-in, few requests per address (guessing codes is slow). */
export default async function verifyRoutes(app: TypedApp) {
  app.get(
    '/v1/verify/:code',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['verification'],
        summary:
          'Is this certificate genuine? valid, revoked or unknown (an unknown code is a 200 with status unknown)',
        params: schema(codeParams),
        response: answers({
          200: dataAnswer(
            v.object({
              status: v.picklist(['valid', 'revoked', 'unknown']),
              ticket_number: v.optional(v.string()),
              holder_name: v.optional(v.pipe(v.string(), v.description('First name and the initial of the last'))),
              issued_on: v.optional(v.string()),
              revoked_on: v.optional(v.string()),
            }),
            'What the certificate is',
          ),
        }),
      },
    },
    async (req, reply) => {
      const { code } = req.params;
      reply.header('Cache-Control', 'no-store');
      return { data: await verifyCertificate(app.db, code) };
    },
  );

  // The public keys that sign certificates' QR statements, by key id
  // (docs/architecture.md#certificates-on-the-device). Stable path: the verify page and the service
  // worker keep a copy so a certificate can be checked offline.
  app.get(
    '/v1/certificate-keys',
    {
      schema: {
        tags: ['verification'],
        summary:
          'Ed25519 public keys (base64url, by key id) that sign the statement in certificate QR codes; retired keys stay listed',
        response: answers({
          200: dataAnswer(
            v.object({
              keys: v.array(
                v.object({ kid: v.string(), alg: v.literal('Ed25519'), public_key: v.string(), active: v.boolean() }),
              ),
            }),
            'The key set',
          ),
        }),
      },
    },
    async (_req, reply) => {
      // An hour in caches: a new key is published before it signs anything a verifier could hold.
      reply.header('Cache-Control', 'public, max-age=3600');
      return { data: app.certificateKeys.keySet };
    },
  );

  app.post(
    '/v1/verify/presentation',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['verification'],
        summary:
          'Is this wallet credential genuine? A pasted SD-JWT VC presentation (optionally with its key-binding JWT): valid with the disclosed claims only, revoked, or invalid with the problem',
        body: schema(presentationBody),
        response: answers({ 200: dataAnswer(presentationCheckShape, 'What the presentation proves') }),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await verifyPresentation(app, req.body.presentation) };
    },
  );
}
