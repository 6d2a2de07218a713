import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a real database: a copy of the seeded PGlite template, or — when
 * TEST_DATABASE_URL is set — a fresh PostgreSQL database created for this file and dropped after.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (adminUrl) {
    const { default: pg } = await import('pg');
    const name = `rc_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    fs.cpSync(inject('templateDataDir'), dataDir, { recursive: true });
    fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
  }
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_BASE_URL: 'http://app.test', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env });
  const app = await buildApp(config);
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
