import * as v from 'valibot';
import { uploadPaymentBody } from '../../../../contract/application';
import { idParams, schema, type TypedApp } from '../../../lib/validation';
import { answers, dataAnswer, messageDataAnswer } from '../../../lib/answers';
import { fee, status } from './answers';
import { findOwnApplication } from '../../../services/applications';
import { idempotent } from '../../../services/idempotency';
import { currentFee } from '../../../services/payment-terms';
import { receiveProofOfPayment } from '../../../services/payments';
import { requestLanguage } from '../../master-data';
import { BASE, PROOF_BODY_LIMIT, refuseInvalidUpload, security, tags, uploadRouteOptions } from './shared';

export default async function paymentRoutes(app: TypedApp) {
  /** What a new application costs, who receives it and how long the citizen has to pay. */
  app.get(
    `${BASE}/fee`,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Fee lines, total, currency, recipient and payment window',
        response: answers({ 200: dataAnswer(fee, 'The fee') }),
      },
    },
    async (req) => ({ data: currentFee(app.config, requestLanguage(req)) }),
  );

  app.post(
    `${BASE}/:id/upload-payment`,
    {
      ...uploadRouteOptions(app, PROOF_BODY_LIMIT),
      schema: {
        tags,
        security,
        summary: 'Upload the proof of payment (jpg or png, 10 MB); accepts Idempotency-Key',
        response: answers({
          200: messageDataAnswer(v.object({ id: v.number(), status }), 'Received: the application waits for approval'),
        }),
        description:
          'The proof is sent either as a base64 data URL in `proof_of_payment` or as `proof_of_payment_upload_id`, ' +
          'the id of a finished resumable upload of kind proof_of_payment (POST /api/v1/uploads), removed once accepted.',
        params: schema(idParams),
        body: schema(uploadPaymentBody),
      },
    },
    async (req, reply) => {
      refuseInvalidUpload(req);
      const { id } = req.params;
      const body = req.body;
      return idempotent(app, req, reply, async (scope) => {
        const row = await findOwnApplication(app.db, id, req.user!.id);
        const answer = await receiveProofOfPayment(
          app,
          row,
          {
            dataUrl: body.proof_of_payment,
            uploadId: body.proof_of_payment_upload_id,
            name: body.proof_of_payment_name,
          },
          scope,
        );
        return { statusCode: 200, body: answer };
      });
    },
  );
}
