import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { tooManyRequests } from '../lib/http-error';
import { keyedHash } from '../lib/hash-secret';
import { clientAddress } from '../lib/client-address';
import { BatchedCounters, postgresRateLimitStore, purgeCounters } from '../services/rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Hourly budgets of the anonymous calls that cost a mail, disk, or tell whether an account exists. */
    budgets: {
      /** A registration (and its first code): per client address and per e-mail domain. */
      registration(req: FastifyRequest, email: string): Promise<void>;
      /** A call whose answer says whether an e-mail, phone or ID number has an account. */
      lookup(req: FastifyRequest, identifiers: string[]): Promise<void>;
    };
  }
  interface FastifyContextConfig {
    /** A signed-in call that costs real work: limited per account (docs/operations.md#rate-limits). */
    limit?: 'upload' | 'upload-piece' | 'certificate' | 'officer-sign-in' | 'push';
  }
}

/** The pre-existing per-identifier limits (login, codes, reset links) live with their routes; these are the rest. */
const PER_ACCOUNT_MESSAGE = {
  upload: 'You have sent many applications or documents in the last hour. Please try again later.',
  'upload-piece': 'You have sent many pieces of documents in the last hour. Please try again later.',
  certificate: 'You have downloaded the certificate many times in the last hour. Please try again later.',
  'officer-sign-in': 'Too many sign-in steps for this account in the last hour. Please try again later.',
  push: 'You have changed the notices on your phones many times in the last hour. Please try again later.',
} as const;

/**
 * Mail providers shared by a large part of the country: a per-domain budget would make strangers
 * wait for each other there, and the provider limits abuse itself. The per-address budget still holds.
 */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
  'yandex.com',
  'mail.ru',
  'qq.com',
  '163.com',
]);

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
/** Routes that declare bearer security in the OpenAPI document need a session. */
const needsSession = (req: FastifyRequest) =>
  Boolean((req.routeOptions.schema as { security?: unknown[] } | undefined)?.security?.length);

/**
 * Rate limits that protect without locking neighbours out (docs/operations.md#rate-limits).
 * - Static files and the app shell are never limited: they are cheap, cached, and a first visit
 *   fetches ~180 of them. A navigation therefore always gets the app, never an error.
 * - API calls without a valid session: a high ceiling per client address, so a town behind one
 *   carrier address can still register together, while one flooding client is stopped.
 * - Signed-in calls are counted per account, and only where they cost real work (creating
 *   applications, uploading documents, rendering certificates).
 * - Login, codes and reset links keep their own per-account limits in their routes.
 * With PostgreSQL the counters live in the database, so several instances share them; the embedded
 * database has one process, which counts in memory.
 */
export default fp(
  async (app) => {
    const limits = app.config.rateLimits;
    const shared = app.database.kind === 'postgres';
    const batched = new BatchedCounters(app.db, (err) =>
      app.log.warn({ err }, 'could not add to the shared rate-limit counts'),
    );

    // Per-account limits run after the route's own authentication (its hooks come first), so the
    // account is known; they are attached here, before the routes are registered.
    const perAccount = (kind: keyof typeof PER_ACCOUNT_MESSAGE) => async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.user) return;
      await enforce(accountChecks[kind], req, reply, PER_ACCOUNT_MESSAGE[kind]);
    };
    app.addHook('onRoute', (route: RouteOptions) => {
      const kind = route.config?.limit;
      if (!kind) return;
      route.preHandler = [...[route.preHandler ?? []].flat(), perAccount(kind)];
    });

    await app.register(rateLimit, {
      // Nothing is limited unless this file or a route's own `config.rateLimit` says so.
      global: false,
      store: shared ? postgresRateLimitStore(app.db, batched) : undefined,
      cache: 50_000,
      // A database hiccup must not refuse every citizen: the limit is skipped, the request goes on.
      skipOnError: true,
      keyGenerator: clientAddress,
    });

    const byAddress = app.createRateLimit({
      max: limits.addressPerMinute,
      timeWindow: 60_000,
      keyGenerator: (req) => `address:${clientAddress(req)}`,
    });
    const accountChecks = {
      upload: app.createRateLimit({
        max: limits.uploadsPerHour,
        timeWindow: 3_600_000,
        keyGenerator: (req) => `upload:${req.user!.id}`,
      }),
      'upload-piece': app.createRateLimit({
        max: limits.uploadPiecesPerHour,
        timeWindow: 3_600_000,
        keyGenerator: (req) => `upload-piece:${req.user!.id}`,
      }),
      certificate: app.createRateLimit({
        max: limits.certificatesPerHour,
        timeWindow: 3_600_000,
        keyGenerator: (req) => `certificate:${req.user!.id}`,
      }),
      'officer-sign-in': app.createRateLimit({
        max: limits.officerSignInPerHour,
        timeWindow: 3_600_000,
        keyGenerator: (req) => `officer-sign-in:${req.user!.id}`,
      }),
      push: app.createRateLimit({
        max: limits.pushPerHour,
        timeWindow: 3_600_000,
        keyGenerator: (req) => `push:${req.user!.id}`,
      }),
    };

    // Hourly budgets counted under a key chosen per call (an address, a domain, an identifier).
    const keyOf = new WeakMap<FastifyRequest, string>();
    const hourly = (max: number) =>
      app.createRateLimit({ max, timeWindow: 3_600_000, keyGenerator: (req) => keyOf.get(req)! });
    const budgetChecks = {
      registrationAddress: hourly(limits.registrationsPerAddress),
      registrationDomain: hourly(limits.registrationsPerDomain),
      lookupAddress: hourly(limits.lookupsPerAddress),
      lookupIdentifier: hourly(limits.lookupsPerIdentifier),
    };
    const spend = async (check: typeof byAddress, req: FastifyRequest, key: string, message: string) => {
      keyOf.set(req, key);
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) throw tooManyRequests(message, undefined, result.ttlInSeconds);
    };
    app.decorate('budgets', {
      async registration(req: FastifyRequest, email: string) {
        const message = 'Many accounts were registered from here in the last hour. Please try again later.';
        await spend(budgetChecks.registrationAddress, req, `register:${clientAddress(req)}`, message);
        const domain = email.split('@').pop()!.toLowerCase();
        if (!PUBLIC_MAIL_DOMAINS.has(domain))
          await spend(
            budgetChecks.registrationDomain,
            req,
            `register-domain:${domain}`,
            'Many accounts with this e-mail domain were registered in the last hour. Please try again later.',
          );
      },
      async lookup(req: FastifyRequest, identifiers: string[]) {
        const message = 'Too many account checks from this connection. Please try again later.';
        await spend(budgetChecks.lookupAddress, req, `lookup:${clientAddress(req)}`, message);
        // Counted under a keyed hash: the shared counters never hold an e-mail, phone or ID number.
        for (const id of new Set(identifiers.map((i) => i.trim().toLowerCase()).filter(Boolean)))
          await spend(
            budgetChecks.lookupIdentifier,
            req,
            `lookup-id:${keyedHash(app.hashKey, 'lookup', id).slice(0, 32)}`,
            'This account was asked about too often. Please try again later.',
          );
      },
    });

    async function enforce(check: typeof byAddress, req: FastifyRequest, reply: FastifyReply, message: string) {
      const result = await check(req);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('X-RateLimit-Limit', result.max);
      throw tooManyRequests(message, undefined, result.ttlInSeconds);
    }

    app.addHook('onRequest', async (req, reply) => {
      if (!isApi(req.url)) return; // the app: never limited
      if (req.routeOptions.config?.rateLimit) return; // a route with its own limit (verify, bank callback)
      if (needsSession(req)) {
        // Signed in: limited per account where it matters. The lookup is the one the route's
        // authentication makes anyway. A missing or bad token is an anonymous call, and so is a
        // session half-way through an officer's sign-in: a password alone buys no exemption.
        const lookup = app.sessionOf(req);
        const found = lookup && (await lookup);
        if (found && 'user' in found && !found.user.pendingSecondFactor) return;
      }
      await enforce(
        byAddress,
        req,
        reply,
        'Too many requests from this connection. Please wait a minute and try again.',
      );
    });

    if (shared) {
      const timer = setInterval(
        () => void purgeCounters(app.db).catch((err) => app.log.warn({ err }, 'could not purge rate-limit counters')),
        10 * 60_000,
      );
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await batched.flush();
      });
    }
  },
  { name: 'rate-limits', dependencies: ['db', 'auth'] },
);
