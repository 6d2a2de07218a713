import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { scratchDatabase } from './scratch-database';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** The scratch PostgreSQL database, when TEST_DATABASE_URL is set. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * The real app on a real database: a copy of the seeded PGlite template, or — when
 * TEST_DATABASE_URL is set — a fresh PostgreSQL database created for this file and dropped after.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (adminUrl) {
    const scratch = await scratchDatabase(adminUrl, 'rc_test', inject('templateDatabase') || undefined);
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  } else {
    fs.cpSync(inject('templateDataDir'), dataDir, { recursive: true });
    fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_BASE_URL: 'http://app.test',
    JOBS_INTERVAL_SECONDS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp(config, opts);
  await app.ready();
  return {
    app,
    dataDir,
    databaseUrl,
    async close() {
      await app.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second server instance on the first one's PostgreSQL database (its own DATA_DIR, as on another
 * machine): for the guarantees that must hold across instances. PostgreSQL only.
 */
export async function startSecondInstance(first: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  if (!first.databaseUrl) throw new Error('A second instance needs TEST_DATABASE_URL');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_BASE_URL: 'http://app.test',
    DATABASE_URL: first.databaseUrl,
    ...env,
  });
  const app = await buildApp(config);
  await app.ready();
  return {
    app,
    dataDir,
    databaseUrl: first.databaseUrl,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
