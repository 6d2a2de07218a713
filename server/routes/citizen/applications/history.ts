import type * as v from 'valibot';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { historyFilter } from '../../../../contract/application';
import { idParams, schema } from '../../../lib/validation';
import { applicationDetail, findOwnApplicationForDetail, listHistory } from '../../../services/applications';
import type { AnswerKey } from '../../../services/citizen-answers';
import { requestLanguage } from '../../master-data';
import { BASE, security, tags } from './shared';

export default async function historyRoutes(app: FastifyInstance) {
  /**
   * The two screens a waiting citizen reloads most. With the embedded database the answer is kept
   * until the citizen's records change (services/citizen-answers.ts); otherwise it is read anew.
   */
  async function answer(reply: FastifyReply, userId: number, key: AnswerKey, read: () => Promise<unknown>) {
    reply.header('Cache-Control', 'private, no-store').type('application/json; charset=utf-8');
    const kept = app.citizenAnswers?.lookup(userId, key);
    if (kept && 'json' in kept) return reply.send(kept.json);
    const json = JSON.stringify({ data: await read() });
    kept?.store(json);
    return reply.send(json);
  }

  /** The citizen's applications, newest first; ?status=rejected feeds the applied-before list. */
  app.get(
    `${BASE}/history`,
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'My applications, newest first', querystring: schema(historyFilter) },
    },
    async (req, reply) => {
      const { status } = req.query as v.InferOutput<typeof historyFilter>;
      const userId = req.user!.id;
      return answer(reply, userId, `history:${status ?? ''}`, async () => ({
        items: await listHistory(app.db, userId, status),
      }));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'One of my applications', params: schema(idParams) },
    },
    async (req, reply) => {
      const { id } = req.params as { id: number };
      const userId = req.user!.id;
      const lang = requestLanguage(req);
      return answer(reply, userId, `detail:${id}:${lang}`, async () => {
        const { row, related } = await findOwnApplicationForDetail(app.db, id, userId);
        return applicationDetail(app.db, row, lang, app.config.fee, app.masterData, related);
      });
    },
  );
}
