import * as v from 'valibot';
import { OFFICER_TASKS, officerTaskQuery } from '../../../contract/officer';
import { answers, dataAnswer } from '../../lib/answers';
import { schema, type TypedApp } from '../../lib/validation';
import { colleagues, takeNext, taskCounts, taskQueue } from '../../services/officers';
import { colleagueShape, taskCountShape, taskQueueShape } from './answers';

const tags = ['officer'];
const security = [{ bearer: [] }];
const taskParams = v.object({ task: v.picklist(OFFICER_TASKS, 'invalid_task') });

/** Queues by task (docs/decisions.md#queues-by-task): what the signed-in officer's role works on. */
export default async function taskRoutes(app: TypedApp) {
  app.get(
    '/v1/officer/tasks',
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: "The signed-in officer's queues (the tasks of their role) with counts: total, at risk, overdue, mine",
        response: answers({ 200: dataAnswer(v.array(taskCountShape), 'One count per task of the role') }),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { data: await taskCounts(app.db, req.user!, app.clock.now()) };
    },
  );

  app.get(
    '/v1/officer/tasks/:task',
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary:
          'One queue of the officer’s office, least working time left first (due day, then id); q searches ticket, name, ID number or e-mail; mine=1 what I hold; tone=at-risk|overdue; date (YYYY-MM-DD) for pick-ups, today by default. 403 for a task the role does not work.',
        params: schema(taskParams),
        querystring: schema(officerTaskQuery),
        response: answers({ 200: dataAnswer(taskQueueShape, 'One page of the queue') }),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { data: await taskQueue(app.db, req.user!, req.params.task, req.query, app.clock.now()) };
    },
  );

  app.post(
    '/v1/officer/tasks/:task/next',
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary:
          'Take next: claims the case with the least time left that nobody holds (never your own application, never for approval one you reviewed); taken from the review queue, its review starts. 404 queue_empty when none.',
        params: schema(taskParams),
        response: answers({ 200: dataAnswer(v.object({ id: v.number() }), 'The case now claimed for you') }),
      },
    },
    async (req) => ({ data: { id: await takeNext(app, req.user!, req.params.task) } }),
  );

  app.get(
    '/v1/officer/colleagues',
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: 'The officers of my office (id, name, e-mail, role), for hand-over and escalation',
        response: answers({ 200: dataAnswer(v.array(colleagueShape), 'The officers') }),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { data: await colleagues(app.db, req.user!) };
    },
  );
}
