import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { applications } from '../../server/db/schema';
import { seedBanks } from '../../server/db/seed/banks';
import { seedLocationsIfEmpty } from '../../server/db/seed/locations';
import { applicationBody } from './application-fixtures';
import { createAccount, TEST_PASSWORD } from './fixtures';
import { scratchDatabase } from './scratch-database';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * Several instances (issue: hardening), as deployed: two server PROCESSES, each with its own
 * DATA_DIR as on two machines, on one PostgreSQL database, and one citizen's calls sent
 * alternately to both over HTTP. several-instances.test.ts checks the same guarantees, and more,
 * with two app instances in one process. PostgreSQL only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-two-processes-'));
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let email: string;
  let body: Record<string, unknown>;

  beforeAll(async () => {
    scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, 'rc_two_processes');
    const database = await openDatabase({ dataDir: path.join(root, 'setup'), databaseUrl: scratch.url });
    try {
      await seedBanks(database.db);
      await seedLocationsIfEmpty(database.db);
      const fake = { db: database.db } as unknown as FastifyInstance;
      email = (await createAccount(fake)).user.email;
      body = await applicationBody(fake);
    } finally {
      await database.close();
    }
    const shared = {
      DATABASE_URL: scratch.url,
      BANK_CALLBACK_SECRET: 'shared-bank-secret-of-at-least-32-characters',
      HASH_SECRET: 'shared-hash-secret-of-at-least-32-characters',
    };
    [a, b] = await Promise.all([
      startServerProcess({ ...shared, DATA_DIR: path.join(root, 'a') }),
      startServerProcess({ ...shared, DATA_DIR: path.join(root, 'b') }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await scratch?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'sign in on one, read on the other, one Idempotency-Key on both makes one application, sign out on one ends it on both',
    { timeout: 60_000 },
    async () => {
      const json = { 'content-type': 'application/json' };
      const login = await fetch(`${a.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: email, password: TEST_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const auth = { authorization: `Bearer ${(await login.json()).data.access_token}` };

      const profile = await fetch(`${b.url}/api/v1/citizen/user/profile`, { headers: auth });
      expect(profile.status).toBe(200);
      expect((await profile.json()).data.email).toBe(email);

      const create = (server: ServerProcess) =>
        fetch(`${server.url}/api/v1/citizen/resident-certificate/create-new`, {
          method: 'POST',
          headers: { ...json, ...auth, 'idempotency-key': 'two-processes-0001' },
          body: JSON.stringify(body),
        });
      const first = await create(a);
      expect(first.status).toBe(201);
      const id = (await first.json()).data.id;
      const repeated = await create(b);
      expect(repeated.status).toBe(201);
      expect((await repeated.json()).data.id).toBe(id);
      const detail = await fetch(`${b.url}/api/v1/citizen/resident-certificate/${id}/documents/applicant_photo`, {
        headers: auth,
      });
      expect(detail.status).toBe(200);

      const database = await openDatabase({ dataDir: path.join(root, 'setup'), databaseUrl: scratch.url });
      try {
        const [{ userId }] = await database.db
          .select({ userId: applications.userId })
          .from(applications)
          .where(eq(applications.id, id));
        expect(await database.db.select().from(applications).where(eq(applications.userId, userId))).toHaveLength(1);
      } finally {
        await database.close();
      }

      expect((await fetch(`${b.url}/api/v1/auth/logout`, { method: 'POST', headers: auth })).status).toBe(200);
      expect((await fetch(`${a.url}/api/v1/citizen/user/profile`, { headers: auth })).status).toBe(401);
    },
  );

  it('failed logins sent alternately to both lock the account on both', { timeout: 60_000 }, async () => {
    const json = { 'content-type': 'application/json' };
    const login = (server: ServerProcess, password: string) =>
      fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: email, password }),
      });
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? b : a, 'Wrong-password-1')).status).toBe(401);
    for (const server of [a, b]) {
      const res = await login(server, TEST_PASSWORD);
      expect((await res.json()).data.error_code).toBe('account_locked');
    }
  });
});
