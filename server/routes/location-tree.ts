import * as v from 'valibot';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LocationTree } from '../../contract/master-data';
import { districts, provinces, villages } from '../db/schema';
import { schema } from '../lib/validation';
import { requestLanguage, sendCacheable } from './master-data';

const langQuery = v.object({ lang: v.optional(v.picklist(['en', 'lo'], 'invalid_language')) });

/**
 * All 18 provinces, 148 districts and 9,853 villages in one answer (~100 KB compressed), fetched
 * once after sign-in while the phone is idle so the address step works offline for any district.
 * One request instead of 167, and a repeat costs a 304 thanks to the ETag.
 */
export default async function locationTreeRoutes(app: FastifyInstance) {
  app.get('/v1/master-data/location/tree', { schema: { tags: ['master-data'], querystring: schema(langQuery) } }, async (req, reply) => {
    const lo = requestLanguage(req) === 'lo';
    const [p, d, vl] = await Promise.all([
      app.db.select({ id: provinces.id, nameEn: provinces.nameEn, nameLo: provinces.nameLo, code: provinces.code }).from(provinces).where(eq(provinces.active, true)).orderBy(asc(provinces.code)),
      app.db.select({ id: districts.id, nameEn: districts.nameEn, nameLo: districts.nameLo, code: districts.code, parent: districts.provinceId }).from(districts).where(eq(districts.active, true)).orderBy(asc(districts.code)),
      app.db.select({ id: villages.id, nameEn: villages.nameEn, nameLo: villages.nameLo, code: villages.code, parent: villages.districtId }).from(villages).where(eq(villages.active, true)).orderBy(asc(villages.code)),
    ]);
    const option = (r: { id: number; nameEn: string; nameLo: string; code: string }) => ({ id: r.id, name: lo ? r.nameLo : r.nameEn, code: r.code });
    const villagesOf = new Map<number, LocationTree['provinces'][number]['districts'][number]['villages']>();
    for (const r of vl) (villagesOf.get(r.parent) ?? villagesOf.set(r.parent, []).get(r.parent)!).push(option(r));
    const districtsOf = new Map<number, LocationTree['provinces'][number]['districts']>();
    for (const r of d) (districtsOf.get(r.parent) ?? districtsOf.set(r.parent, []).get(r.parent)!).push({ ...option(r), villages: villagesOf.get(r.id) ?? [] });
    const data: LocationTree = { provinces: p.map((r) => ({ ...option(r), districts: districtsOf.get(r.id) ?? [] })) };
    return sendCacheable(req, reply, { data });
  });
}
