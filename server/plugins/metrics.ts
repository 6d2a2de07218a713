import crypto from 'node:crypto';
import net from 'node:net';
import { count, inArray, min } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ErrorCode } from '../../contract/errors';
import { Status } from '../../contract/status';
import { applications, mailQueue } from '../db/schema';
import { HttpError } from '../lib/http-error';

/** Statuses in which an application waits for an officer (to check the proof, review, issue). */
const WAITING_FOR_OFFICER = [
  Status.waitingForApprove,
  Status.inValidation,
  Status.approved,
  Status.waitingForCertificate,
] as const;

/**
 * Headers a reverse proxy adds for the client behind it (nginx often sends X-Real-IP alone): any
 * of them means the peer address is the proxy's, which proves nothing about who is asking.
 */
const PROXY_HEADERS = [
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
] as const;

/** The allowed addresses of METRICS_ALLOW (single addresses or CIDRs, IPv4 or IPv6). */
function allowList(entries: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const type = net.isIPv6(address!) ? 'ipv6' : 'ipv4';
    if (bits) list.addSubnet(address!, Number(bits), type);
    else list.addAddress(address!, type);
  }
  return list;
}

const sameToken = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * /metrics in Prometheus text format, for the operator's monitoring: requests, latency and errors
 * per route (the route's pattern, never the URL), the mail queue, applications per status, the
 * oldest application waiting for an officer, database connections, and Node's own figures
 * (event-loop lag, memory, CPU).
 *
 * Who may read it: a caller with `Authorization: Bearer METRICS_TOKEN`, or one connecting directly
 * from an address in METRICS_ALLOW (default this machine). A request that came through a proxy
 * (it carries X-Forwarded-For, X-Real-IP or another proxy header) needs the token: the proxy's own address proves nothing about the
 * client behind it.
 */
export default fp(
  async (app: FastifyInstance) => {
    const register = new Registry();
    collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, per route pattern and status',
      labelNames,
      registers: [register],
    });
    const errors = new Counter({
      name: 'http_request_errors_total',
      help: 'HTTP requests answered with a server error (5xx), per route pattern',
      labelNames,
      registers: [register],
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, per route pattern',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [register],
    });
    const db = app.db;
    new Gauge({
      name: 'mail_queue_mails',
      help: 'Mails in the queue: pending (waiting or being sent) and failed (gave up; see docs/operations.md)',
      labelNames: ['state'],
      registers: [register],
      async collect() {
        const rows = await db
          .select({ status: mailQueue.status, n: count() })
          .from(mailQueue)
          .where(inArray(mailQueue.status, ['pending', 'sending', 'failed']))
          .groupBy(mailQueue.status);
        const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
        this.set({ state: 'pending' }, of('pending') + of('sending'));
        this.set({ state: 'failed' }, of('failed'));
      },
    });
    new Gauge({
      name: 'applications',
      help: 'Applications per status',
      labelNames: ['status'],
      registers: [register],
      async collect() {
        const rows = await db
          .select({ status: applications.status, n: count() })
          .from(applications)
          .groupBy(applications.status);
        for (const status of Object.values(Status))
          this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
      },
    });
    new Gauge({
      name: 'application_oldest_waiting_for_officer_seconds',
      help: 'Age of the oldest application waiting for an officer, since its last change, per status (0: none waiting)',
      labelNames: ['status'],
      registers: [register],
      async collect() {
        const rows = await db
          .select({ status: applications.status, oldest: min(applications.updatedAt) })
          .from(applications)
          .where(inArray(applications.status, [...WAITING_FOR_OFFICER]))
          .groupBy(applications.status);
        for (const status of WAITING_FOR_OFFICER) {
          const oldest = rows.find((r) => r.status === status)?.oldest;
          this.set({ status }, oldest ? Math.max(0, (Date.now() - new Date(oldest).getTime()) / 1000) : 0);
        }
      },
    });
    new Gauge({
      name: 'database_connections',
      help: 'Database connections: open, idle, requests waiting for one, and the most the pool opens',
      labelNames: ['state'],
      registers: [register],
      collect() {
        const p = app.database.pool();
        this.set({ state: 'open' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
        this.set({ state: 'max' }, p.max);
      },
    });

    const started = new WeakMap<FastifyRequest, bigint>();
    app.addHook('onRequest', async (req) => {
      started.set(req, process.hrtime.bigint());
    });
    app.addHook('onResponse', async (req, reply) => {
      const begin = started.get(req);
      // The pattern (`/api/v1/verify/:code`), so the label set stays small and holds no one's data.
      const route = req.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      const labels = { method: req.method, route, status_code: String(reply.statusCode) };
      requests.inc(labels);
      if (reply.statusCode >= 500) errors.inc(labels);
      if (begin !== undefined) latency.observe(labels, Number(process.hrtime.bigint() - begin) / 1e9);
    });

    const allowed = allowList(app.config.metrics.allow);
    const token = app.config.metrics.token;
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      const auth = req.headers.authorization;
      const byToken =
        !!token && typeof auth === 'string' && auth.startsWith('Bearer ') && sameToken(auth.slice(7), token);
      const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
      const direct = PROXY_HEADERS.every((h) => req.headers[h] === undefined);
      const byAddress = direct && net.isIP(peer) !== 0 && allowed.check(peer, net.isIPv6(peer) ? 'ipv6' : 'ipv4');
      if (!byToken && !byAddress)
        throw new HttpError(
          403,
          ErrorCode.forbidden,
          'Metrics are for the operator: use the token or an allowed address.',
        );
      reply.header('content-type', register.contentType).header('cache-control', 'no-store');
      return register.metrics();
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
