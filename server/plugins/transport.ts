import fp from 'fastify-plugin';

/**
 * Transport headers that helmet cannot decide alone (README: Behind a reverse proxy with TLS).
 * - HSTS only when the request really came over TLS: directly, or through a proxy that says so
 *   (X-Forwarded-Proto, trusted with TRUST_PROXY=true). Sent over plain HTTP it would be ignored,
 *   and on a development machine it would lock the browser out of http://localhost.
 * - Every API answer that did not declare itself cacheable (master data does) is `no-store`:
 *   personal data, tokens and errors must stay out of shared and browser caches.
 */
export default fp(async (app) => {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if ((req.url === '/api' || req.url.startsWith('/api/')) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}, { name: 'transport' });
