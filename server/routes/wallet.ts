import * as v from 'valibot';
import type { FastifyReply } from 'fastify';
import { WALLET_CLAIMS, WALLET_CREDENTIAL_CONFIGURATION, walletOfferShape } from '../../contract/wallet';
import { dataAnswer, errorAnswer } from '../lib/answers';
import { idParams, schema, type TypedApp } from '../lib/validation';
import {
  createOffer,
  issueCredential,
  newNonce,
  OauthError,
  redeemPreAuthorizedCode,
  statusListJwt,
  walletUrls,
} from '../services/wallet';

const tags = ['wallet'];

/** OAuth's error shape on the protocol endpoints; ours where the framework answers (a 429, a 415). */
const oauthError = v.pipe(
  v.union([v.object({ error: v.string(), error_description: v.optional(v.string()) }), errorAnswer]),
  v.description('An OAuth / OpenID4VCI error (invalid_grant, invalid_proof, invalid_nonce…)'),
);

/** Successful answer(s) and the two error shapes, as answers() gives for the rest of the API. */
const protocolAnswers = <S extends v.GenericSchema>(ok: S, description: string) => ({
  200: schema(v.pipe(ok, v.description(description))),
  '4xx': schema(oauthError),
  '5xx': schema(errorAnswer),
});

const anyObject = v.looseObject({});

async function oauth<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | undefined> {
  reply.header('Cache-Control', 'no-store');
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof OauthError)) throw err;
    if (err.statusCode === 401) reply.header('WWW-Authenticate', `Bearer error="${err.error}"`);
    await reply.code(err.statusCode).send({ error: err.error, error_description: err.message });
    return undefined;
  }
}

const LANGUAGES = [
  { locale: 'en', name: 'Resident Certificate', issuer: 'Lao e-Government' },
  { locale: 'lo', name: 'ໃບຢັ້ງຢືນທີ່ຢູ່', issuer: 'ລັດຖະບານເອເລັກໂຕຣນິກ ສປປ ລາວ' },
];

const CLAIM_NAMES: Record<string, [string, string]> = {
  given_name: ['First name', 'ຊື່'],
  family_name: ['Last name', 'ນາມສະກຸນ'],
  birthdate: ['Date of birth', 'ວັນເດືອນປີເກີດ'],
  house_number: ['House number', 'ເຮືອນເລກທີ'],
  address: ['Current address', 'ທີ່ຢູ່ປັດຈຸບັນ'],
  village: ['Village', 'ບ້ານ'],
  district: ['District', 'ເມືອງ'],
  province: ['Province', 'ແຂວງ'],
  village_code: ['Village code', 'ລະຫັດບ້ານ'],
  district_code: ['District code', 'ລະຫັດເມືອງ'],
  province_code: ['Province code', 'ລະຫັດແຂວງ'],
  ticket_number: ['Ticket No.', 'ເລກທີຄຳຮ້ອງ'],
};

/**
 * The OpenID4VCI 1.0 issuer (pre-authorized code with a PIN, nonce endpoint, SD-JWT VC bound to the
 * wallet's key), its metadata at the well-known paths, and the Token Status List
 * (docs/architecture.md#the-certificate-in-a-wallet). Registered at the root: the well-known paths
 * are the issuer identifier's.
 */
export default async function walletRoutes(app: TypedApp) {
  const base = app.config.appBaseUrl;
  const urls = walletUrls(base);

  // The token request is a form (RFC 6749 §4.1.3); in this plugin only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/api/v1/citizen/resident-certificate/:id/wallet-offer',
    {
      onRequest: app.authenticate,
      config: { limit: 'certificate' },
      schema: {
        tags: ['resident-certificate'],
        security: [{ bearer: [] }],
        summary:
          'A credential offer (OpenID4VCI, pre-authorized code) and its PIN for a wallet app: owner of an issued certificate only; shown once, single-use, 10 minutes',
        params: schema(idParams),
        response: {
          201: schema(dataAnswer(walletOfferShape, 'The offer and its PIN')),
          '4xx': schema(errorAnswer),
          '5xx': schema(errorAnswer),
        },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const offer = await createOffer(app, req.params.id, req.user!.id);
      return reply.code(201).send({ data: offer });
    },
  );

  app.get(
    '/.well-known/openid-credential-issuer',
    {
      schema: {
        tags,
        summary: 'OpenID4VCI 1.0 credential issuer metadata',
        response: protocolAnswers(anyObject, 'Issuer metadata'),
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return {
        credential_issuer: urls.issuer,
        credential_endpoint: urls.credential,
        nonce_endpoint: urls.nonce,
        display: LANGUAGES.map((l) => ({ name: l.issuer, locale: l.locale })),
        credential_configurations_supported: {
          [WALLET_CREDENTIAL_CONFIGURATION]: {
            format: 'dc+sd-jwt',
            vct: urls.vct,
            scope: 'resident_certificate',
            cryptographic_binding_methods_supported: ['jwk'],
            credential_signing_alg_values_supported: ['ES256'],
            proof_types_supported: { jwt: { proof_signing_alg_values_supported: ['ES256', 'ES384', 'EdDSA'] } },
            credential_metadata: {
              display: LANGUAGES.map((l) => ({
                name: l.name,
                locale: l.locale,
                background_color: '#1e3a8a',
                text_color: '#ffffff',
              })),
              claims: WALLET_CLAIMS.map((name) => ({
                path: [name],
                display: [
                  { name: CLAIM_NAMES[name][0], locale: 'en' },
                  { name: CLAIM_NAMES[name][1], locale: 'lo' },
                ],
              })),
            },
          },
        },
      };
    },
  );

  const authorizationServer = {
    issuer: urls.issuer,
    token_endpoint: urls.token,
    grant_types_supported: ['urn:ietf:params:oauth:grant-type:pre-authorized_code'],
    'pre-authorized_grant_anonymous_access_supported': true,
    token_endpoint_auth_methods_supported: ['none'],
  };
  for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'])
    app.get(
      path,
      {
        schema: {
          tags,
          summary: 'OAuth authorization server metadata of the issuer (pre-authorized code grant only)',
          response: protocolAnswers(anyObject, 'Authorization server metadata'),
        },
      },
      async (_req, reply) => {
        reply.header('Cache-Control', 'public, max-age=3600');
        return authorizationServer;
      },
    );

  app.get(
    '/.well-known/jwt-vc-issuer',
    {
      schema: {
        tags,
        summary: 'SD-JWT VC issuer metadata: the public key (JWKS) that signs our credentials',
        response: protocolAnswers(anyObject, 'JWT VC issuer metadata'),
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return { issuer: urls.issuer, jwks: { keys: [app.walletKey.publicJwk] } };
    },
  );

  app.post(
    '/api/v1/wallet/token',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Token endpoint: the pre-authorized code and its PIN (tx_code) for an access token, once (form or JSON body)',
        response: protocolAnswers(
          v.object({ access_token: v.string(), token_type: v.literal('Bearer'), expires_in: v.number() }),
          'The access token (5 minutes, one credential)',
        ),
      },
    },
    async (req, reply) => oauth(reply, () => redeemPreAuthorizedCode(app, req.body)),
  );

  app.post(
    '/api/v1/wallet/nonce',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Nonce endpoint: a fresh c_nonce for the proof of the wallet key',
        response: protocolAnswers(v.object({ c_nonce: v.string() }), 'A fresh c_nonce'),
      },
    },
    async (_req, reply) => oauth(reply, () => newNonce(app.db)),
  );

  app.post(
    '/api/v1/wallet/credential',
    {
      schema: {
        tags,
        summary: 'Credential endpoint: with the access token and a proof JWT, the certificate as an SD-JWT VC',
        response: protocolAnswers(
          v.object({ credentials: v.array(v.object({ credential: v.string() })) }),
          'The credential (SD-JWT VC with its disclosures)',
        ),
      },
    },
    async (req, reply) => oauth(reply, () => issueCredential(app, req.headers.authorization, req.body)),
  );

  app.get(
    '/api/v1/wallet/status-list',
    {
      schema: {
        tags,
        summary: 'The Token Status List (JWT, application/statuslist+jwt): one bit per wallet credential, 1 = revoked',
        response: {
          200: {
            description: 'The signed status list',
            content: { 'application/statuslist+jwt': { schema: { type: 'string' } } },
          },
          '4xx': schema(errorAnswer),
          '5xx': schema(errorAnswer),
        },
      },
    },
    async (_req, reply) => {
      // Verifiers may cache it for its ttl (5 minutes): a revocation shows within that.
      reply.header('Cache-Control', 'public, max-age=300');
      return reply.type('application/statuslist+jwt').send(await statusListJwt(app));
    },
  );
}
