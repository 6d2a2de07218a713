import * as v from 'valibot';
import { schema, type TypedApp } from '../lib/validation';
import { PREPARED, listAnswers, locationOption, requestLanguage, sendPrepared } from './master-data';

const langQuery = v.object({ lang: v.optional(v.picklist(['en', 'lo'], 'invalid_language')) });

/**
 * All 18 provinces, 148 districts and 9,853 villages in one answer (~100 KB compressed), fetched
 * once after sign-in while the phone is idle so the address step works offline for any district.
 * One request instead of 167, and a repeat costs a 304 thanks to the ETag.
 */
export default async function locationTreeRoutes(app: TypedApp) {
  // Prepared in memory with the other lists (server/services/master-data-store.ts).
  app.get(
    '/v1/master-data/location/tree',
    {
      ...PREPARED,
      schema: {
        tags: ['master-data'],
        summary: 'Every province with its districts and their villages, in one answer',
        querystring: schema(langQuery),
        response: listAnswers(
          v.object({
            provinces: v.array(
              v.object({
                ...locationOption.entries,
                districts: v.array(v.object({ ...locationOption.entries, villages: v.array(locationOption) })),
              }),
            ),
          }),
          'The places',
        ),
      },
    },
    async (req, reply) => sendPrepared(req, reply, app.masterData.tree(requestLanguage(req))),
  );
}
