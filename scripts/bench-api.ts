/**
 * npm run bench — a bounded load measurement of the API, not a pass/fail test.
 *
 * Builds the real app in this process the way the API tests do (buildApp on a fresh PGlite DATA_DIR,
 * or on a fresh PostgreSQL database when DATABASE_URL is set), listens on 127.0.0.1:<random port>
 * and drives it over real HTTP with Node's fetch. Each scenario sends a fixed number of requests
 * at a fixed concurrency; the figures are printed as a table. NODE_ENV=test relaxes the global
 * per-IP rate limit (600/min → 100,000/min) so it does not turn the measurement into 429s.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, desc, eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { districts, villages } from '../server/db/schema';
import { createAccount, TEST_PASSWORD } from '../tests/api/fixtures';
import { applicationBody } from '../tests/api/application-fixtures';
import { scratchDatabase } from '../tests/api/scratch-database';

interface Result {
  name: string;
  requests: number;
  concurrency: number;
  seconds: number;
  latencies: number[];
  non2xx: number;
  statuses: Map<number | string, number>;
}

/** Sends `total` requests, at most `concurrency` in flight; each worker takes the next index until none is left. */
async function run(name: string, total: number, concurrency: number, send: (i: number) => Promise<Response>): Promise<Result> {
  const latencies: number[] = [];
  const statuses = new Map<number | string, number>();
  let next = 0;
  let non2xx = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const started = performance.now();
      let status: number | string;
      try {
        const res = await send(i);
        await res.arrayBuffer(); // the whole body, decompressed, is part of the request
        status = res.status;
      } catch (err) {
        status = (err as Error).name;
      }
      latencies.push(performance.now() - started);
      if (typeof status !== 'number' || status < 200 || status > 299) non2xx++;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { name, requests: total, concurrency, seconds, latencies, non2xx, statuses };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function printTable(results: Result[]) {
  const head = ['scenario', 'requests', 'conc', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'non-2xx'];
  const rows = results.map((r) => {
    const s = [...r.latencies].sort((a, b) => a - b);
    return [r.name, String(r.requests), String(r.concurrency), (r.requests / r.seconds).toFixed(1),
      ...[50, 95, 99].map((p) => percentile(s, p).toFixed(1)), s[s.length - 1].toFixed(1), String(r.non2xx)];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((row) => console.log(line(row)));
  for (const r of results) {
    if (r.non2xx) console.log(`  ${r.name}: statuses ${[...r.statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-'));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const scratch = await scratchDatabase(adminUrl, 'rc_bench');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }

  const setupStarted = performance.now();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_BASE_URL: 'http://app.test', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const app = await buildApp(config);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const base = `http://127.0.0.1:${address.port}/api`;
    const RC = `${base}/v1/citizen/resident-certificate`;

    // Fixtures, written in-process like the API tests: a citizen with 10 applications, one who applies.
    const [bigDistrict] = await app.db.select({ id: districts.id, villages: count(villages.id) }).from(districts)
      .innerJoin(villages, eq(villages.districtId, districts.id)).groupBy(districts.id).orderBy(desc(count(villages.id))).limit(1);
    const reader = await createAccount(app);
    const body = await applicationBody(app);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/citizen/resident-certificate/create-new', headers: reader.headers, payload: body });
      if (res.statusCode !== 201) throw new Error(`fixture application: ${res.statusCode} ${res.body}`);
      ids.push(res.json().data.id);
    }
    const applicant = await createAccount(app);
    const payload = JSON.stringify(body);
    const json = { 'content-type': 'application/json' };

    console.log(`API benchmark on ${databaseUrl ? 'PostgreSQL (fresh database, dropped after)' : 'PGlite (fresh temp DATA_DIR)'}, ${os.cpus().length} CPUs, Node ${process.version}`);
    console.log(`Set-up (migrate, seed, fixtures) ${((performance.now() - setupStarted) / 1000).toFixed(1)} s. Rate limits relaxed: NODE_ENV=test raises the global per-IP limit to 100,000/min.`);
    console.log('Each GET scenario is preceded by 100 uncounted warm-up requests; the load client runs in the server\'s process and shares its CPU.');
    console.log(`Largest district: id ${bigDistrict.id} with ${bigDistrict.villages} villages. Create-new body: ${(payload.length / 1024).toFixed(0)} KB of JSON (300x400 PNG + two PDFs).\n`);

    const results: Result[] = [];
    /** GETs first get 100 uncounted requests, so the table shows a warm server (JIT, caches, connections). */
    const scenario = async (name: string, total: number, concurrency: number, send: (i: number) => Promise<Response>, warmup = 0) => {
      if (warmup) await run(name, warmup, concurrency, send);
      const r = await run(name, total, concurrency, send);
      results.push(r);
      process.stderr.write(`  done: ${r.name} (${r.seconds.toFixed(1)} s)\n`);
    };
    await scenario('GET provinces', 2000, 50, () => fetch(`${base}/v1/master-data/location/provinces`), 100);
    await scenario(`GET villages/${bigDistrict.id}`, 2000, 50, () => fetch(`${base}/v1/master-data/location/villages/${bigDistrict.id}`), 100);
    await scenario('GET history (10 apps)', 1000, 20, () => fetch(`${RC}/history`, { headers: reader.headers }), 100);
    await scenario('GET application detail', 1000, 20, (i) => fetch(`${RC}/${ids[i % ids.length]}`, { headers: reader.headers }), 100);
    await scenario('POST create-new (3 docs)', 100, 5, () => fetch(`${RC}/create-new`, {
      method: 'POST', headers: { ...applicant.headers, ...json, 'idempotency-key': crypto.randomUUID() }, body: payload,
    }));
    await scenario('POST auth/login (argon2)', 50, 5, () => fetch(`${base}/v1/auth/login`, {
      method: 'POST', headers: json, body: JSON.stringify({ username: reader.user.email, password: TEST_PASSWORD }),
    }));

    printTable(results);
    const mem = process.memoryUsage();
    console.log(`\nProcess memory after the run (server and load client share this process): RSS ${mb(mem.rss)} MB, heap used ${mb(mem.heapUsed)} MB of ${mb(mem.heapTotal)} MB.`);
    console.log('Figures only: nothing here passes or fails.');
  } finally {
    await app.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
