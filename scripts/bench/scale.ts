/**
 * `npm run bench -- --only scale`: the back office at national volume. Seeds a PostgreSQL database
 * of its own (BENCH_SCALE_ADMIN_URL, default the local server; database rc_bench_scale, dropped
 * after) with 100,000 applications, measures, grows it to 1,000,000 (SCALE_MAX) and measures again:
 * 20 officers at once on a queue page, take-next, a search by ticket, name and ID number, and a
 * detail; then the figures of one district office, one province and the country (this month and
 * the last twelve months), one at a time while the 20 officers keep working. Prints a markdown
 * table for bench/history.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import readline from 'node:readline';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../server/db/client';
import { refreshFigureDays } from '../../server/services/figure-days';
import { seedApplications } from './scale-seed';

const ADMIN_URL = process.env.BENCH_SCALE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = process.env.SCALE_DB ?? 'rc_bench_scale';
const STEPS = [...new Set([Number(process.env.SCALE_FIRST ?? 100_000), Number(process.env.SCALE_MAX ?? 1_000_000)])];
const SECONDS = Number(process.env.SCALE_SECONDS ?? 8);
/** SCALE_KEEP=1 leaves the database in place after the run, to look at its query plans. */
const KEEP = process.env.SCALE_KEEP === '1';
/** SCALE_REUSE=1 measures a database kept by an earlier run again (grown to the sizes not reached yet). */
const REUSE = process.env.SCALE_REUSE === '1';
const CONCURRENCY = 20;

interface Officer {
  token: string;
  id: number;
  office: string;
}
interface Server {
  port: number;
  pid: number;
  officers: Officer[];
  district: number;
  province: number;
  stop(): Promise<void>;
}

const dbUrl = () => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB}`;
  return u.toString();
};

async function admin(sqlText: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

function startServer(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/scale-server.ts'], {
    env: { ...process.env, NODE_ENV: 'test', BENCH_SCALE_URL: dbUrl() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`scale server exited with ${code}`)));
    lines.on('line', (line) => {
      if (!line.startsWith('{"ready"')) return;
      const info = JSON.parse(line) as Omit<Server, 'stop'>;
      resolve({
        ...info,
        pid: child.pid!,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

interface Figure {
  name: string;
  rows: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU per request in ms, of the app's process and of its database's backends (null: not local). */
  cpu: { app: number; db: number } | null;
}

/**
 * CPU spent so far (ms) by the app's process and by the database's server processes serving it, from
 * /proc: what a request costs whatever else the machine runs, where its latency on a shared machine
 * also counts the others' work. Null when the database is not on this machine.
 */
async function cpuSpent(s: Server): Promise<{ app: number; db: number } | null> {
  const ms = (pid: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    } catch {
      return null;
    }
  };
  const app = ms(s.pid);
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [DB],
    );
    const db = rows.map((r) => ms(r.pid));
    if (app === null || db.some((v) => v === null)) return null;
    return { app, db: (db as number[]).reduce((a, b) => a + b, 0) };
  } finally {
    await c.end();
  }
}
/** Linux's clock ticks per second for /proc's CPU times (USER_HZ: 100 on every architecture it runs on). */
const CLOCK_TICKS = 100;

/**
 * One officer's request, as a browser sends it (compression accepted, the connection kept). The
 * answer's bytes are read and not decompressed: the officer's own machine does that, and a load
 * generator that inflates every answer on the server's two cores measures itself (Node's fetch
 * cost 2–3.5 ms of CPU a request here, a fifth of the app's and the database's together).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + 1 });
function send(
  port: number,
  path: string,
  token: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api${path}`,
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'accept-encoding': 'br, gzip',
          ...(method === 'POST' ? { 'content-type': 'application/json', 'content-length': 2 } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** `CONCURRENCY` officers, each sending its next request as soon as the last answered, for `seconds`. */
async function load(
  s: Server,
  name: string,
  rows: number,
  next: (officer: Officer, i: number) => { path: string; method?: 'GET' | 'POST' },
  seconds = SECONDS,
  officers = s.officers,
): Promise<Figure> {
  const times: number[] = [];
  let errors = 0;
  let i = 0;
  const before = await cpuSpent(s);
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      const officer = officers[w % officers.length];
      while (performance.now() < until) {
        const req = next(officer, i++);
        const t0 = performance.now();
        const res = await send(s.port, req.path, officer.token, req.method);
        times.push(performance.now() - t0);
        // 404 queue_empty of take-next is an answer, not an error (errors are short: never compressed).
        if (res.status >= 400 && res.status !== 404 && errors++ === 0)
          process.stderr.write(`    ${name}: ${res.status} ${res.body.toString('utf8', 0, 300)}\n`);
      }
    }),
  );
  const after = await cpuSpent(s);
  times.sort((a, b) => a - b);
  // A backend that closed meanwhile took its CPU with it: the database's share is then a floor.
  const cpu =
    before && after
      ? { app: (after.app - before.app) / times.length, db: Math.max(0, after.db - before.db) / times.length }
      : null;
  return {
    name,
    rows,
    requests: times.length,
    errors,
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    cpu,
  };
}

/** One request at a time, `n` times, while the officers keep working in the background. */
async function oneByOne(s: Server, name: string, rows: number, path: string, officer: Officer, n = 5): Promise<Figure> {
  let stop = false;
  const background = (async () => {
    while (!stop) await load(s, 'background', rows, (_o, i) => officerWork(i, rows), 1, s.officers.slice(1));
  })();
  const times: number[] = [];
  let errors = 0;
  for (let k = 0; k < n; k++) {
    const t0 = performance.now();
    const res = await send(s.port, path, officer.token);
    times.push(performance.now() - t0);
    if (res.status >= 400) errors++;
  }
  stop = true;
  await background;
  times.sort((a, b) => a - b);
  return { name, rows, requests: n, errors, p50: pct(times, 50), p95: times.at(-1)!, p99: times.at(-1)!, cpu: null };
}

/** The officers' ordinary mix: their queue, a search, a detail. */
function officerWork(i: number, rows: number) {
  const id = 1 + ((i * 7919) % rows);
  const kind = i % 3;
  if (kind === 0) return { path: '/v1/officer/tasks/review' };
  if (kind === 1) return { path: `/v1/officer/applications?q=RC0000${id}` };
  return { path: `/v1/officer/applications/${id}` };
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(new Date());
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function measure(s: Server, rows: number): Promise<Figure[]> {
  const out: Figure[] = [];
  const national = s.officers.filter((o) => o.office === 'national');
  const names = ['Phommachanh', 'Somchai Keomany', 'Vilayvanh', 'Sisouphanh'];
  process.stderr.write(`  queue page…\n`);
  out.push(
    await load(s, 'queue page (review, 20 per page)', rows, (_o, i) => ({
      path: `/v1/officer/tasks/review?page=${1 + (i % 3)}`,
    })),
  );
  process.stderr.write(`  search…\n`);
  out.push(
    await load(s, 'search by ticket', rows, (_o, i) => ({
      path: `/v1/officer/applications?q=RC0000${1 + ((i * 7919) % rows)}`,
    })),
  );
  out.push(
    await load(s, 'search by name', rows, (_o, i) => ({
      path: `/v1/officer/applications?q=${encodeURIComponent(names[i % names.length])}`,
    })),
  );
  out.push(
    await load(s, 'search by ID number', rows, (_o, i) => ({
      path: `/v1/officer/applications?q=${String(100000000000 + 1 + ((i * 104729) % rows)).padStart(12, '0')}`,
    })),
  );
  process.stderr.write(`  detail…\n`);
  out.push(
    await load(
      s,
      'detail',
      rows,
      (_o, i) => ({ path: `/v1/officer/applications/${1 + ((i * 7919) % rows)}` }),
      SECONDS,
      national,
    ),
  );
  process.stderr.write(`  take-next…\n`);
  out.push(
    await load(
      s,
      'take-next (review)',
      rows,
      () => ({ path: '/v1/officer/tasks/review/next', method: 'POST' }),
      SECONDS / 2,
      national,
    ),
  );
  process.stderr.write(`  figures…\n`);
  const t = today();
  const month = `from=${t.slice(0, 7)}-01&to=${t}`;
  const year = `from=${shift(t, -364)}&to=${t}`;
  const lead = national[0];
  out.push(
    await oneByOne(
      s,
      'figures, one district office, this month',
      rows,
      `/v1/officer/figures?scope=district:${s.district}&${month}`,
      lead,
    ),
  );
  out.push(
    await oneByOne(
      s,
      'figures, one province, this month',
      rows,
      `/v1/officer/figures?scope=province:${s.province}&${month}`,
      lead,
    ),
  );
  out.push(
    await oneByOne(s, 'figures, the country, this month', rows, `/v1/officer/figures?scope=country&${month}`, lead),
  );
  out.push(
    await oneByOne(s, 'figures, the country, twelve months', rows, `/v1/officer/figures?scope=country&${year}`, lead),
  );
  return out;
}

async function main() {
  const started = Date.now();
  const loadBefore = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  if (!REUSE) {
    await admin(`drop database if exists ${DB} with (force)`);
    await admin(`create database ${DB}`);
  }
  let server: Server | undefined;
  const figures: Figure[] = [];
  const seedSeconds: number[] = [];
  const rollupSeconds: number[] = [];
  try {
    server = await startServer();
    const client = new pg.Client({ connectionString: dbUrl() });
    await client.connect();
    let rows = REUSE ? Number((await client.query('select count(*) as n from applications')).rows[0].n) : 0;
    for (const target of STEPS) {
      process.stderr.write(`Seeding to ${target.toLocaleString('en')} applications…\n`);
      const t0 = performance.now();
      const seeded = rows < target;
      while (rows < target) {
        const batch = Math.min(100_000, target - rows);
        await seedApplications(
          client,
          batch,
          server.officers.map((o) => o.id),
        );
        rows += batch;
        process.stderr.write(`  ${rows.toLocaleString('en')}\n`);
      }
      seedSeconds.push((performance.now() - t0) / 1000);
      // The seed writes by SQL like an import: the figures' rollup counts the days it marked, as
      // the scheduled jobs would before anyone opens the figures (a database kept by an earlier
      // run and not grown was counted then).
      if (seeded) {
        process.stderr.write(`Counting the figures' rollup…\n`);
        const t1 = performance.now();
        await refreshFigureDays(drizzle(client) as unknown as Db);
        rollupSeconds.push((performance.now() - t1) / 1000);
        await client.query('analyze');
      }
      process.stderr.write(`Measuring at ${rows.toLocaleString('en')}…\n`);
      figures.push(...(await measure(server, rows)));
    }
    await client.end();
  } finally {
    agent.destroy();
    await server?.stop();
    if (!KEEP) await admin(`drop database if exists ${DB} with (force)`);
  }
  const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '—');
  const lines = [
    `## National scale (${new Date(started).toISOString().slice(0, 10)})`,
    '',
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, PostgreSQL (local), Node ${process.version}; load average before ${loadBefore}, after ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' / ',
      )}. Seeding: ${seedSeconds.map((s) => `${Math.round(s)} s`).join(', then ')}; counting the figures' rollup after it: ${rollupSeconds.map((s) => `${Math.round(s)} s`).join(', then ') || 'none (a kept database, counted when it was seeded)'}.`,
    '',
    `| scenario | applications | requests | p50 | p95 | p99 | errors | CPU per request: app + database |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|`,
    ...figures.map(
      (f) =>
        `| ${f.name} | ${f.rows.toLocaleString('en')} | ${f.requests} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${f.errors} | ${f.cpu ? `${f.cpu.app.toFixed(1)} + ${f.cpu.db.toFixed(1)} ms` : '—'} |`,
    ),
    '',
    `Officer scenarios: ${CONCURRENCY} officers at once for ${SECONDS} s each (take-next ${SECONDS / 2} s). Figures: five requests one after another while the other officers keep working (p95 and p99 are the slowest of the five). CPU per request: of the app's process and of the database's backends, from /proc, over the scenario's requests — what a request costs whatever else the machine runs.`,
  ];
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
