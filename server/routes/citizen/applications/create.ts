import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createApplicationBody, reapplyBody } from '../../../../contract/application';
import { ErrorCode } from '../../../../contract/errors';
import { Status } from '../../../../contract/status';
import { applications } from '../../../db/schema';
import { HttpError } from '../../../lib/http-error';
import { schema } from '../../../lib/validation';
import { createApplication, findOwnApplication } from '../../../services/applications';
import { invalidTransition } from '../../../services/application-status';
import { idempotent } from '../../../services/idempotency';
import { BASE, DOCUMENTS_BODY_LIMIT, applicantFields, refuseInvalidUpload, security, tags, type Body } from './shared';

type CreateBody = Body<typeof createApplicationBody>;

const documentsOf = (b: CreateBody) => ({
  applicant_photo: { dataUrl: b.applicant_photo, name: b.applicant_photo_name },
  household_registration_book: { dataUrl: b.household_registration_book, name: b.household_registration_book_name },
  proof_of_residence: { dataUrl: b.proof_of_residence, name: b.proof_of_residence_name },
});

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export default async function createRoutes(app: FastifyInstance) {
  app.post(
    `${BASE}/create-new`,
    {
      bodyLimit: DOCUMENTS_BODY_LIMIT,
      attachValidation: true,
      config: { limit: 'upload' },
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Apply for a resident certificate (applicant data, three documents, bank); accepts Idempotency-Key',
        body: schema(createApplicationBody),
      },
    },
    async (req, reply) => {
      refuseInvalidUpload(req);
      const body = req.body as CreateBody;
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
      bodyLimit: DOCUMENTS_BODY_LIMIT,
      attachValidation: true,
      config: { limit: 'upload' },
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Apply again after a rejection; accepts Idempotency-Key',
        body: schema(reapplyBody),
      },
    },
    async (req, reply) => {
      refuseInvalidUpload(req);
      const body = req.body as Body<typeof reapplyBody>;
      return idempotent(app, req, reply, async (scope) => {
        const rejected = await findOwnApplication(app.db, body.id, req.user!.id);
        // A rejected application, or one whose certificate was revoked (re-applying is offered then too).
        if (rejected.status !== Status.rejected && !rejected.certificateRevokedAt)
          throw invalidTransition(rejected.status, 'reapplied');
        const already = () =>
          new HttpError(409, ErrorCode.alreadyReapplied, 'This application was already submitted again.');
        const [successor] = await app.db
          .select({ id: applications.id })
          .from(applications)
          .where(eq(applications.reappliedFromId, rejected.id));
        if (successor) throw already();
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
