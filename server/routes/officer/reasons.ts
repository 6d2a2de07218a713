import * as v from 'valibot';
import { decisionReasonBody, decisionReasonUpdate, reasonsQuery } from '../../../contract/officer-day';
import { answers, dataAnswer } from '../../lib/answers';
import { idParams, schema, type TypedApp } from '../../lib/validation';
import { createReason, listReasons, updateReason } from '../../services/officers';
import { reasonShape } from './answers';

const tags = ['officer'];
const security = [{ bearer: [] }];
const BASE = '/v1/officer/reasons';

/** The reasons catalogue (docs/decisions.md#reasons-the-citizen-can-act-on). */
export default async function reasonRoutes(app: TypedApp) {
  const common = { onRequest: app.requireOfficer };

  app.get(
    BASE,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'The reasons an officer rejects or asks the citizen with (active ones; all=1 for admins: retired too)',
        querystring: schema(reasonsQuery),
        response: answers({ 200: dataAnswer(v.array(reasonShape), 'The reasons') }),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { data: await listReasons(app.db, req.user!, req.query.all === '1') };
    },
  );

  app.post(
    BASE,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Admins: add a reason, in English and Lao, with what the citizen should do',
        body: schema(decisionReasonBody),
        response: answers({ 201: dataAnswer(reasonShape, 'Added') }),
      },
    },
    async (req, reply) => reply.status(201).send({ data: await createReason(app.db, req.user!, req.body) }),
  );

  app.put(
    `${BASE}/:id`,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Admins: change a reason, or retire it with active=false (a reason is never deleted)',
        params: schema(idParams),
        body: schema(decisionReasonUpdate),
        response: answers({ 200: dataAnswer(reasonShape, 'Changed') }),
      },
    },
    async (req) => ({ data: await updateReason(app.db, req.user!, req.params.id, req.body) }),
  );
}
