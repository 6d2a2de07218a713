import type { FastifyInstance } from 'fastify';
import { idParams, schema } from '../../../lib/validation';
import { accessLogOf } from '../../../services/access-log';
import { findOwnApplication } from '../../../services/applications';
import { BASE, security, tags } from './shared';

/** "Who saw my data": the owner reads every officer's view and action on their application; anyone else gets 404. */
export default async function accessLogRoutes(app: FastifyInstance) {
  app.get(
    `${BASE}/:id/access-log`,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Every officer view of the application or its documents, and every officer action (owner only)',
        params: schema(idParams),
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: number };
      await findOwnApplication(app.db, id, req.user!.id);
      reply.header('Cache-Control', 'private, no-store');
      return { data: await accessLogOf(app.db, id) };
    },
  );
}
