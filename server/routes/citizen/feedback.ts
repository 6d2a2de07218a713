import * as v from 'valibot';
import { feedbackBody } from '../../../contract/office-figures';
import { answers, dataAnswer } from '../../lib/answers';
import { idParams, schema, type TypedApp } from '../../lib/validation';
import { feedbackFor, recordFeedback } from '../../services/certificate-feedback';

// The tag of the citizen's resident-certificate calls, beside which it sits in the API documentation.
const tags = ['resident-certificate'];
const security = [{ bearer: [] }];
const PATH = '/v1/citizen/resident-certificate/:id/feedback';

/** The one optional question after the certificate (docs/decisions.md#office-figures). */
export default async function feedbackRoutes(app: TypedApp) {
  app.get(
    PATH,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The citizen’s answer to “how satisfied are you”, if given',
        params: schema(idParams),
        response: answers({ 200: dataAnswer(v.object({ rating: v.nullable(v.number()) }), 'The answer') }),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { data: await feedbackFor(app.db, req.user!.id, req.params.id) };
    },
  );

  app.post(
    PATH,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'How satisfied the citizen is with the service, 1 to 5 (optional, once per certificate)',
        params: schema(idParams),
        body: schema(feedbackBody),
        response: answers({ 200: dataAnswer(v.object({ rating: v.number() }), 'Thank you') }),
      },
    },
    async (req) => ({ data: await recordFeedback(app.db, req.user!.id, req.params.id, req.body.rating) }),
  );
}
