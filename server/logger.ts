import crypto from 'node:crypto';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * Logs for people and machines: JSON lines (one object per line, for a log collector) in
 * production; readable lines through pino-pretty in a terminal or with LOG_FORMAT=pretty.
 *
 * What a request line may hold: the method, the route's pattern (`/api/v1/verify/:code`, never the
 * code) or, for the app's own files, the path without its query string — so a reset link's token,
 * the address text of a place match or a search never reach the log. Anything below that looks
 * like a secret or personal text is replaced by the redaction.
 */
const NEVER_LOGGED = ['password', 'token', 'payload', 'email', 'authorization', 'cookie', 'secret'];
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  // At the top of a log line only: an error's own `code` and `address` (ECONNREFUSED 10.0.0.5) stay.
  'code',
  'address',
  'to',
  ...NEVER_LOGGED,
  ...NEVER_LOGGED.map((k) => `*.${k}`),
];

/** The URL as logged: the route pattern when the route has parameters, else the path alone. */
function loggedUrl(req: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }): string {
  const pattern = req.routeOptions?.url;
  if (pattern && pattern.includes(':')) return pattern;
  const path = req.url.split('?')[0]!.split('#')[0]!;
  // The app's pages that carry a code in their path (the QR code of a certificate).
  return path.replace(/^\/verify\/[^/]+/, '/verify/:code');
}

/** A request id given by a proxy is kept when it is a short plain token; anything else gets a new one. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : crypto.randomUUID();
}

export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (config.isTest && !stream) return false;
  const pretty = !stream && (config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY));
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[hidden]' },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: loggedUrl(req) }),
    },
    ...(stream ? { stream } : {}),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  };
}
