/**
 * The national-scale benchmark's server process (scripts/bench/scale.ts): the real app on the
 * benchmark's PostgreSQL database (BENCH_SCALE_URL), with 20 officers signed in — national
 * reviewers who take the next case, and officers of the largest district and province offices.
 * Prints one JSON line and serves until SIGTERM; its own process, so the load generator does not
 * share its event loop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { districts } from '../../server/db/schema';
import { createAccount } from '../../tests/api/fixtures';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-scale-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  APP_BASE_URL: 'http://127.0.0.1',
  DATABASE_URL: process.env.BENCH_SCALE_URL!,
  // NODE_ENV=test lifts the per-address ceiling: twenty officers behind one address here.
  JOBS_INTERVAL_SECONDS: '0',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
});
// Served as in production otherwise: the test suites' check of every answer against its schema
// (stringified, parsed again and validated: a third of a detail's time) is theirs alone.
const app = await buildApp(
  { ...config, isTest: false },
  // Errors only, to the terminal: a failing request must say why.
  { logStream: process.stderr },
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });

// The offices the officers serve: the districts and provinces with the most villages (the busiest).
const big = await app.db
  .select({ id: districts.id, provinceId: districts.provinceId })
  .from(districts)
  .orderBy(desc(sql`(select count(*) from villages v where v.district_id = ${districts.id})`))
  .limit(8);
const officers: { token: string; id: number; office: string }[] = [];
const add = async (role: 'reviewer' | 'admin', office: Parameters<typeof createAccount>[1], name: string) => {
  const o = await createAccount(app, { role: 'officer', officerRole: role, ...office });
  officers.push({ token: o.token, id: o.user.id, office: name });
};
for (let i = 0; i < 8; i++) await add('reviewer', { officeLevel: 'national' }, 'national');
for (const d of big)
  await add(
    'reviewer',
    { officeLevel: 'district', officeProvinceId: d.provinceId, officeDistrictId: d.id },
    `district:${d.id}`,
  );
for (const d of big.slice(0, 4))
  await add('admin', { officeLevel: 'province', officeProvinceId: d.provinceId }, `province:${d.provinceId}`);

console.log(
  JSON.stringify({
    ready: true,
    port: (app.server.address() as { port: number }).port,
    officers,
    district: big[0].id,
    province: big[0].provinceId,
  }),
);

const stop = async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
