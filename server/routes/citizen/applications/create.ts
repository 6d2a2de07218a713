import * as v from 'valibot';
import { createApplicationBody, reapplyBody } from '../../../../contract/application';
import { ErrorCode } from '../../../../contract/errors';
import { Status } from '../../../../contract/status';
import { HttpError } from '../../../lib/http-error';
import { schema, type TypedApp } from '../../../lib/validation';
import { answers, dataAnswer } from '../../../lib/answers';
import { createApplication, findOwnApplication, wasReappliedFor } from '../../../services/applications';
import { invalidTransition } from '../../../services/application-status';
import { idempotent } from '../../../services/idempotency';
import {
  BASE,
  DOCUMENTS_BODY_LIMIT,
  applicantFields,
  refuseInvalidUpload,
  security,
  tags,
  type Body,
  uploadRouteOptions,
} from './shared';

type CreateBody = Body<typeof createApplicationBody>;

/** Each document inline (a data URL) or as a finished resumable upload (`…_upload_id`). */
const documentsOf = (b: CreateBody) => ({
  applicant_photo: {
    dataUrl: b.applicant_photo,
    uploadId: b.applicant_photo_upload_id,
    name: b.applicant_photo_name,
  },
  household_registration_book: {
    dataUrl: b.household_registration_book,
    uploadId: b.household_registration_book_upload_id,
    name: b.household_registration_book_name,
  },
  proof_of_residence: {
    dataUrl: b.proof_of_residence,
    uploadId: b.proof_of_residence_upload_id,
    name: b.proof_of_residence_name,
  },
});

const DOCUMENTS_NOTE =
  'Each document is sent either as a base64 data URL in its field (the body may then be up to 45 MB) or, ' +
  'better on a weak link, as `<field>_upload_id`: the id of a finished resumable upload of that kind ' +
  '(POST /api/v1/uploads), removed once the request succeeds. Both or neither: 400 naming the field; an ' +
  'unknown, expired, used or foreign upload: 404 with `fields.<field>_upload_id = upload_not_found`.';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export default async function createRoutes(app: TypedApp) {
  app.post(
    `${BASE}/create-new`,
    {
      ...uploadRouteOptions(app, DOCUMENTS_BODY_LIMIT),
      schema: {
        tags,
        security,
        summary: 'Apply for a resident certificate (applicant data, three documents, bank); accepts Idempotency-Key',
        response: answers({ 201: dataAnswer(v.object({ id: v.number() }), 'Submitted') }),
        description: DOCUMENTS_NOTE,
        body: schema(createApplicationBody),
      },
    },
    async (req, reply) => {
      refuseInvalidUpload(req);
      const body = req.body;
      return idempotent(app, req, reply, async (scope) => {
        const id = await createApplication(
          app,
          { userId: req.user!.id, data: applicantFields(body), documents: documentsOf(body), bankId: body.bank_id },
          scope,
        );
        return { statusCode: 201, body: { data: { id } } };
      });
    },
  );

  /**
   * docs/decisions.md#re-applying-after-a-rejection: a new application linked to the owner's
   * rejected one (or one whose certificate was revoked), once; a paid fee of a rejected application
   * carries over.
   */
  app.post(
    `${BASE}/re-apply`,
    {
      ...uploadRouteOptions(app, DOCUMENTS_BODY_LIMIT),
      schema: {
        tags,
        security,
        summary: 'Apply again after a rejection; accepts Idempotency-Key',
        response: answers({ 201: dataAnswer(v.object({ id: v.number() }), 'Submitted') }),
        description: DOCUMENTS_NOTE,
        body: schema(reapplyBody),
      },
    },
    async (req, reply) => {
      refuseInvalidUpload(req);
      const body = req.body;
      return idempotent(app, req, reply, async (scope) => {
        const rejected = await findOwnApplication(app.db, body.id, req.user!.id);
        // A rejected application, or one whose certificate was revoked (re-applying is offered then too).
        if (rejected.status !== Status.rejected && !rejected.certificateRevokedAt)
          throw invalidTransition(rejected.status, 'reapplied');
        const already = () =>
          new HttpError(409, ErrorCode.alreadyReapplied, 'This application was already submitted again.');
        if (await wasReappliedFor(app.db, rejected.id)) throw already();
        try {
          const id = await createApplication(
            app,
            {
              userId: req.user!.id,
              data: applicantFields(body),
              documents: documentsOf(body),
              bankId: body.bank_id,
              reappliedFrom: rejected,
            },
            scope,
          );
          return { statusCode: 201, body: { data: { id } } };
        } catch (err) {
          // reapplied_from_id is unique: of two concurrent re-applies, one wins.
          if (isUniqueViolation(err)) throw already();
          throw err;
        }
      });
    },
  );
}
