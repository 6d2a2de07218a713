import * as v from 'valibot';
import { answerRequestBody } from '../../../../contract/application';
import { answers, dataAnswer } from '../../../lib/answers';
import { idParams, schema, type TypedApp } from '../../../lib/validation';
import { idempotent } from '../../../services/idempotency';
import { answerRequest } from '../../../services/officers';
import { status } from './answers';
import { BASE, security, tags } from './shared';

/** The citizen answers an officer's request (docs/decisions.md#asking-the-citizen). */
export default async function answerRequestRoutes(app: TypedApp) {
  app.post(
    `${BASE}/:id/answer-request`,
    {
      onRequest: app.authenticate,
      config: { limit: 'upload' as const },
      schema: {
        tags,
        security,
        summary:
          "Answer an officer's request: the fields asked for, corrected, and each document asked for as a finished resumable upload (<kind>_upload_id); accepts Idempotency-Key",
        description:
          'Only the owner (404 otherwise), only while the request is open and only its request_id (409 request_not_open), only what was asked and all of it (400 naming the field: not_requested / required). The application goes back to the review queue with the clock running again.',
        params: schema(idParams),
        body: schema(answerRequestBody),
        response: answers({ 200: dataAnswer(v.object({ id: v.number(), status }), 'Answered') }),
      },
    },
    async (req, reply) =>
      idempotent(app, req, reply, async (scope) => ({
        statusCode: 200,
        body: await answerRequest(app, req.user!.id, req.params.id, req.body, scope),
      })),
  );
}
