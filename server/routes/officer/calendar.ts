import * as v from 'valibot';
import { calendarQuery, nonWorkingDayBody } from '../../../contract/officer-day';
import { answers, dataAnswer, noBody } from '../../lib/answers';
import { idParams, schema, type TypedApp } from '../../lib/validation';
import { addDay, deleteDay, listCalendar, updateDay } from '../../services/officers';
import { nonWorkingDayShape } from './answers';

const tags = ['officer'];
const security = [{ bearer: [] }];
const BASE = '/v1/officer/calendar';
const EDIT_NOTE =
  'National holidays: national admins; closure days (scope province:<id> or district:<id>): an admin of that office. Recorded in the officer audit log; the due days of open cases it affects are worked out again.';

/** The calendar of days off the working-day clock skips (docs/decisions.md#the-working-day-clock). */
export default async function calendarRoutes(app: TypedApp) {
  const common = { onRequest: app.requireOfficer };

  app.get(
    BASE,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "A year's days off (national holidays and my office's closures), by date; year defaults to this one",
        querystring: schema(calendarQuery),
        response: answers({ 200: dataAnswer(v.array(nonWorkingDayShape), 'The days off') }),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const year = req.query.year ?? Number(app.clock.now().toISOString().slice(0, 4));
      return { data: await listCalendar(app.db, req.user!, year) };
    },
  );

  app.post(
    BASE,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Admins: add a day off',
        description: EDIT_NOTE,
        body: schema(nonWorkingDayBody),
        response: answers({ 201: dataAnswer(nonWorkingDayShape, 'Added') }),
      },
    },
    async (req, reply) => reply.status(201).send({ data: await addDay(app.db, req.user!, req.body) }),
  );

  app.put(
    `${BASE}/:id`,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Admins: move or rename a day off',
        description: EDIT_NOTE,
        params: schema(idParams),
        body: schema(nonWorkingDayBody),
        response: answers({ 200: dataAnswer(nonWorkingDayShape, 'Changed') }),
      },
    },
    async (req) => ({ data: await updateDay(app.db, req.user!, req.params.id, req.body) }),
  );

  app.delete(
    `${BASE}/:id`,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Admins: remove a day off',
        description: EDIT_NOTE,
        params: schema(idParams),
        response: answers({ 204: noBody('Removed') }),
      },
    },
    async (req, reply) => {
      await deleteDay(app.db, req.user!, req.params.id);
      return reply.status(204).send();
    },
  );
}
