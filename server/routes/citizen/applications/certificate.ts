import * as v from 'valibot';
import { pickupBody } from '../../../../contract/application';
import { entityId, isoDate } from '../../../../contract/rules';
import { forbidden } from '../../../lib/http-error';
import { idParams, schema, type TypedApp } from '../../../lib/validation';
import { answers, dataAnswer, fileAnswer, messageDataAnswer } from '../../../lib/answers';
import { pickupDayShape, status } from './answers';
import { logAccess } from '../../../services/access-log';
import { findVisibleApplication } from '../../../services/applications';
import { renderCertificate } from '../../../services/certificates';
import { recordDownload } from '../../../services/certificate-feedback';
import { idempotent } from '../../../services/idempotency';
import { bookPickup, pickupDay, pickupOfficeFor } from '../../../services/pickup';
import { BASE, security, tags } from './shared';

/** `id`: the application to book for, whose office's slots are shown (without it, the profile's district). */
const slotsQuery = v.object({ date: isoDate, id: v.optional(entityId) });

/** The e-certificate download and the office pick-up booking (docs/specification.md#certificate-and-pick-up). */
export default async function certificateRoutes(app: TypedApp) {
  app.get(
    `${BASE}/:id/download-2`,
    {
      onRequest: app.authenticate,
      config: { limit: 'certificate' },
      schema: {
        tags,
        security,
        summary: 'The resident certificate as a PDF (owner or officer but a cashier; once issued)',
        response: answers({ 200: fileAnswer('The certificate', ['application/pdf']) }),
        params: schema(idParams),
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const row = await findVisibleApplication(app.db, id, req.user!);
      // A cashier checks payments: the certificate is not theirs to take.
      if (req.user!.role === 'officer' && row.userId !== req.user!.id && req.user!.officerRole === 'cashier')
        throw forbidden('A cashier does not download certificates.');
      const pdf = await renderCertificate(
        app.db,
        row,
        app.config.appBaseUrl,
        app.certificateKeys.active,
        app.pdfSigner(),
      );
      if (row.userId === req.user!.id) await recordDownload(app.db, id);
      if (req.user!.role === 'officer' && row.userId !== req.user!.id)
        await logAccess(app.db, {
          applicationId: id,
          officerId: req.user!.id,
          action: 'view_document',
          detail: 'certificate',
        });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${row.ticketNumber}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    `${BASE}/pickup-slots`,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Pick-up slots of one day with their remaining places (Asia/Vientiane)',
        response: answers({ 200: dataAnswer(pickupDayShape, 'The day and its slots') }),
        querystring: schema(slotsQuery),
      },
    },
    async (req, reply) => {
      const { date, id } = req.query;
      reply.header('Cache-Control', 'private, no-store');
      const office = await pickupOfficeFor(app.db, req.user!.id, id);
      return { data: await pickupDay(app.db, app.config.pickup, date, office) };
    },
  );

  app.post(
    `${BASE}/:id/set-pickup-date`,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Book (or rebook) the office pick-up; accepts Idempotency-Key',
        response: answers({
          200: messageDataAnswer(
            v.object({ id: v.number(), status, pickup_date: v.string(), pickup_time: v.string() }),
            'Booked',
          ),
        }),
        params: schema(idParams),
        body: schema(pickupBody),
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const body = req.body;
      return idempotent(app, req, reply, async (scope) => ({
        statusCode: 200,
        body: await bookPickup(app.db, app.config.pickup, id, req.user!.id, body, scope),
      }));
    },
  );
}
