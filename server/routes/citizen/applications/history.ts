import type * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { historyFilter } from '../../../../contract/application';
import { idParams, schema } from '../../../lib/validation';
import { applicationDetail, findOwnApplicationForDetail, listHistory } from '../../../services/applications';
import { requestLanguage } from '../../master-data';
import { BASE, security, tags } from './shared';

export default async function historyRoutes(app: FastifyInstance) {
  /** The citizen's applications, newest first; ?status=rejected feeds the applied-before list. */
  app.get(`${BASE}/history`, { onRequest: app.authenticate, schema: { tags, security, summary: 'My applications, newest first', querystring: schema(historyFilter) } }, async (req, reply) => {
    const { status } = req.query as v.InferOutput<typeof historyFilter>;
    reply.header('Cache-Control', 'private, no-store');
    return { data: { items: await listHistory(app.db, req.user!.id, status) } };
  });

  app.get(`${BASE}/:id`, { onRequest: app.authenticate, schema: { tags, security, summary: 'One of my applications', params: schema(idParams) } }, async (req, reply) => {
    const { id } = req.params as { id: number };
    const { row, related } = await findOwnApplicationForDetail(app.db, id, req.user!.id);
    reply.header('Cache-Control', 'private, no-store');
    return { data: await applicationDetail(app.db, row, requestLanguage(req), app.config.fee, app.masterData, related) };
  });
}
