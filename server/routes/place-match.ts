import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { placeMatchQuery } from '../../contract/place-match';
import { districts, provinces, villages } from '../db/schema';
import { schema, type TypedApp } from '../lib/validation';
import { answers, dataAnswer } from '../lib/answers';
import { PlaceIndex } from '../services/place-match';

/**
 * GET /v1/master-data/location/match?address=… — the province, district and village an address
 * names (registration preselects them from the ID card). The 9,853 villages stay on the server:
 * the phone sends one line of text instead of downloading the whole list.
 */
export default async function placeMatchRoutes(app: TypedApp) {
  // Built once per process from the active places (an import of new master data needs a restart).
  let index: Promise<PlaceIndex> | undefined;
  const load = () =>
    (index ??= (async () => {
      const columns = <T extends typeof provinces | typeof districts | typeof villages>(t: T) => ({
        id: t.id,
        nameEn: t.nameEn,
        nameLo: t.nameLo,
      });
      const [p, d, v] = await Promise.all([
        app.db.select(columns(provinces)).from(provinces).where(eq(provinces.active, true)),
        app.db
          .select({ ...columns(districts), parent: districts.provinceId })
          .from(districts)
          .where(eq(districts.active, true)),
        app.db
          .select({ ...columns(villages), parent: villages.districtId })
          .from(villages)
          .where(eq(villages.active, true)),
      ]);
      return new PlaceIndex({ provinces: p.map((r) => ({ ...r, parent: 0 })), districts: d, villages: v });
    })().catch((error: unknown) => {
      index = undefined;
      throw error;
    }));

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
      return { data: (await load()).match(address) };
    },
  );
}
