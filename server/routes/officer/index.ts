import * as v from 'valibot';
import {
  NOTES_REQUIRED,
  OFFICER_ACTIONS,
  OFFICER_ROLES,
  officerQueueQuery,
  optionalNotesBody,
  requiredNotesBody,
} from '../../../contract/officer';
import type { Status } from '../../../contract/status';
import { idParams, schema, type TypedApp } from '../../lib/validation';
import { answers, dataAnswer } from '../../lib/answers';
import { applicationDetailShape, paymentStatus, status } from '../citizen/applications/answers';
import { idempotent } from '../../services/idempotency';
import { findApplication, officerDetail, officerQueue, runOfficerAction } from '../../services/officer';
import { assignOffice, listOfficers } from '../../services/offices';
import { bootstrapTotp, ensureOfficer } from '../../services/officers';
import { officeAssignment } from '../../../contract/offices';
import { requestLanguage } from '../master-data';

const tags = ['officer'];

/** One officer as an admin sees them (contract/offices.ts, OfficerAccount). */
const officerAccountAnswer = v.object({
  id: v.number(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  officer_role: v.picklist(OFFICER_ROLES),
  office: v.nullable(
    v.variant('level', [
      v.object({ level: v.literal('national') }),
      v.object({ level: v.literal('province'), province_id: v.number() }),
      v.object({ level: v.literal('district'), province_id: v.number(), district_id: v.number() }),
    ]),
  ),
});
const security = [{ bearer: [] }];
const BASE = '/v1/officer/applications';

/**
 * /v1/officer/*: the back office (docs/decisions.md#the-api-and-the-back-office-are-ours). Officers
 * only: 401 without a session, 403 for citizens.
 */
export default async function officerRoutes(app: TypedApp) {
  // First install (docs/operations.md#officers): BOOTSTRAP_OFFICER_EMAIL/PASSWORD create an officer once; an
  // existing account is never touched, so restarts are harmless.
  const bootstrap = app.config.bootstrapOfficer;
  if (bootstrap) {
    app.addHook('onReady', async () => {
      // The install's first officer manages the others everywhere: admin of the national office.
      const outcome = await ensureOfficer(
        app.db,
        { ...bootstrap, office: { level: 'national' } },
        { onlyIfMissing: true },
      );
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
        response: answers({
          200: dataAnswer(
            v.object({
              items: v.array(
                v.object({
                  id: v.number(),
                  ticket_number: v.string(),
                  applicant_name: v.string(),
                  status,
                  payment_status: paymentStatus,
                  applied_on: v.string(),
                  deadline: v.string(),
                }),
              ),
              total: v.number(),
              page: v.number(),
              page_size: v.number(),
            }),
            'One page of the queue',
          ),
        }),
        querystring: schema(officerQueueQuery),
      },
    },
    async (req, reply) => {
      const query = req.query;
      reply.header('Cache-Control', 'private, no-store');
      return {
        data: await officerQueue(app.db, req.user!, {
          status: query.status as Status | undefined,
          q: query.q,
          page: query.page,
        }),
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
        response: answers({
          200: dataAnswer(
            v.object({
              ...applicationDetailShape.entries,
              account: v.object({
                id: v.number(),
                email: v.string(),
                phone_number: v.nullable(v.string()),
                id_card: v.nullable(v.string()),
                first_name: v.string(),
                last_name: v.string(),
                language: v.picklist(['en', 'lo']),
                created_at: v.string(),
              }),
              history: v.array(
                v.object({
                  id: v.number(),
                  from_status: v.nullable(status),
                  to_status: status,
                  from_payment_status: v.nullable(paymentStatus),
                  to_payment_status: v.nullable(paymentStatus),
                  actor: v.picklist(['citizen', 'officer', 'bank', 'system']),
                  actor_email: v.nullable(v.string()),
                  notes: v.nullable(v.string()),
                  at: v.string(),
                }),
              ),
              actions: v.array(v.picklist(OFFICER_ACTIONS)),
              // The officer's own application: shown, never acted on (no self-approval).
              own_application: v.boolean(),
              officer_role: v.picklist(OFFICER_ROLES),
            }),
            'The application',
          ),
        }),
        params: schema(idParams),
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      reply.header('Cache-Control', 'private, no-store');
      return {
        data: await officerDetail(
          app.db,
          await findApplication(app.db, id, req.user!),
          requestLanguage(req),
          req.user!,
          app.config.fee,
        ),
      };
    },
  );

  app.get(
    '/v1/officer/accounts',
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: 'Admins: the officers they manage, with role and office',
        response: answers({ 200: dataAnswer(v.array(officerAccountAnswer), 'The officers') }),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { data: await listOfficers(app.db, req.user!) };
    },
  );

  app.put(
    '/v1/officer/accounts/:id/office',
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: "Admins: give an officer an office (national, a province or a district) or take it away ('none')",
        params: schema(idParams),
        body: schema(officeAssignment),
        response: answers({ 200: dataAnswer(officerAccountAnswer, 'The officer with the new office') }),
      },
    },
    async (req) => {
      return { data: await assignOffice(app.db, req.user!, req.params.id, req.body) };
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
          response: answers({
            200: dataAnswer(
              v.object({
                id: v.number(),
                status,
                payment_status: paymentStatus,
                certificate_code: v.nullable(v.string()),
              }),
              'Done: the application as it is now',
            ),
          }),
        },
      },
      async (req, reply) => {
        const { id } = req.params;
        const { notes } = req.body;
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
