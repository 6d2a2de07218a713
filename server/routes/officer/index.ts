import * as v from 'valibot';
import {
  informationRequestBody,
  NOTES_REQUIRED,
  OFFICER_ACTIONS,
  OFFICER_ROLES,
  officerQueueQuery,
  optionalNotesBody,
  rejectBody,
  requiredNotesBody,
  type OfficerAction,
} from '../../../contract/officer';
import { ErrorCode } from '../../../contract/errors';
import type { Status } from '../../../contract/status';
import { forbidden, HttpError } from '../../lib/http-error';
import { idParams, schema, type TypedApp } from '../../lib/validation';
import { answers, dataAnswer } from '../../lib/answers';
import { idempotent } from '../../services/idempotency';
import { assignOffice, listOfficers, managedOfficer } from '../../services/offices';
import {
  bootstrapTotp,
  ensureOfficer,
  findApplication,
  hasSignedIn,
  officerDetail,
  officerQueue,
  removeOfficerCredentials,
  runOfficerAction,
  type ActionInput,
} from '../../services/officers';
import { officeAssignment } from '../../../contract/offices';
import { requestLanguage } from '../master-data';
import { actionAnswer, officerDetailShape, queueItem } from './answers';
import calendarRoutes from './calendar';
import caseRoutes from './cases';
import reasonRoutes from './reasons';
import taskRoutes from './tasks';

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
  const bootstraps = [app.config.bootstrapOfficer, app.config.bootstrapSecondOfficer].filter((b) => b !== null);
  if (bootstraps.length) {
    app.addHook('onReady', async () => {
      for (const bootstrap of bootstraps) {
        // The install's first officers manage the others everywhere: admins of the national office.
        const outcome = await ensureOfficer(
          app.db,
          { ...bootstrap, office: { level: 'national' } },
          { onlyIfMissing: true },
        );
        if (outcome === 'created') app.log.info({ email: bootstrap.email }, 'bootstrap officer created');
        // An authenticator-app secret given in advance; one the officer has is never replaced.
        if (bootstrap.totpSecret) await bootstrapTotp(app.db, app.totpKey, bootstrap.email, bootstrap.totpSecret);
        if (await hasSignedIn(app.db, bootstrap.email))
          app.log.warn(
            { email: bootstrap.email },
            'this bootstrap officer has signed in: remove the BOOTSTRAP_*OFFICER_* settings (password, authenticator secret) from .env',
          );
      }
    });
  }

  app.get(
    BASE,
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary:
          'Application search across statuses (admins’ search; the daily work is in /v1/officer/tasks): filter by status, search by ticket, name or ID card; 20 per page',
        response: answers({
          200: dataAnswer(
            v.object({
              items: v.array(queueItem),
              total: v.number(),
              total_capped: v.boolean(),
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
        summary:
          'One application for review: the applicant account, status history, clock, claim, four eyes, requests to the citizen, internal notes and the actions allowed now (opening it keeps your claim)',
        response: answers({
          200: dataAnswer(officerDetailShape, 'The application'),
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
          app.clock.now(),
          app.config.fee,
          app.masterData,
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

  app.post(
    '/v1/officer/accounts/:id/remove-credentials',
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: "Admins: a lost device — remove an officer's passkeys and authenticator app, end their sessions",
        description:
          'For an officer the admin manages (else 404); not for the admin themselves (403). Written in the ' +
          "officers' audit log. The officer then signs in with the password and enrols again with a new link " +
          '(npm run officer:create).',
        params: schema(idParams),
        response: answers({
          200: dataAnswer(
            v.object({ passkeys: v.number(), authenticator_app: v.boolean(), sessions: v.number() }),
            'What was removed',
          ),
        }),
      },
    },
    async (req) => {
      const target = await managedOfficer(app.db, req.user!, req.params.id);
      if (target.id === req.user!.id) throw forbidden('Ask another admin, or use npm run officer:create.');
      const removed = await removeOfficerCredentials(app.db, req.user!.id, target.id);
      req.log.info({ officerId: target.id, ...removed }, 'officer credentials removed by an admin');
      return {
        data: { passkeys: removed.passkeys, authenticator_app: removed.authenticatorApp, sessions: removed.sessions },
      };
    },
  );

  for (const action of OFFICER_ACTIONS) {
    const notesRequired = NOTES_REQUIRED.includes(action);
    const body =
      action === 'reject'
        ? rejectBody
        : action === 'request-information'
          ? informationRequestBody
          : notesRequired
            ? requiredNotesBody
            : optionalNotesBody;
    app.post(
      `${BASE}/:id/${action}`,
      {
        onRequest: app.requireOfficer,
        // A missing reason is answered with its own code (reason_required), not a generic 400.
        attachValidation: true,
        schema: {
          tags,
          security,
          summary: `Officer action: ${action}${ACTION_NOTES[action] ?? (notesRequired ? ' (notes required)' : '')}; accepts Idempotency-Key`,
          description:
            'Takes (or extends) your claim on the application; 409 claimed_by_other when another officer holds it. A decision that moves the case to another queue releases the claim.',
          params: schema(idParams),
          body: schema(body),
          response: answers({ 200: dataAnswer(actionAnswer, 'Done: the application as it is now') }),
        },
      },
      async (req, reply) => {
        const invalid = req.validationError as HttpError | undefined;
        if (invalid) {
          const fields = Object.entries(invalid.fields ?? {});
          if (fields.some(([field, code]) => field.startsWith('reason_codes') || code === ErrorCode.reasonRequired))
            throw new HttpError(
              400,
              ErrorCode.reasonRequired,
              'Pick at least one reason of the catalogue.',
              invalid.fields,
            );
          throw invalid;
        }
        const { id } = req.params;
        const b: { notes?: string; reason_codes?: string[] } = req.body;
        const input: ActionInput = {
          officer: req.user!,
          notes: b.notes,
          reason_codes: b.reason_codes,
          // Validated above already; read again with its own type (the loop's body type is a union).
          request: action === 'request-information' ? v.parse(informationRequestBody, req.body) : undefined,
        };
        return idempotent(app, req, reply, (scope) =>
          runOfficerAction(app, id, action, input, scope).then((answer) => ({ statusCode: 200, body: answer })),
        );
      },
    );
  }

  await app.register(taskRoutes);
  await app.register(caseRoutes);
  await app.register(calendarRoutes);
  await app.register(reasonRoutes);
}

/** What each action's summary adds about its body. */
const ACTION_NOTES: Partial<Record<OfficerAction, string>> = {
  reject: ' (reason_codes: at least one active catalogued reason, else 400 reason_required; notes optional)',
  'request-information':
    ' (reason_codes, documents and/or fields to change, message; in validation → information requested, the clock stops)',
  approve: ' (only a reviewed case, never by its reviewer: 403 four_eyes)',
  'mark-reviewed': ' (the first pair of eyes: the case moves to the approval queue)',
  'request-revocation': ' (notes required: the reason; a second officer confirms with revoke)',
  revoke:
    ' (confirms a revocation another officer asked for: 403 four_eyes for the same officer, 409 if none was asked)',
};
