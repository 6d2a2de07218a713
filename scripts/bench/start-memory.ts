/**
 * How fast `npm start` brings a built tree up and how much memory the server then holds, on the
 * embedded database and on PostgreSQL: the figures a small office's 1 GB server is chosen by.
 * - start: from `npm start` to the first answer of /api/health, on a new data directory (the
 *   embedded database is created) and again on the same one (an ordinary restart);
 * - idle: resident memory of the server process 3 s after it answers;
 * - peak: its high-water mark after 2,000 requests to the public lists (20 at a time).
 * Needs a build (`npm run build`); `npm start` would otherwise build first and the time would say so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface StartFigure {
  database: string;
  run: 'first start' | 'restart';
  startMs: number;
  idleMb: number;
  peakMb: number;
}

/** The server's own process under `npm start` (npm → sh → node dist-server/server.js). */
function serverPid(dataDir: string): number | null {
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist-server/server.js')) continue;
      if (fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`))
        return Number(pid);
    } catch {
      // a process that ended while being read
    }
  }
  return null;
}

const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return line ? Number(line[1]) / 1024 : NaN;
};

async function untilHealthy(base: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
}

async function someTraffic(base: string): Promise<void> {
  const paths = ['/api/v1/master-data/location/provinces', '/', '/login', '/api/health'];
  let next = 0;
  const worker = async () => {
    while (next < 2000) {
      const res = await fetch(`${base}${paths[next++ % paths.length]}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

async function oneStart(port: number, dataDir: string, databaseUrl: string | undefined, run: StartFigure['run']) {
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
  };
  if (!databaseUrl) delete env.DATABASE_URL;
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  try {
    await untilHealthy(base, child);
    const startMs = performance.now() - t0;
    await sleep(3000);
    const pid = serverPid(dataDir);
    if (!pid) throw new Error('the server process was not found');
    const idleMb = statusMb(pid, 'VmRSS');
    await someTraffic(base);
    const peakMb = statusMb(pid, 'VmHWM');
    return { database: databaseUrl ? 'PostgreSQL' : 'PGlite', run, startMs, idleMb, peakMb };
  } finally {
    // The whole group: npm, its shell and the server.
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** A first start and a restart on each database (PostgreSQL when its URL is given). */
export async function startAndMemory(port: number, databaseUrl?: string): Promise<StartFigure[]> {
  const figures: StartFigure[] = [];
  for (const url of databaseUrl ? [undefined, databaseUrl] : [undefined]) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-start-'));
    try {
      figures.push(await oneStart(port, dataDir, url, 'first start'));
      figures.push(await oneStart(port, dataDir, url, 'restart'));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return figures;
}

export function startTable(figures: StartFigure[]): string[] {
  return [
    '',
    '## `npm start` on a built tree (NODE_ENV=production; idle 3 s after the first answer, peak after 2,000 requests)',
    '',
    '| database | run | until /api/health answers | idle resident memory | peak resident memory |',
    '|---|---|---:|---:|---:|',
    ...figures.map(
      (f) =>
        `| ${f.database} | ${f.run} | ${(f.startMs / 1000).toFixed(2)} s | ${Math.round(f.idleMb)} MB | ${Math.round(f.peakMb)} MB |`,
    ),
  ];
}
