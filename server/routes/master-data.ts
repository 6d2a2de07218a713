import crypto from 'node:crypto';
import * as v from 'valibot';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../contract/master-data';
import { banks, districts, provinces, villages } from '../db/schema';
import { bankMonogramSvg } from '../db/seed/banks';
import { notFound } from '../lib/http-error';
import { idParams, schema } from '../lib/validation';

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
  reply.header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400').header('ETag', etag).header('Vary', 'Accept-Language');
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

export default async function masterDataRoutes(app: FastifyInstance) {
  const name = <T extends { nameEn: unknown; nameLo: unknown }>(lang: Language, t: T) => (lang === 'lo' ? t.nameLo : t.nameEn) as T['nameEn'];
  const tags = ['master-data'];

  app.get('/v1/master-data/location/provinces', { schema: { tags, querystring: schema(langQuery) } }, async (req, reply) => {
    const lang = requestLanguage(req);
    const data = await app.db.select({ id: provinces.id, name: name(lang, provinces), code: provinces.code }).from(provinces).where(eq(provinces.active, true)).orderBy(asc(provinces.code));
    return sendCacheable(req, reply, { data });
  });

  app.get('/v1/master-data/location/district/:id', { schema: { tags, params: schema(idParams), querystring: schema(langQuery) } }, async (req, reply) => {
    const { id } = req.params as { id: number };
    const [province] = await app.db.select({ id: provinces.id }).from(provinces).where(and(eq(provinces.id, id), eq(provinces.active, true)));
    if (!province) throw notFound('Province not found');
    const lang = requestLanguage(req);
    const data = await app.db.select({ id: districts.id, name: name(lang, districts), code: districts.code }).from(districts)
      .where(and(eq(districts.provinceId, id), eq(districts.active, true))).orderBy(asc(districts.code));
    return sendCacheable(req, reply, { data });
  });

  app.get('/v1/master-data/location/villages/:id', { schema: { tags, params: schema(idParams), querystring: schema(langQuery) } }, async (req, reply) => {
    const { id } = req.params as { id: number };
    const [district] = await app.db.select({ id: districts.id }).from(districts).where(and(eq(districts.id, id), eq(districts.active, true)));
    if (!district) throw notFound('District not found');
    const lang = requestLanguage(req);
    const data = await app.db.select({ id: villages.id, name: name(lang, villages), code: villages.code }).from(villages)
      .where(and(eq(villages.districtId, id), eq(villages.active, true))).orderBy(asc(villages.code));
    return sendCacheable(req, reply, { data });
  });

  const bankFields = (lang: Language) => ({ id: banks.id, bank_name: lang === 'lo' ? banks.nameLo : banks.nameEn, code: banks.code, sort: banks.sort });
  const withLogo = (b: { id: number; bank_name: string; code: string; sort: number }) => ({ id: b.id, bank_name: b.bank_name, code: b.code, bank_logo: `/api/v1/master-data/bank-logo/${b.code}.svg` });

  app.get('/v1/master-data/bank', { schema: { tags, querystring: schema(langQuery) } }, async (req, reply) => {
    const rows = await app.db.select(bankFields(requestLanguage(req))).from(banks).orderBy(asc(banks.sort));
    return sendCacheable(req, reply, { data: rows.map(withLogo) });
  });

  app.get('/v1/master-data/bank/:id', { schema: { tags, params: schema(idParams), querystring: schema(langQuery) } }, async (req, reply) => {
    const { id } = req.params as { id: number };
    const [row] = await app.db.select(bankFields(requestLanguage(req))).from(banks).where(eq(banks.id, id));
    if (!row) throw notFound('Bank not found');
    return sendCacheable(req, reply, { data: withLogo(row) });
  });

  app.get('/v1/master-data/bank-logo/:code.svg', { schema: { tags, params: schema(logoParams) } }, async (req, reply) => {
    const { code } = req.params as { code: string };
    const [row] = await app.db.select({ sort: banks.sort }).from(banks).where(eq(banks.code, code));
    if (!row) throw notFound('Bank not found');
    return reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(bankMonogramSvg(code, row.sort));
  });

  /** Customer-service contacts: one place (configuration) for every screen that shows them. */
  app.get('/v1/master-data/support-contacts', { schema: { tags } }, async (req, reply) => {
    const { phone, email, whatsapp } = app.config.support;
    return sendCacheable(req, reply, { data: { phone, email, whatsapp } });
  });
}
