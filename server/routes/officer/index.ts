import type * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import {
  NOTES_REQUIRED,
  OFFICER_ACTIONS,
  officerQueueQuery,
  optionalNotesBody,
  requiredNotesBody,
} from '../../../contract/officer';
import type { Status } from '../../../contract/status';
import { idParams, schema } from '../../lib/validation';
import { idempotent } from '../../services/idempotency';
import { findApplication, officerDetail, officerQueue, runOfficerAction } from '../../services/officer';
import { bootstrapTotp, ensureOfficer } from '../../services/officers';
import { requestLanguage } from '../master-data';

const tags = ['officer'];
const security = [{ bearer: [] }];
const BASE = '/v1/officer/applications';

/**
 * /v1/officer/*: the back office (docs/decisions.md#the-api-and-the-back-office-are-ours). Officers
 * only: 401 without a session, 403 for citizens.
 */
export default async function officerRoutes(app: FastifyInstance) {
  // First install (docs/operations.md#officers): BOOTSTRAP_OFFICER_EMAIL/PASSWORD create an officer once; an
  // existing account is never touched, so restarts are harmless.
  const bootstrap = app.config.bootstrapOfficer;
  if (bootstrap) {
    app.addHook('onReady', async () => {
      const outcome = await ensureOfficer(app.db, bootstrap, { onlyIfMissing: true });
      if (outcome === 'created') app.log.info({ email: bootstrap.email }, 'bootstrap officer created');
      // An authenticator-app secret given in advance; one the officer has is never replaced.
      if (bootstrap.totpSecret) await bootstrapTotp(app.db, app.totpKey, bootstrap.email, bootstrap.totpSecret);
    });
  }

  app.get(
    BASE,
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: 'Application queue: filter by status, search by ticket, name or ID card; 20 per page',
        querystring: schema(officerQueueQuery),
      },
    },
    async (req, reply) => {
      const query = req.query as v.InferOutput<typeof officerQueueQuery>;
      reply.header('Cache-Control', 'private, no-store');
      return {
        data: await officerQueue(app.db, { status: query.status as Status | undefined, q: query.q, page: query.page }),
      };
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: 'One application with the applicant account and its status history',
        params: schema(idParams),
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: number };
      reply.header('Cache-Control', 'private, no-store');
      return {
        data: await officerDetail(
          app.db,
          await findApplication(app.db, id),
          requestLanguage(req),
          req.user!,
          app.config.fee,
        ),
      };
    },
  );

  for (const action of OFFICER_ACTIONS) {
    const notesRequired = NOTES_REQUIRED.includes(action);
    app.post(
      `${BASE}/:id/${action}`,
      {
        onRequest: app.requireOfficer,
        schema: {
          tags,
          security,
          summary: `Officer action: ${action}${notesRequired ? ' (notes required)' : ''}; accepts Idempotency-Key`,
          params: schema(idParams),
          body: schema(notesRequired ? requiredNotesBody : optionalNotesBody),
        },
      },
      async (req, reply) => {
        const { id } = req.params as { id: number };
        const { notes } = (req.body ?? {}) as { notes?: string };
        return idempotent(app, req, reply, (scope) =>
          runOfficerAction(app, id, action, { officer: req.user!, notes }, scope).then((body) => ({
            statusCode: 200,
            body,
          })),
        );
      },
    );
  }
}
