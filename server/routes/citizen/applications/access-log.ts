import * as v from 'valibot';
import { idParams, schema, type TypedApp } from '../../../lib/validation';
import { answers, dataAnswer } from '../../../lib/answers';
import { accessLogEntry } from './answers';
import { accessLogOf } from '../../../services/access-log';
import { findOwnApplication } from '../../../services/applications';
import { BASE, security, tags } from './shared';

/** "Who saw my data": the owner reads every officer's view and action on their application; anyone else gets 404. */
export default async function accessLogRoutes(app: TypedApp) {
  app.get(
    `${BASE}/:id/access-log`,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Every officer view of the application or its documents, and every officer action (owner only)',
        response: answers({ 200: dataAnswer(v.array(accessLogEntry), 'The access log, newest first') }),
        params: schema(idParams),
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      await findOwnApplication(app.db, id, req.user!.id);
      reply.header('Cache-Control', 'private, no-store');
      return { data: await accessLogOf(app.db, id) };
    },
  );
}
