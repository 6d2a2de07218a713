import crypto from 'node:crypto';
import * as v from 'valibot';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../contract/master-data';
import { bankMonogramSvg } from '../db/seed/banks';
import { notFound } from '../lib/http-error';
import { idParams, schema, type TypedApp } from '../lib/validation';
import { answers, dataAnswer, fileAnswer, noBody } from '../lib/answers';
import type { CachedBody } from '../services/master-data-store';

const langQuery = v.object({ lang: v.optional(v.picklist(['en', 'lo'], 'invalid_language')) });
/** A place in a list: the name in the language asked for. */
export const locationOption = v.object({ id: v.number(), name: v.string(), code: v.string() });
const bankShape = v.object({ id: v.number(), bank_name: v.string(), code: v.string(), bank_logo: v.string() });
/** A prepared list: its bytes, or 304 when the client's ETag is current. */
export const listAnswers = <S extends v.GenericSchema>(data: S, description: string) =>
  answers({
    200: dataAnswer(data, description),
    304: noBody('Not modified: the copy named by If-None-Match is current'),
  });

const logoParams = v.object({ code: v.pipe(v.string(), v.regex(/^[A-Z]{2,5}$/, 'invalid_id')) });

/** ?lang= wins, then Accept-Language (first of en/lo it names), then English. */
export function requestLanguage(req: FastifyRequest): Language {
  const query: unknown = req.query;
  const q = query !== null && typeof query === 'object' && 'lang' in query ? query.lang : undefined;
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

export default async function masterDataRoutes(app: TypedApp) {
  const tags = ['master-data'];
  const store = app.masterData;

  app.get(
    '/v1/master-data/location/provinces',
    {
      ...PREPARED,
      schema: {
        tags,
        summary: 'The provinces',
        querystring: schema(langQuery),
        response: listAnswers(v.array(locationOption), 'The provinces'),
      },
    },
    async (req, reply) => sendPrepared(req, reply, store.provinces(requestLanguage(req))),
  );

  app.get(
    '/v1/master-data/location/district/:id',
    {
      ...PREPARED,
      schema: {
        tags,
        summary: 'The districts of a province',
        params: schema(idParams),
        querystring: schema(langQuery),
        response: listAnswers(v.array(locationOption), 'The districts'),
      },
    },
    async (req, reply) => {
      const body = store.districtsOf(req.params.id, requestLanguage(req));
      if (!body) throw notFound('Province not found');
      return sendPrepared(req, reply, body);
    },
  );

  app.get(
    '/v1/master-data/location/villages/:id',
    {
      ...PREPARED,
      schema: {
        tags,
        summary: 'The villages of a district',
        params: schema(idParams),
        querystring: schema(langQuery),
        response: listAnswers(v.array(locationOption), 'The villages'),
      },
    },
    async (req, reply) => {
      const body = store.villagesOf(req.params.id, requestLanguage(req));
      if (!body) throw notFound('District not found');
      return sendPrepared(req, reply, body);
    },
  );

  app.get(
    '/v1/master-data/bank',
    {
      ...PREPARED,
      schema: {
        tags,
        summary: 'The banks an application can be paid at',
        querystring: schema(langQuery),
        response: listAnswers(v.array(bankShape), 'The banks'),
      },
    },
    async (req, reply) => sendPrepared(req, reply, store.banks(requestLanguage(req))),
  );

  app.get(
    '/v1/master-data/bank/:id',
    {
      ...PREPARED,
      schema: {
        tags,
        summary: 'One bank',
        params: schema(idParams),
        querystring: schema(langQuery),
        response: listAnswers(bankShape, 'The bank'),
      },
    },
    async (req, reply) => {
      const body = store.bank(req.params.id, requestLanguage(req));
      if (!body) throw notFound('Bank not found');
      return sendPrepared(req, reply, body);
    },
  );

  app.get(
    '/v1/master-data/bank-logo/:code.svg',
    {
      schema: {
        tags,
        summary: "A bank's monogram",
        params: schema(logoParams),
        response: answers({ 200: fileAnswer('The monogram', ['image/svg+xml']) }),
      },
    },
    async (req, reply) => {
      const { code } = req.params;
      const sort = store.bankSort(code);
      if (sort === undefined) throw notFound('Bank not found');
      return reply
        .header('Cache-Control', 'public, max-age=86400')
        .type('image/svg+xml')
        .send(bankMonogramSvg(code, sort));
    },
  );

  /** Customer-service contacts: one place (configuration) for every screen that shows them. */
  const contactsSchema = {
    tags,
    summary: 'Customer-service phone, e-mail and WhatsApp',
    response: listAnswers(v.object({ phone: v.string(), email: v.string(), whatsapp: v.string() }), 'The contacts'),
  };
  app.get('/v1/master-data/support-contacts', { schema: contactsSchema }, async (req, reply) => {
    const { phone, email, whatsapp } = app.config.support;
    return sendCacheable(req, reply, { data: { phone, email, whatsapp } });
  });
}
