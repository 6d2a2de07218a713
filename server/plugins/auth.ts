import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

import { ErrorCode } from '../../contract/errors';
import { forbidden, unauthorized } from '../lib/http-error';
import { findSession, type SessionUser } from '../services/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer session is required (401 otherwise). */
    authenticate(req: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: a valid session of an officer is required (401 / 403). */
    requireOfficer(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export default fp(async (app) => {
  app.decorateRequest('user', null);

  async function authenticate(req: FastifyRequest): Promise<void> {
    const header = req.headers.authorization ?? '';
    const m = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header);
    if (!m) throw unauthorized('Please log in.');
    const found = await findSession(app.db, m[1]);
    if ('error' in found) {
      throw found.error === 'expired' ? unauthorized('Your session has expired. Please log in again.', ErrorCode.sessionExpired) : unauthorized();
    }
    req.user = found.user;
  }

  app.decorate('authenticate', authenticate);
  app.decorate('requireOfficer', async (req: FastifyRequest) => {
    await authenticate(req);
    if (req.user?.role !== 'officer') throw forbidden('This area is for officers only.');
  });
}, { name: 'auth', dependencies: ['db'] });
