import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

export interface ServerInfo {
  database: string;
  appPort: number;
  barePort: number;
  provinceBytes: number;
  token: string;
  email: string;
  password: string;
  ids: number[];
  bigDistrict: number;
  certificate: { id: number; headers: Record<string, string> };
  /** Tokens of BENCH_CITIZENS more signed-in citizens (none unless asked for). */
  citizens: string[];
  /** A valid create-new body without its documents. */
  form: Record<string, unknown>;
  pid: number;
  stop(): Promise<void>;
}

/** Starts scripts/bench/app-server.ts in its own process and waits for its JSON line. */
export async function startServer(databaseUrl?: string, env: Record<string, string> = {}): Promise<ServerInfo> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/app-server.ts'], {
    env: { ...process.env, NODE_ENV: 'test', ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const info = await new Promise<Omit<ServerInfo, 'stop' | 'pid'>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"ready"')) resolve(JSON.parse(line));
    });
  });
  return {
    ...info,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
