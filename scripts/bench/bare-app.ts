/**
 * The bare stack beside the app: scripts/bench/bare-app (React, TanStack Router, Lingui; nothing
 * of ours) built with Vite and served by Fastify with compression, as the app's own files are, so
 * Lighthouse can measure both in the same run and the app's figures read against a floor.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** Builds the bare app and serves it on 127.0.0.1; every path that is not a file answers index.html. */
export async function serveBareApp(): Promise<{ base: string; stop(): Promise<void> }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bare-'));
  await build({
    configFile: false,
    root: path.resolve('scripts/bench/bare-app'),
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const server = Fastify({ logger: false });
  await server.register(compress);
  await server.register(fastifyStatic, { root: outDir });
  server.setNotFoundHandler((_req, reply) => reply.sendFile('index.html'));
  await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    base: `http://127.0.0.1:${(server.server.address() as { port: number }).port}`,
    async stop() {
      await server.close();
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}
