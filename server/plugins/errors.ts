import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type ApiErrorBody } from '../../contract/errors';
import { HttpError } from '../lib/http-error';

/** Fastify's own client errors, mapped to our codes so the client can explain them. */
const FASTIFY_CODES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, ErrorCode.payloadTooLarge, 'The upload is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, ErrorCode.badRequest, 'Send the request as JSON.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, ErrorCode.badRequest, 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, ErrorCode.badRequest, 'The request body is empty.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, ErrorCode.badRequest, 'The request is malformed.'],
};

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { message, data: { error_code: code, message, ...(fields ? { fields } : {}) } };
}

/**
 * Errors Fastify's router answers before any route or hook runs (a broken %-escape, a path
 * parameter longer than maxParamLength): the error shape too, for API paths.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  if (!req.url.startsWith('/api')) {
    reply.status(status).type('text/plain').send('Bad request');
    return;
  }
  reply
    .status(status)
    .send(errorBody(ErrorCode.badRequest, status === 414 ? 'The address is too long.' : 'The address is malformed.'));
}

/**
 * One error handler: every failure has the shape of docs/decisions.md#one-error-shape, and a 5xx
 * never leaks details.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
      if (err instanceof HttpError) {
        if (err.retryAfterSeconds !== undefined)
          reply.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
        else if (err.statusCode === 429 && !reply.hasHeader('retry-after')) reply.header('Retry-After', '60');
        const body = errorBody(err.code, err.message, err.fields);
        return reply.status(err.statusCode).send(err.extra ? { ...body, data: { ...body.data, ...err.extra } } : body);
      }
      const known = err.code ? FASTIFY_CODES[err.code] : undefined;
      if (known) return reply.status(known[0]).send(errorBody(known[1], known[2]));
      if (err.statusCode === 429) {
        // Every refusal tells the client when to come back (the offline outbox waits that long).
        if (!reply.hasHeader('retry-after')) reply.header('Retry-After', '60');
        return reply
          .status(429)
          .send(errorBody(ErrorCode.tooManyRequests, 'Too many requests. Please wait a moment and try again.'));
      }
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return reply.status(err.statusCode).send(errorBody(ErrorCode.badRequest, err.message));
      }
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(errorBody(ErrorCode.internal, 'Something went wrong. Please try again.'));
    });

    app.setNotFoundHandler((req, reply) => {
      reply
        .status(404)
        .send(errorBody(ErrorCode.notFound, `No such API route: ${req.method} ${req.url.split('?')[0]}`));
    });
  },
  { name: 'errors' },
);
