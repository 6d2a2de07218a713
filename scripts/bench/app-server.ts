/**
 * The benchmark's server process: the real app (PGlite in a scratch DATA_DIR, or a scratch
 * PostgreSQL database when BENCH_DATABASE_URL is set) with the built web app, plus a bare Fastify
 * route that answers the very bytes of the province list — the floor the API is compared with,
 * measured in the same run. Fixtures are written in-process like the API tests. Prints one JSON
 * line (ports, tokens, ids) and serves until it is sent SIGTERM. Run by scripts/bench/index.ts,
 * in its own process so the load generator does not share its event loop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { count, desc, eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { districts, villages } from '../../server/db/schema';
import { applicationBody } from '../../tests/api/application-fixtures';
import { issuedApplication } from '../../tests/api/certificate-fixtures';
import { createAccount, TEST_PASSWORD } from '../../tests/api/fixtures';
import { scratchDatabase } from '../../tests/api/scratch-database';
import { MAX_LIVE_APPLICATIONS } from '../../server/services/storage-room';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-'));
const adminUrl = process.env.BENCH_DATABASE_URL;
const scratch = adminUrl ? await scratchDatabase(adminUrl, 'rc_bench') : undefined;
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_BASE_URL: 'http://127.0.0.1',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  }),
);
// BENCH_PORT pins the app's port on a machine where ports are shared out; otherwise any free one.
await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });

const reader = await createAccount(app);
const body = await applicationBody(app);
const ids: number[] = [];
// As many as one citizen may have under way at once.
for (let i = 0; i < MAX_LIVE_APPLICATIONS; i++) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/citizen/resident-certificate/create-new',
    headers: reader.headers,
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`fixture application: ${res.statusCode} ${res.body}`);
  ids.push(res.json().data.id);
}
// Citizens for the upload memory run (scripts/bench/upload-memory.ts), and a form without its documents.
const citizens = [];
for (let i = 0; i < Number(process.env.BENCH_CITIZENS ?? 0); i++) citizens.push((await createAccount(app)).token);
const form: Record<string, unknown> = { ...body };
for (const kind of ['applicant_photo', 'household_registration_book', 'proof_of_residence']) delete form[kind];
const [bigDistrict] = await app.db
  .select({ id: districts.id })
  .from(districts)
  .innerJoin(villages, eq(villages.districtId, districts.id))
  .groupBy(districts.id)
  .orderBy(desc(count(villages.id)))
  .limit(1);
const certificate = await issuedApplication(app);

// The floor: Fastify with nothing registered, answering the same bytes as the province list.
const provinces = await app.inject({
  method: 'GET',
  url: '/api/v1/master-data/location/provinces',
  headers: { 'accept-encoding': 'identity' },
});
const bare = Fastify({ logger: false });
bare.get('/provinces', (_req, reply) => reply.type('application/json; charset=utf-8').send(provinces.body));
await bare.listen({ host: '127.0.0.1', port: 0 });

const port = (server: typeof app.server) => (server.address() as { port: number }).port;
console.log(
  JSON.stringify({
    ready: true,
    database: scratch ? 'PostgreSQL' : 'PGlite',
    appPort: port(app.server),
    barePort: port(bare.server),
    provinceBytes: Buffer.byteLength(provinces.body),
    token: reader.token,
    email: reader.user.email,
    password: TEST_PASSWORD,
    ids,
    bigDistrict: bigDistrict.id,
    certificate: { id: certificate.id, headers: certificate.citizen.headers },
    citizens,
    form,
  }),
);

const stop = async () => {
  await bare.close();
  await app.close();
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
