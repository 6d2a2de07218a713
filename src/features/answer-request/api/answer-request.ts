import * as v from 'valibot';
import {
  applicantData,
  type ApplicantDataInput,
  type ApplicationDetail,
  type CorrectableField,
  type InformationRequestView,
} from '../../../../contract/application';
import type { ApplicationDocumentKind } from '../../../../contract/documents';
import type { OutboxRequestInput } from '../../../lib/outbox/submit';

/** What the citizen types: every asked field as a string (selects hold ids as strings). */
export type AnswerValues = Partial<Record<keyof ApplicantDataInput, string>>;

/** A village is chosen under its district and province: asked to correct it, the citizen may change all three. */
export function fieldsToSend(asked: readonly CorrectableField[]): (keyof ApplicantDataInput)[] {
  const places = asked.includes('village_id') ? (['province_id', 'district_id'] as const) : [];
  return [...places, ...asked];
}

/**
 * The rules of the asked fields, and only theirs: picked from the application's own schema
 * (contract/application.ts), so an answer is checked on the phone exactly as the form was.
 */
export function answerSchema(asked: readonly CorrectableField[]) {
  return v.pick(applicantData, fieldsToSend(asked) as [keyof ApplicantDataInput, ...(keyof ApplicantDataInput)[]]);
}

/** The asked fields as the application holds them now, as the form types them (ids and dates as strings). */
export function currentValues(a: ApplicationDetail, asked: readonly CorrectableField[]): AnswerValues {
  return Object.fromEntries(
    fieldsToSend(asked).map((name) => [name, a.applicant_data[name] == null ? '' : String(a.applicant_data[name])]),
  );
}

/**
 * POST …/{id}/answer-request as an outbox request: the request answered, the asked fields checked
 * (ids as integers), and the asked documents as resumable uploads the body names by id. The
 * Idempotency-Key goes with the queued entry, so an answer replayed after a cut lands once.
 */
export function answerRequest(
  applicationId: number,
  request: Pick<InformationRequestView, 'id' | 'fields' | 'documents'>,
  values: AnswerValues,
  documents: Partial<Record<ApplicationDocumentKind, { blob: Blob; name: string }>>,
  idempotencyKey: string,
): OutboxRequestInput {
  const fields = request.fields.length ? v.parse(answerSchema(request.fields), values) : {};
  const files = Object.fromEntries(
    request.documents.map((kind) => {
      const file = documents[kind];
      if (!file) throw new Error(`The ${kind} asked for is missing.`);
      return [kind, { blob: file.blob, name: file.name }];
    }),
  );
  return {
    kind: 'answer-request',
    path: `/v1/citizen/resident-certificate/${applicationId}/answer-request`,
    idempotencyKey,
    applicationId,
    payload: { fields: { request_id: request.id, fields }, files, draft: { values } },
  };
}
