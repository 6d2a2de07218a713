import type * as v from 'valibot';
import type { FastifyRequest } from 'fastify';
import { applicantData, type ApplicantData } from '../../../../contract/application';
import { ErrorCode } from '../../../../contract/errors';
import { HttpError } from '../../../lib/http-error';
import type { TypedApp } from '../../../lib/validation';

export const tags = ['resident-certificate'];
export const security = [{ bearer: [] }];
export const BASE = '/v1/citizen/resident-certificate';

/** Three documents of up to 10 MB travel as base64 (4/3 of the bytes) in one JSON body. */
export const DOCUMENTS_BODY_LIMIT = 45 * 1024 * 1024;
/** One proof of payment of up to 10 MB, as base64. */
export const PROOF_BODY_LIMIT = 15 * 1024 * 1024;

/**
 * Upload routes validate with `attachValidation` so that a data URL refused by the schema for its
 * length is answered like any other too-large file: 413 file_too_large, not a generic 400.
 */
export function refuseInvalidUpload(req: FastifyRequest): void {
  const err = req.validationError as HttpError | undefined;
  if (!err) return;
  const tooLarge = Object.entries(err.fields ?? {}).filter(([, code]) => code === ErrorCode.fileTooLarge);
  if (tooLarge.length)
    throw new HttpError(
      413,
      ErrorCode.fileTooLarge,
      `${tooLarge[0][0]} is larger than 10 MB`,
      Object.fromEntries(tooLarge),
    );
  throw err;
}

/**
 * The options every route that takes a file in its body shares: its own body limit, the upload rate
 * limit, a signed-in citizen, and validation errors left for refuseInvalidUpload to answer.
 */
export const uploadRouteOptions = (app: TypedApp, bodyLimit: number) => ({
  bodyLimit,
  attachValidation: true,
  config: { limit: 'upload' as const },
  onRequest: app.authenticate,
});

const APPLICANT_FIELDS = Object.keys(applicantData.entries) as (keyof ApplicantData)[];

/** The applicant fields of a validated body; anything else a citizen sent (status, owner…) is left behind. */
export function applicantFields(body: Record<string, unknown>): ApplicantData {
  return Object.fromEntries(APPLICANT_FIELDS.map((k) => [k, body[k]])) as ApplicantData;
}

export type Body<S extends v.GenericSchema> = v.InferOutput<S>;
