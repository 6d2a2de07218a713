import { ErrorCode } from '../../contract/errors';

/**
 * An answer we mean to give: a 4xx with a stable code (docs/decisions.md#one-error-shape). Thrown
 * from routes and services.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly fields?: Record<string, string>,
    /** For 429 (and 503): seconds after which a retry may succeed, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
    /** More the client can act on, sent in `data` beside the code (declared in server/lib/answers.ts). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Data not found') => new HttpError(404, ErrorCode.notFound, what);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, ErrorCode.validation, message, fields);
export const unauthorized = (message = 'Please log in again.', code: string = ErrorCode.unauthorized) =>
  new HttpError(401, code, message);
export const forbidden = (message = 'You may not do this.') => new HttpError(403, ErrorCode.forbidden, message);
export const tooManyRequests = (message: string, code: string = ErrorCode.tooManyRequests, retryAfterSeconds = 60) =>
  new HttpError(429, code, message, undefined, retryAfterSeconds);
