import { figuresQuery, figuresShape } from '../../../contract/office-figures';
import { answers, dataAnswer, fileAnswer } from '../../lib/answers';
import { schema, type TypedApp } from '../../lib/validation';
import { officeFigures } from '../../services/office-figures';
import { figuresCsv } from '../../services/office-figures-csv';

const tags = ['officer'];
const security = [{ bearer: [] }];

/**
 * /v1/officer/figures: the figures a ministry steers by (docs/decisions.md#office-figures), for any
 * officer, over their own office and what lies inside it; as JSON or CSV.
 */
export default async function figuresRoutes(app: TypedApp) {
  app.get(
    '/v1/officer/figures',
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: 'Figures of a period for an office, a province or the country',
        querystring: schema(figuresQuery),
        response: answers({ 200: dataAnswer(figuresShape, 'The figures') }),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { data: await officeFigures(app.db, req.user!, req.query) };
    },
  );

  app.get(
    '/v1/officer/figures.csv',
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: 'The same figures as CSV (labels in `lang`)',
        querystring: schema(figuresQuery),
        response: answers({ 200: fileAnswer('The figures', ['text/csv']) }),
      },
    },
    async (req, reply) => {
      const figures = await officeFigures(app.db, req.user!, req.query);
      const lang = req.query.lang ?? 'en';
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="figures-${figures.scope.scope.replace(':', '-')}-${figures.from}-${figures.to}.csv"`,
        )
        .header('Cache-Control', 'private, no-store')
        .send(figuresCsv(figures, lang));
    },
  );
}
