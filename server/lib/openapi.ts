import type { SwaggerOptions } from '@fastify/swagger';
import type { Config } from '../config';

/** The groups of the API, in the order the document lists them. */
const TAGS = [
  { name: 'operations', description: 'Health and readiness, for the load balancer and monitoring' },
  {
    name: 'master-data',
    description: 'Provinces, districts, villages, banks and support contacts (public, cacheable)',
  },
  { name: 'auth', description: 'Registration, one-time codes, sign-in and password recovery' },
  { name: 'profile', description: "The signed-in citizen's account" },
  { name: 'notifications', description: "The signed-in citizen's messages" },
  { name: 'resident-certificate', description: "The citizen's applications, documents, payment and certificate" },
  { name: 'uploads', description: 'Resumable uploads (tus 1.0.0) of documents over weak connections' },
  { name: 'verification', description: 'Public check of a certificate behind its QR code' },
  { name: 'officer', description: 'The back office: the queue of applications and the officer actions' },
  { name: 'payments', description: "The bank's calls" },
  {
    name: 'wallet',
    description: 'The certificate in a wallet: OpenID4VCI issuer, its metadata and the Token Status List',
  },
];

/** `POST /api/v1/auth/login` → `postV1AuthLogin`: stable, unique, readable in generated clients. */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

/** @fastify/swagger's options: the OpenAPI document at /api/docs. */
export function openapiOptions(config: Config): SwaggerOptions {
  return {
    openapi: {
      // 3.1: its schemas are JSON Schema, as valibot's are turned into (const, type null, propertyNames).
      openapi: '3.1.0',
      info: {
        title: 'Lao e-Government — Resident Certificate API',
        version: '1.0.0',
        description:
          'Citizen, officer, bank and verification endpoints. Errors: { message, data: { error_code, message, fields } }.',
        contact: { name: 'Customer service', email: config.support.email },
      },
      servers: [{ url: config.appBaseUrl }],
      tags: TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    // Every operation has an id and a description (the summary when it has nothing more to say).
    transform: ({ schema, url, route }) => {
      const method = Array.isArray(route.method) ? route.method[0] : route.method;
      const described = schema as { summary?: string; description?: string } | undefined;
      return {
        url,
        schema: {
          ...schema,
          operationId: operationId(method, url),
          description: described?.description ?? described?.summary,
        },
      };
    },
  };
}
