import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The server started from any folder, as `node --import tsx server/server.ts` from the checkout. */
export const serverArgs = [
  '--import',
  pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href,
  path.join(root, 'server/server.ts'),
];

/** A real server process (`server/server.ts`) on a free local port, as an operator starts it. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Starts the server with `env` on top of the test's environment and waits for /api/health. */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { cwd?: string; stdout?: 'ignore' | 'pipe' } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs, {
    cwd: opts.cwd,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', opts.stdout ?? 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const done = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await done;
  };
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url, stop };
    } catch {
      /* not yet */
    }
    if (Date.now() > until) {
      await stop();
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
