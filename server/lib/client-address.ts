import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';

/**
 * The address limits count by: the client's IP (behind TRUST_PROXY, the one the proxy reports), and
 * for IPv6 its /64, because a phone may change the last 64 bits at will while a carrier gives each
 * subscriber a /64 of its own.
 */
export const clientAddress = (req: FastifyRequest): string => normalizeIP(req.ip, 64);
