import * as v from 'valibot';
import { placeMatchQuery } from '../../contract/place-match';
import { schema, type TypedApp } from '../lib/validation';
import { answers, dataAnswer } from '../lib/answers';

/**
 * GET /v1/master-data/location/match?address=… — the province, district and village an address
 * names (registration preselects them from the ID card). The 9,853 villages stay on the server:
 * the phone sends one line of text instead of downloading the whole list.
 */
export default async function placeMatchRoutes(app: TypedApp) {
  app.get(
    '/v1/master-data/location/match',
    {
      schema: {
        tags: ['master-data'],
        summary: 'The province, district and village an address names, with the best candidates of each',
        querystring: schema(placeMatchQuery),
        response: answers({
          200: dataAnswer(
            v.object({
              province_id: v.nullable(v.number()),
              district_id: v.nullable(v.number()),
              village_id: v.nullable(v.number()),
              candidates: v.object({
                provinces: v.array(v.number()),
                districts: v.array(v.number()),
                villages: v.array(v.number()),
              }),
            }),
            'The places found',
          ),
        }),
      },
    },
    async (req) => {
      const { address } = req.query;
      // From the master-data store, which reloads after an import: no restart needed.
      return { data: app.masterData.places().match(address) };
    },
  );
}
