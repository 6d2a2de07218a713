import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  REQUESTABLE_DOCUMENTS,
  type AnswerRequestBody,
  type ApplicantData,
  type CorrectableField,
} from '../../../contract/application';
import { ErrorCode } from '../../../contract/errors';
import { FieldError } from '../../../contract/rules';
import { Status } from '../../../contract/status';
import { informationRequests } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { prepareDocuments, storeDocuments, useUploads } from '../application-documents';
import { checkPlaces, findOwnApplication } from '../applications';
import { changeStatus } from '../application-status';
import type { IdempotencyScope } from '../idempotency';
import { notify } from '../notifications';
import { clockResume } from './clock';
import { openRequest } from './requests';

/**
 * The citizen's answer to an officer's request (POST …/{id}/answer-request): only the owner, only
 * while the request is open and only what it asked — every asked field and document, nothing else.
 * Then the case goes back to the review queue with the clock running again, reviewed by nobody yet
 * and held by nobody.
 */

type Document = (typeof REQUESTABLE_DOCUMENTS)[number];
/** The place fields that come with a village: the village must lie in them (checked as on create). */
const PLACE_COMPANIONS = ['province_id', 'district_id'];

const refuse = (field: string, code: string, message: string) =>
  new HttpError(400, ErrorCode.validation, message, { [field]: code });
const notOpen = () =>
  new HttpError(409, ErrorCode.requestNotOpen, 'This request is not open any more: it was answered or closed.');

export async function answerRequest(
  app: FastifyInstance,
  userId: number,
  id: number,
  body: AnswerRequestBody,
  scope: IdempotencyScope,
) {
  // Another citizen's application, or none: 404 alike.
  const row = await findOwnApplication(app.db, id, userId);
  const request = row.status === Status.informationRequested ? await openRequest(app.db, id) : undefined;
  if (!request || request.id !== body.request_id) throw notOpen();

  const askedFields = new Set(request.fields as CorrectableField[]);
  const askedDocuments = new Set(request.documents as Document[]);
  const sentFields = Object.fromEntries(Object.entries(body.fields ?? {}).filter(([, value]) => value !== undefined));
  for (const field of Object.keys(sentFields)) {
    const companion = PLACE_COMPANIONS.includes(field) && askedFields.has('village_id');
    if (!askedFields.has(field as CorrectableField) && !companion)
      throw refuse(`fields.${field}`, 'not_requested', `${field} was not asked for.`);
  }
  for (const field of askedFields)
    if (!(field in sentFields)) throw refuse(`fields.${field}`, FieldError.required, `${field} was asked for.`);
  for (const kind of REQUESTABLE_DOCUMENTS) {
    const sent = Boolean(body[`${kind}_upload_id`]);
    if (sent && !askedDocuments.has(kind))
      throw refuse(`${kind}_upload_id`, 'not_requested', `${kind} was not asked for.`);
    if (!sent && askedDocuments.has(kind))
      throw refuse(`${kind}_upload_id`, FieldError.required, `${kind} was asked for.`);
  }

  const before = row.applicantData as ApplicantData;
  const after = { ...before, ...sentFields } as ApplicantData;
  if ('village_id' in sentFields) {
    const placeError = await checkPlaces(
      app.db,
      { province: after.province_id, district: after.district_id, village: after.village_id },
      { province: 'fields.province_id', district: 'fields.district_id', village: 'fields.village_id' },
    );
    if (placeError) {
      const [field, code] = Object.entries(placeError)[0];
      throw refuse(field, code, `Invalid ${field}: ${code}`);
    }
  }
  const prepared = await prepareDocuments(
    app,
    userId,
    [...askedDocuments].map((kind) => ({
      kind,
      field: kind,
      incoming: { uploadId: body[`${kind}_upload_id`], name: body[`${kind}_name`] },
    })),
  );

  const now = app.clock.now();
  const answer = {
    fields: Object.fromEntries(
      Object.keys(sentFields).map((f) => [f, { before: before[f as keyof ApplicantData], after: sentFields[f] }]),
    ),
    documents: [...askedDocuments],
  };
  const result = await app.db.transaction(async (tx) => {
    // Once: of two answers at the same moment (or a retry without its key), one closes the request.
    const closed = await tx
      .update(informationRequests)
      .set({ answeredAt: now, closedAt: now, answer })
      .where(and(eq(informationRequests.id, request.id), isNull(informationRequests.closedAt)))
      .returning({ id: informationRequests.id });
    if (!closed.length) throw notOpen();
    await changeStatus(tx, {
      application: row,
      to: Status.inValidation,
      actor: 'citizen',
      actorId: userId,
      notes: 'Answered the officer’s request',
      set: {
        applicantData: after,
        reviewedBy: null,
        reviewedAt: null,
        claimedBy: null,
        claimedAt: null,
        claimExpiresAt: null,
        ...(await clockResume(tx, row, now)),
      },
    });
    await storeDocuments(tx, userId, row.id, prepared);
    const used = await useUploads(app, tx, userId, prepared);
    await notify(tx, userId, row.id, 'information_answered', { ticket: row.ticketNumber });
    const body = { data: { id: row.id, status: Status.inValidation } };
    await scope.remember(tx, { statusCode: 200, body });
    return { body, used };
  });
  await app.uploads.discardFiles(result.used);
  return result.body;
}
