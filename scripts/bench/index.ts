/**
 * npm run bench — figures, not a pass/fail test. Writes bench/report.md and bench/report.json.
 *
 * Needs a build (npm run build). In order: the JavaScript each first screen downloads (as
 * `npm run budget` counts it); Lighthouse (mobile preset, median of 3) for the public screens and
 * the signed-in home; the first screen offline from the service worker; the API under autocannon at
 * 50 connections on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local test server;
 * skipped if unreachable), each next to a bare Fastify route serving the same bytes in the same run;
 * the server's peak memory while 20 citizens send their documents at once, by resumable upload and
 * as base64 in JSON (scripts/bench/upload-memory.ts); OCR worker start and recognition of a
 * generated ID card in Chromium; certificate PDF time and size; the weak-link submission
 * (scripts/bench/weak-link.ts: bytes the phone sent and seconds, next to the base64 path).
 * `--only weak-link` and `--only uploads` run those parts alone; `--only officer-day` drives the
 * review keys in Chromium (scripts/bench/officer-day.ts: keys, seconds and the next case's
 * appearance per decision; `--no-reading` skips paging through the documents). The machine may be shared: the load
 * average before and after is written beside the figures.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { measureBudget } from '../bundle-budget';
import { apiLoad, type LoadFigure } from './api-load';
import { serveBareApp } from './bare-app';
import { lighthouseRuns, ocrTiming, offlineFirstScreen, type LighthouseFigure } from './browser';
import { officerDay, officerDayTable } from './officer-day';
import { startServer } from './server-process';
import { startAndMemory, startTable, type StartFigure } from './start-memory';
import { uploadMemory, uploadMemoryTable, type UploadMemoryFigure } from './upload-memory';
import { weakLink, weakLinkTable, type WeakLinkFigure } from './weak-link';

const LIGHTHOUSE = ['/', '/login', '/register', '/forgot-password', '/verify/BENCH-CODE', '/home'];
/** The screens of the bare stack (scripts/bench/bare-app), measured in the same run as the app's. */
const BARE = ['/', '/login'];
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const kb = (n: number) => `${n.toFixed(1)} KB`;
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '—');
const version = (cmd: string, args: string[]) => {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

async function pgReachable(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function pdfTiming(base: string, id: number, headers: Record<string, string>) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/citizen/resident-certificate/${id}/download-2`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`certificate: ${res.status}`);
    times.push(performance.now() - t0);
    size = body.length;
  }
  return { medianMs: times.sort((a, b) => a - b)[5], sizeKb: size / 1024 };
}

/**
 * `--only lighthouse` runs Lighthouse alone (no API, OCR or PDF figures) and prints its table
 * without touching bench/report.*; `--paths /login,/register` narrows the screens, and
 * `--lhr-dir DIR` keeps each run's full Lighthouse JSON there (LCP element, request chains…), and
 * `--beside DIR` also serves another build's web app (a copy of an earlier dist/) and measures its
 * screens in the same runs, as "beside", so a change is read against the build before it on the
 * same machine at the same moment.
 * `--only api` runs the API load on both databases alone and prints its tables the same way.
 */
function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function lighthouseOnly(paths: string[], lhrDir: string | undefined) {
  const server = await startServer();
  const besideDir = option('beside');
  const beside = besideDir ? await startServer(undefined, { WEB_DIST_DIR: path.resolve(besideDir) }) : undefined;
  try {
    const figures = await lighthouseBesideBare(server, paths, lhrDir, beside);
    console.log(lighthouseTable(figures).join('\n'));
  } finally {
    await beside?.stop();
    await server.stop();
  }
}

/** The app's screens and the bare stack's, in one Lighthouse run (`--no-bare` leaves the bare stack out). */
async function lighthouseBesideBare(
  server: { appPort: number; token: string },
  paths: string[],
  lhrDir: string | undefined,
  beside?: { appPort: number; token: string },
): Promise<LighthouseFigure[]> {
  const bare = process.argv.includes('--no-bare') ? undefined : await serveBareApp();
  try {
    const appBase = `http://127.0.0.1:${server.appPort}`;
    const besideBase = beside && `http://127.0.0.1:${beside.appPort}`;
    return await lighthouseRuns(
      [
        ...(bare ? BARE.map((p) => ({ app: 'bare stack', base: bare.base, path: p })) : []),
        ...(besideBase
          ? paths.map((p) => ({
              app: 'beside',
              base: besideBase,
              path: p,
              session: { token: beside.token, expiresAt: Date.now() + 55 * 60_000 },
            }))
          : []),
        ...paths.map((p) => ({ app: 'app', base: appBase, path: p })),
      ],
      { token: server.token, expiresAt: Date.now() + 55 * 60_000 },
      3,
      lhrDir,
    );
  } finally {
    await bare?.stop();
  }
}

async function apiOnly() {
  const api: Report['api'] = [];
  const pglite = await startServer();
  try {
    api.push({ database: 'PGlite', figures: await apiLoad(pglite) });
  } finally {
    await pglite.stop();
  }
  if (await pgReachable(PG_URL)) {
    const pg = await startServer(PG_URL);
    try {
      api.push({ database: 'PostgreSQL', figures: await apiLoad(pg) });
    } finally {
      await pg.stop();
    }
  }
  console.log(apiTables(api).join('\n'));
}

/** `npm start` on the built tree: on PGlite, and on PostgreSQL when it is reachable. */
async function startAndMemoryOnBoth(): Promise<StartFigure[]> {
  const port = Number(process.env.BENCH_PORT ?? 3900) + 60;
  return startAndMemory(port, (await pgReachable(PG_URL)) ? PG_URL : undefined);
}

/** The upload memory runs on PGlite, and on PostgreSQL when it is reachable. */
async function uploadsOnBoth(): Promise<UploadMemoryFigure[]> {
  process.stderr.write('Upload memory on PGlite…\n');
  const figures = await uploadMemory();
  if (await pgReachable(PG_URL)) {
    process.stderr.write('Upload memory on PostgreSQL…\n');
    figures.push(...(await uploadMemory(PG_URL)));
  }
  return figures;
}

async function main() {
  const only = option('only');
  const paths = option('paths')?.split(',') ?? LIGHTHOUSE;
  const lhrDir = option('lhr-dir');
  const choices = ['lighthouse', 'api', 'uploads', 'weak-link', 'memory', 'officer-day', 'scale'];
  if (only && !choices.includes(only)) throw new Error(`--only ${only}: one of ${choices.join(', ')}`);
  // The national-scale run seeds a million applications: asked for by name, never part of the whole run.
  if (only === 'scale') return void (await import('./scale'));
  if (only === 'officer-day') {
    const reading = !process.argv.includes('--no-reading');
    return console.log(officerDayTable(await officerDay(reading)).join('\n'));
  }
  if (only === 'memory') return console.log(startTable(await startAndMemoryOnBoth()).join('\n'));
  if (only === 'lighthouse') return lighthouseOnly(paths, lhrDir);
  if (only === 'api') return apiOnly();
  if (only === 'uploads') return console.log(uploadMemoryTable(await uploadsOnBoth()).join('\n'));
  if (only === 'weak-link') {
    const figure = weakLink(Number(process.env.BENCH_PORT ?? 3900) + 50);
    return console.log(figure ? weakLinkTable(figure).join('\n') : 'the weak-link run failed');
  }
  const started = new Date();
  const loadBefore = load();
  const machine = {
    date: started.toISOString(),
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
    memoryGb: (os.totalmem() / 1024 ** 3).toFixed(1),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium: version(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version']),
    lighthouse: JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')).version,
    commit: version('git', ['rev-parse', '--short', 'HEAD']),
    loadBefore,
  };
  process.stderr.write('JavaScript of each first screen…\n');
  const budget = await measureBudget();

  process.stderr.write('PGlite server…\n');
  const pglite = await startServer();
  const base = `http://127.0.0.1:${pglite.appPort}`;
  let lighthouse: LighthouseFigure[];
  let offline: { path: string; fcp: number; lcp: number }[];
  let ocr: Awaited<ReturnType<typeof ocrTiming>> | undefined;
  let pdf: Awaited<ReturnType<typeof pdfTiming>> | undefined;
  const api: { database: string; figures: LoadFigure[] }[] = [];
  try {
    process.stderr.write('Lighthouse…\n');
    lighthouse = await lighthouseBesideBare(pglite, paths, lhrDir);
    process.stderr.write('Offline first screen…\n');
    offline = await offlineFirstScreen(base, ['/', '/login', '/home']);
    process.stderr.write('OCR…\n');
    ocr = await ocrTiming(base, 'tests/fixtures/id-cards/card-1-clean.png');
    pdf = await pdfTiming(base, pglite.certificate.id, pglite.certificate.headers);
    process.stderr.write('API on PGlite…\n');
    api.push({ database: 'PGlite', figures: await apiLoad(pglite) });
  } finally {
    await pglite.stop();
  }
  if (await pgReachable(PG_URL)) {
    process.stderr.write('API on PostgreSQL…\n');
    const pg = await startServer(PG_URL);
    try {
      api.push({ database: 'PostgreSQL', figures: await apiLoad(pg) });
    } finally {
      await pg.stop();
    }
  }
  const uploads = await uploadsOnBoth();
  process.stderr.write('Start time and memory…\n');
  const start = await startAndMemoryOnBoth();
  process.stderr.write('Weak-link submission…\n');
  const link = weakLink(Number(process.env.BENCH_PORT ?? 3900) + 50);
  const loadAfter = load();

  const report = {
    machine: { ...machine, loadAfter },
    javascript: budget,
    lighthouse,
    offline,
    api,
    uploads,
    start,
    weakLink: link,
    ocr,
    pdf,
  };
  fs.mkdirSync('bench', { recursive: true });
  fs.writeFileSync(path.join('bench', 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join('bench', 'report.md'), markdown(report));
  console.log(markdown(report));
}

type Report = {
  machine: Record<string, string>;
  javascript: Awaited<ReturnType<typeof measureBudget>>;
  lighthouse: LighthouseFigure[];
  offline: { path: string; fcp: number; lcp: number }[];
  api: { database: string; figures: LoadFigure[] }[];
  uploads: UploadMemoryFigure[];
  start: StartFigure[];
  weakLink?: WeakLinkFigure | null;
  ocr?: { workerStartMs: number; recognitionMs: number; textLength: number };
  pdf?: { medianMs: number; sizeKb: number };
};

function apiTables(api: Report['api']): string[] {
  const lines: string[] = [];
  for (const a of api) {
    const floor = a.figures[0];
    lines.push(
      '',
      `## API on ${a.database} (autocannon, ${floor.connections} connections, ${Math.round(floor.seconds)} s each after a 1 s warm-up; NODE_ENV=test)`,
      '',
      '| scenario | req/s (2xx) | share of the bare route | p50 | p99 | non-2xx |',
      '|---|---:|---:|---:|---:|---:|',
    );
    for (const f of a.figures)
      lines.push(
        `| ${f.name}${f.connections !== 50 ? ` (${f.connections} connections)` : ''} | ${Math.round(f.rps)} | ${f === floor ? 'floor' : `${((f.rps / floor.rps) * 100).toFixed(0)} %`} | ${f.p50} ms | ${f.p99} ms | ${f.non2xx + f.errors} |`,
      );
    if (a.database === 'PGlite')
      lines.push(
        '',
        "With PGlite a citizen's history and detail answers are kept in memory until their applications or documents change (docs/architecture.md#the-servers-hot-path): the first read after a change costs the queries, as on PostgreSQL.",
      );
  }
  return lines;
}

function lighthouseTable(figures: LighthouseFigure[]): string[] {
  const lines = [
    '## Lighthouse (mobile preset: simulated slow 4G, 4× CPU slowdown), median of 3',
    '',
    '| screen | performance | accessibility | best practices | FCP | LCP | TBT | CLS |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const l of figures)
    lines.push(
      `| ${l.app === 'app' ? '' : `${l.app} `}\`${l.path}\` | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${ms(l.fcp)} | ${ms(l.lcp)} | ${ms(l.tbt)} | ${Number.isFinite(l.cls) ? l.cls.toFixed(3) : '—'} |`,
    );
  return lines;
}

function markdown(r: Report): string {
  const m = r.machine;
  const lines: string[] = [];
  lines.push(
    '# Benchmark report',
    '',
    `Generated by \`npm run bench\` on ${m.date} (commit ${m.commit}). Figures, not a pass/fail test.`,
    '',
  );
  lines.push(
    '| machine | |',
    '|---|---|',
    `| CPU | ${m.cpus} |`,
    `| memory | ${m.memoryGb} GB |`,
    `| system | ${m.os} |`,
    `| Node.js | ${m.node} |`,
    `| browser | ${m.chromium} |`,
    `| Lighthouse | ${m.lighthouse} |`,
    `| load average (1 / 5 / 15 min) before · after | ${m.loadBefore} · ${m.loadAfter} |`,
    '',
  );
  lines.push(
    '## JavaScript of a first visit',
    '',
    'Service worker off, empty cache, every script fetched until the network is idle, gzip (as `npm run budget` counts and enforces).',
    '',
    '| screen | English | Lao | budget |',
    '|---|---:|---:|---:|',
  );
  const paths = [...new Set(r.javascript.screens.map((s) => s.path))];
  for (const p of paths) {
    const en = r.javascript.screens.find((s) => s.path === p && s.language === 'en')!;
    const lo = r.javascript.screens.find((s) => s.path === p && s.language === 'lo')!;
    lines.push(`| \`${p}\`${p === '/home' ? ' (signed in)' : ''} | ${kb(en.kb)} | ${kb(lo.kb)} | ${en.budgetKb} KB |`);
  }
  lines.push(
    '',
    `/faq, /term-conditions and /customer-services are signed-in screens (as the specification groups them): a visitor gets the app shell and is sent to /login.`,
    '',
  );
  lines.push(...lighthouseTable(r.lighthouse));
  lines.push(
    '',
    '## First screen offline (answered by the service worker), median of 3',
    '',
    '| screen | first paint | largest paint |',
    '|---|---:|---:|',
  );
  for (const o of r.offline) lines.push(`| \`${o.path}\` | ${ms(o.fcp)} | ${ms(o.lcp)} |`);
  lines.push(...apiTables(r.api));
  if (r.uploads?.length) lines.push(...uploadMemoryTable(r.uploads));
  if (r.start?.length) lines.push(...startTable(r.start));
  if (r.weakLink) lines.push(...weakLinkTable(r.weakLink));
  lines.push('', '## Device work', '');
  if (r.ocr)
    lines.push(
      `- OCR in Chromium (tesseract.js, Lao + English, the app's own engine and data): worker start ${ms(r.ocr.workerStartMs)} (first use: engine and 6.6 MB of language data from the server), recognition of a generated card ${ms(r.ocr.recognitionMs)}.`,
    );
  if (r.pdf)
    lines.push(
      `- Certificate PDF (pdfkit, bilingual A4 with QR code), over HTTP: ${ms(r.pdf.medianMs)} median of 10, ${r.pdf.sizeKb.toFixed(0)} KB.`,
    );
  lines.push('');
  return lines.join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
