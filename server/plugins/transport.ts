import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { START_APP_SCRIPT } from '../../contract/start-app-script';

/** The pages' one inline script (it starts the app once the page is painted), allowed by its hash and nothing else inline. */
const startAppScriptHash = `'sha256-${createHash('sha256').update(START_APP_SCRIPT).digest('base64')}'`;

/** The app's pages: what the web app and the API documentation need, nothing more. */
const PAGE_POLICY: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Tesseract compiles its WebAssembly in a worker served from our origin.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", startAppScriptHash],
      workerSrc: ["'self'", 'blob:'],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // Documents are fetched with the token and shown as object URLs (PDF in a frame).
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      mediaSrc: ["'self'", 'blob:'],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // Decided per request below: only over TLS.
  strictTransportSecurity: false,
};

/**
 * API answers are data, never a page: the short set OWASP recommends for REST answers. A document
 * or certificate is shown through an object URL, which takes the page's policy, not this one.
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** The headers helmet sets for these options, worked out once instead of on every request. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/** The API, except its documentation, which is a page. */
const isApi = (url: string) => (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url === '/api';

/**
 * Security and transport headers (docs/operations.md#behind-a-reverse-proxy-with-tls).
 * - The header values are computed at start: building helmet's middleware per request cost about
 *   an eighth of a cached API answer's time.
 * - HSTS only when the request really came over TLS: directly, or through a proxy that says so
 *   (X-Forwarded-Proto, trusted with TRUST_PROXY=true). Sent over plain HTTP it would be ignored,
 *   and on a development machine it would lock the browser out of http://localhost.
 * - Every API answer that did not declare itself cacheable (master data does) is `no-store`:
 *   personal data, tokens and errors must stay out of shared and browser caches.
 */
export default fp(
  async (app) => {
    const pageHeaders = headersOf(PAGE_POLICY);
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(isApi(req.url) ? API_HEADERS : pageHeaders);
      if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      done();
    });
    app.addHook('onSend', (req, reply, payload, done) => {
      if (isApi(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'transport' },
);
