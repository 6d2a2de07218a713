import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

import { ErrorCode } from '../../contract/errors';
import { forbidden, unauthorized } from '../lib/http-error';
import { cacheSessions, findSession, type SessionCheck, type SessionUser } from '../services/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The lookup of this request's bearer token, made at most once (the rate limits key on it too). */
    sessionCheck: Promise<SessionCheck> | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid bearer session is required (401 otherwise). */
    authenticate(req: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * onRequest hook: a valid session, also an officer's that waits for its second factor (the
     * sign-in steps and logout only).
     */
    authenticatePending(req: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook: a valid session of an officer is required (401 / 403). */
    requireOfficer(req: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** The session of a well-formed bearer token (looked up once per request), or null without one. */
    sessionOf(req: FastifyRequest): Promise<SessionCheck> | null;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionCheck', null);
    if (app.database.kind === 'pglite') cacheSessions(app.db);

    function sessionOf(req: FastifyRequest): Promise<SessionCheck> | null {
      const m = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(req.headers.authorization ?? '');
      if (!m) return null;
      return (req.sessionCheck ??= findSession(app.db, m[1]));
    }

    async function authenticatePending(req: FastifyRequest): Promise<void> {
      const lookup = sessionOf(req);
      if (!lookup) throw unauthorized('Please log in.');
      const found = await lookup;
      if ('error' in found) {
        throw found.error === 'expired'
          ? unauthorized('Your session has expired. Please log in again.', ErrorCode.sessionExpired)
          : unauthorized();
      }
      req.user = found.user;
    }

    async function authenticate(req: FastifyRequest): Promise<void> {
      await authenticatePending(req);
      if (req.user?.pendingSecondFactor)
        throw unauthorized('Finish signing in with your passkey or authenticator app.', ErrorCode.secondFactorRequired);
    }

    app.decorate('sessionOf', sessionOf);
    app.decorate('authenticate', authenticate);
    app.decorate('authenticatePending', authenticatePending);
    app.decorate('requireOfficer', async (req: FastifyRequest) => {
      await authenticate(req);
      if (req.user?.role !== 'officer') throw forbidden('This area is for officers only.');
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
