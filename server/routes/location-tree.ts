import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { schema } from '../lib/validation';
import { PREPARED, requestLanguage, sendPrepared } from './master-data';

const langQuery = v.object({ lang: v.optional(v.picklist(['en', 'lo'], 'invalid_language')) });

/**
 * All 18 provinces, 148 districts and 9,853 villages in one answer (~100 KB compressed), fetched
 * once after sign-in while the phone is idle so the address step works offline for any district.
 * One request instead of 167, and a repeat costs a 304 thanks to the ETag.
 */
export default async function locationTreeRoutes(app: FastifyInstance) {
  // Prepared in memory with the other lists (server/services/master-data-store.ts).
  app.get(
    '/v1/master-data/location/tree',
    { ...PREPARED, schema: { tags: ['master-data'], querystring: schema(langQuery) } },
    async (req, reply) => sendPrepared(req, reply, app.masterData.tree(requestLanguage(req))),
  );
}
