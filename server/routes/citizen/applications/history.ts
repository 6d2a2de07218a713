import * as v from 'valibot';
import type { FastifyReply } from 'fastify';
import { historyFilter } from '../../../../contract/application';
import { vientianeDay } from '../../../../contract/working-days';
import { idParams, schema, type TypedApp } from '../../../lib/validation';
import { answers, dataAnswer } from '../../../lib/answers';
import { applicationDetailShape, historyItem } from './answers';
import { applicationDetail, findOwnApplicationForDetail, listHistory } from '../../../services/applications';
import type { AnswerKey } from '../../../services/citizen-answers';
import { requestLanguage } from '../../master-data';
import { BASE, security, tags } from './shared';

export default async function historyRoutes(app: TypedApp) {
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
      schema: {
        tags,
        security,
        summary: 'My applications, newest first',
        response: answers({ 200: dataAnswer(v.object({ items: v.array(historyItem) }), 'My applications') }),
        querystring: schema(historyFilter),
      },
    },
    async (req, reply) => {
      const { status } = req.query;
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
      schema: {
        tags,
        security,
        summary: 'One of my applications',
        response: answers({ 200: dataAnswer(applicationDetailShape, 'The application') }),
        params: schema(idParams),
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const userId = req.user!.id;
      const lang = requestLanguage(req);
      const now = app.clock.now();
      // The clock's days left change with the day: an answer kept from yesterday is not today's.
      return answer(reply, userId, `detail:${id}:${lang}:${vientianeDay(now)}`, async () => {
        const { row, related } = await findOwnApplicationForDetail(app.db, id, userId);
        return applicationDetail(app.db, row, lang, app.config.fee, app.masterData, related, now);
      });
    },
  );
}
