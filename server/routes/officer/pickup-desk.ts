import * as v from 'valibot';
import {
  capacityBody,
  deskDayShape,
  deskQuery,
  handOverBody,
  idCompareBody,
  idCompareShape,
  printBody,
  printShape,
} from '../../../contract/pickup-desk';
import { answers, dataAnswer, fileAnswer } from '../../lib/answers';
import { idParams, schema, type TypedApp } from '../../lib/validation';
import { batchPdf, printDay } from '../../services/certificate-batch';
import { idempotent } from '../../services/idempotency';
import { checkIn, compareId, deskDay, handOver, setCapacity } from '../../services/pickup-desk';

const tags = ['officer'];
const security = [{ bearer: [] }];
const BASE = '/v1/officer/pickup-desk';

/**
 * /v1/officer/pickup-desk: the pick-up desk of a district office (docs/decisions.md#the-pick-up-desk).
 * Issuers and admins; an office outside the officer's answers 404 like one that does not exist.
 */
export default async function pickupDeskRoutes(app: TypedApp) {
  app.get(
    BASE,
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: "A day's pick-ups of one district office, by slot",
        querystring: schema(deskQuery),
        response: answers({ 200: dataAnswer(deskDayShape, 'The day at the desk') }),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return {
        data: await deskDay(app.db, app.config.pickup, req.user!, req.query.date, req.query.district_id),
      };
    },
  );

  app.post(
    `${BASE}/:id/check-in`,
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: 'The citizen is at the desk (a second check-in keeps the first)',
        params: schema(idParams),
        response: answers({ 200: dataAnswer(v.object({ checked_in_at: v.string() }), 'Checked in') }),
      },
    },
    async (req) => ({ data: await checkIn(app.db, req.user!, req.params.id) }),
  );

  app.post(
    `${BASE}/:id/compare-id`,
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: "The ID number shown, typed or read from the card's photo, against the record",
        params: schema(idParams),
        body: schema(idCompareBody),
        response: answers({ 200: dataAnswer(idCompareShape, 'Whether it is the number on record') }),
      },
    },
    async (req) => ({ data: await compareId(app.db, req.user!, req.params.id, req.body) }),
  );

  app.post(
    `${BASE}/:id/hand-over`,
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: "Hand the certificate over (after the ID check): status 'picked up'; accepts Idempotency-Key",
        params: schema(idParams),
        body: schema(handOverBody),
        response: answers({
          200: dataAnswer(
            v.object({ id: v.number(), status: v.string(), handed_over_at: v.string(), recipient_name: v.string() }),
            'Handed over',
          ),
        }),
      },
    },
    async (req, reply) =>
      idempotent(app, req, reply, (scope) =>
        handOver(app, req.user!, req.params.id, req.body, scope).then((body) => ({ statusCode: 200, body })),
      ),
  );

  app.put(
    `${BASE}/capacity`,
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: 'Admins: the seats per pick-up slot of a district office inside their own',
        body: schema(capacityBody),
        response: answers({
          200: dataAnswer(v.object({ district_id: v.number(), capacity: v.number() }), 'The seats per slot'),
        }),
      },
    },
    async (req) => ({ data: await setCapacity(app.db, req.user!, req.body) }),
  );

  app.post(
    `${BASE}/print`,
    {
      onRequest: app.requireOfficer,
      schema: {
        tags,
        security,
        summary: "Print a day's booked certificates in one go: records the batch, says if printed before",
        body: schema(printBody),
        response: answers({ 200: dataAnswer(printShape, 'The batch to fetch as one PDF') }),
      },
    },
    async (req) => ({ data: await printDay(app, req.user!, req.body) }),
  );

  app.get(
    `${BASE}/print/:id`,
    {
      onRequest: app.requireOfficer,
      config: { limit: 'certificate' },
      schema: {
        tags,
        security,
        summary: 'A printed batch as one PDF, in the order of the booking slots',
        params: schema(idParams),
        response: answers({ 200: fileAnswer('The certificates', ['application/pdf']) }),
      },
    },
    async (req, reply) => {
      const pdf = await batchPdf(app, req.user!, req.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="certificates-${req.params.id}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
}
