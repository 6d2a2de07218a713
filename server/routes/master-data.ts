import crypto from 'node:crypto';
import * as v from 'valibot';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../contract/master-data';
import { bankMonogramSvg } from '../db/seed/banks';
import { notFound } from '../lib/http-error';
import { idParams, schema } from '../lib/validation';
import type { CachedBody } from '../services/master-data-store';

const langQuery = v.object({ lang: v.optional(v.picklist(['en', 'lo'], 'invalid_language')) });
const logoParams = v.object({ code: v.pipe(v.string(), v.regex(/^[A-Z]{2,5}$/, 'invalid_id')) });

/** ?lang= wins, then Accept-Language (first of en/lo it names), then English. */
export function requestLanguage(req: FastifyRequest): Language {
  const q = (req.query as { lang?: string } | undefined)?.lang;
  if (q === 'en' || q === 'lo') return q;
  const header = req.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('lo')) return 'lo';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

/**
 * Public, cacheable lists. Clients (and the service worker) revalidate with If-None-Match, so a
 * repeat visit on a weak connection costs a 304; the list changes only when an operator imports.
 */
export function sendCacheable(req: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${crypto.createHash('sha1').update(json).digest('base64url')}"`;
  reply
    .header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400')
    .header('ETag', etag)
    .header('Vary', 'Accept-Language');
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/** True when If-None-Match names this ETag (a list of them, or `*`, as HTTP allows). */
function notModified(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return (
    header === etag || header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  );
}

/**
 * Route options for answers made by sendPrepared: their bytes are compressed once when the lists
 * load, so the compression plugin's hooks (which would only look and step aside) are left off, and
 * GET requests carry no body to decompress. Half the cost of a province list was those hooks.
 */
export const PREPARED = { compress: false, decompress: false } as const;

/**
 * A list held in memory (server/services/master-data-store.ts): 304 when the client has it, else
 * the prepared bytes, already compressed when the client accepts it (no work per request).
 */
export function sendPrepared(req: FastifyRequest, reply: FastifyReply, body: CachedBody) {
  reply
    .header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400')
    .header('ETag', body.etag)
    .header('Vary', 'Accept-Language, Accept-Encoding');
  if (notModified(req, body.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const accepts = req.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(body.gzip);
  return reply.send(body.json);
}

export default async function masterDataRoutes(app: FastifyInstance) {
  const tags = ['master-data'];
  const store = app.masterData;

  app.get(
    '/v1/master-data/location/provinces',
    { ...PREPARED, schema: { tags, querystring: schema(langQuery) } },
    async (req, reply) => sendPrepared(req, reply, store.provinces(requestLanguage(req))),
  );

  app.get(
    '/v1/master-data/location/district/:id',
    { ...PREPARED, schema: { tags, params: schema(idParams), querystring: schema(langQuery) } },
    async (req, reply) => {
      const body = store.districtsOf((req.params as { id: number }).id, requestLanguage(req));
      if (!body) throw notFound('Province not found');
      return sendPrepared(req, reply, body);
    },
  );

  app.get(
    '/v1/master-data/location/villages/:id',
    { ...PREPARED, schema: { tags, params: schema(idParams), querystring: schema(langQuery) } },
    async (req, reply) => {
      const body = store.villagesOf((req.params as { id: number }).id, requestLanguage(req));
      if (!body) throw notFound('District not found');
      return sendPrepared(req, reply, body);
    },
  );

  app.get(
    '/v1/master-data/bank',
    { ...PREPARED, schema: { tags, querystring: schema(langQuery) } },
    async (req, reply) => sendPrepared(req, reply, store.banks(requestLanguage(req))),
  );

  app.get(
    '/v1/master-data/bank/:id',
    { ...PREPARED, schema: { tags, params: schema(idParams), querystring: schema(langQuery) } },
    async (req, reply) => {
      const body = store.bank((req.params as { id: number }).id, requestLanguage(req));
      if (!body) throw notFound('Bank not found');
      return sendPrepared(req, reply, body);
    },
  );

  app.get(
    '/v1/master-data/bank-logo/:code.svg',
    { schema: { tags, params: schema(logoParams) } },
    async (req, reply) => {
      const { code } = req.params as { code: string };
      const sort = store.bankSort(code);
      if (sort === undefined) throw notFound('Bank not found');
      return reply
        .header('Cache-Control', 'public, max-age=86400')
        .type('image/svg+xml')
        .send(bankMonogramSvg(code, sort));
    },
  );

  /** Customer-service contacts: one place (configuration) for every screen that shows them. */
  app.get('/v1/master-data/support-contacts', { schema: { tags } }, async (req, reply) => {
    const { phone, email, whatsapp } = app.config.support;
    return sendCacheable(req, reply, { data: { phone, email, whatsapp } });
  });
}
