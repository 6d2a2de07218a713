import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { authEvents, otpCodes } from '../../server/db/schema';
import { mailsTo, otpOf, waitForMail } from '../e2e/fixtures/outbox';

export const PASSWORD = 'Vientiane2026';
export const ID_CARD_PNG = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/id-cards/card-1-small.png'));
export const ID_CARD_DATA_URL = `data:image/png;base64,${ID_CARD_PNG.toString('base64')}`;

const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(0, 10)).join('');

/** A complete, valid register body with unique identifiers (province 1 → its first district → its first village). */
export async function registrationBody(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const district = (await app.inject({ url: '/api/v1/master-data/location/district/1' })).json().data[0].id;
  const village = (await app.inject({ url: `/api/v1/master-data/location/villages/${district}` })).json().data[0].id;
  const email = `person.${digits(8)}@example.la`;
  return {
    email,
    username: email,
    password: PASSWORD,
    phone_number: `85620${digits(8)}`,
    id_card_file: ID_CARD_DATA_URL,
    first_name: 'ສົມໃຈ',
    last_name: 'ພົມມະຈັນ',
    id_card: digits(12),
    date_of_birth: '1990-04-12',
    address: 'ບ້ານ ໂພນສີນວນ',
    house_number: '12',
    province_id: 1,
    district_id: district,
    village_id: village,
    ...overrides,
  };
}

export const post = (
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) => app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });

/** Registers (not yet verified) and returns the body and the code mailed to it. */
export async function registerUnverified(
  app: FastifyInstance,
  dataDir: string,
  overrides: Record<string, unknown> = {},
  remoteAddress?: string,
) {
  const body = await registrationBody(app, overrides);
  const before = mailsTo(dataDir, body.email).length;
  const res = await post(app, '/api/v1/auth/register', body, {}, remoteAddress);
  if (res.statusCode !== 200) throw new Error(`register answered ${res.statusCode}: ${res.body}`);
  const code = otpOf(await waitForMail(dataDir, body.email, before + 1));
  return { body, code };
}

/** Registers and verifies: a citizen who can log in. */
export async function registerVerified(app: FastifyInstance, dataDir: string, overrides: Record<string, unknown> = {}) {
  const { body, code } = await registerUnverified(app, dataDir, overrides);
  const res = await post(app, '/api/v1/auth/verify-otp', { email: body.email, code_otp: code });
  if (res.statusCode !== 200) throw new Error(`verify-otp answered ${res.statusCode}: ${res.body}`);
  return { body, token: res.json().data.access_token as string };
}

/** Another code than this one (for wrong guesses). */
export const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** Moves every throttling event (and code) this many seconds into the past: time passing, without waiting. */
export async function backdateAuthEvents(app: FastifyInstance, seconds: number) {
  await app.db.update(authEvents).set({ createdAt: sql`${authEvents.createdAt} - make_interval(secs => ${seconds})` });
  await app.db.update(otpCodes).set({ createdAt: sql`${otpCodes.createdAt} - make_interval(secs => ${seconds})` });
}
