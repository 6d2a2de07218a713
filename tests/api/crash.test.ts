import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client';
import { applicationBody } from './application-fixtures';
import { createAccount } from './fixtures';
import { scratchDatabase } from './scratch-database';

/**
 * Nothing lost in a crash (issue: hardening): the server is killed with SIGKILL in the middle of
 * concurrent creates (three documents each). It must start again on the same data — no stale lock,
 * the database opens — every application answered 201 must be there with readable documents, and
 * no half-written application or orphaned document file may remain. SIGTERM finishes the requests
 * in flight. PGlite always; PostgreSQL when TEST_DATABASE_URL is set.
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) =>
    child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code)),
  );

/** One POST on a connection of its own (no reused keep-alive socket that a stopping server may close). */
function postOnce(
  url: string,
  headers: Record<string, string>,
  payload: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent: false, headers: { ...headers, 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const kinds = ['applicant_photo', 'household_registration_book', 'proof_of_residence'] as const;

function scenario(
  label: string,
  setup: () => Promise<{
    env: Record<string, string>;
    open: () => Promise<Database>;
    cleanup: () => Promise<void>;
    dataDir: string;
  }>,
) {
  describe(label, () => {
    let ctx: Awaited<ReturnType<typeof setup>>;
    /**
     * An account has at most 5 applications under way: the load goes round 30 citizens, and each
     * create in flight at the SIGTERM has a citizen of its own (the last 4).
     */
    let citizens: Record<string, string>[];
    const ownerOf = new Map<number, Record<string, string>>();
    let body: Record<string, unknown>;
    beforeAll(async () => {
      ctx = await setup();
      const database = await ctx.open();
      const fake = { db: database.db } as unknown as FastifyInstance;
      citizens = [];
      for (let i = 0; i < 34; i++)
        citizens.push({ ...(await createAccount(fake)).headers, 'content-type': 'application/json' });
      body = await applicationBody(fake);
      await database.close();
    }, 120_000);
    afterAll(async () => ctx?.cleanup());

    it(
      'SIGKILL in the middle of concurrent creates: restarts on the same data, every 201 is whole, nothing half-written',
      { timeout: 240_000 },
      async () => {
        const first = await startServer(ctx.env);
        const created: number[] = [];
        const payload = JSON.stringify(body);
        let stop = false;
        let sent = 0;
        const worker = async () => {
          while (!stop) {
            const headers = citizens[sent++ % 30];
            try {
              const res = await fetch(`${first.url}/api/v1/citizen/resident-certificate/create-new`, {
                method: 'POST',
                headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
                body: payload,
              });
              if (res.status === 201) {
                const id = (await res.json()).data.id as number;
                created.push(id);
                ownerOf.set(id, headers);
              }
            } catch {
              /* the server died under this request: no answer, no promise made */
            }
          }
        };
        const workers = Array.from({ length: 6 }, worker);
        // Kill once some creates were answered and others are surely in flight.
        while (created.length < 4) await new Promise((r) => setTimeout(r, 50));
        first.child.kill('SIGKILL');
        await exited(first.child);
        stop = true;
        await Promise.all(workers);

        const second = await startServer(ctx.env);
        let retry: string[];
        const keyOwner = new Map<string, Record<string, string>>();
        try {
          for (const id of created) {
            const headers = ownerOf.get(id)!;
            const detail = await fetch(`${second.url}/api/v1/citizen/resident-certificate/${id}`, { headers });
            expect(detail.status).toBe(200);
            for (const kind of kinds) {
              const doc = await fetch(`${second.url}/api/v1/citizen/resident-certificate/${id}/documents/${kind}`, {
                headers,
              });
              expect(doc.status, `${id} ${kind}`).toBe(200);
              expect((await doc.arrayBuffer()).byteLength).toBeGreaterThan(100);
            }
          }
          // SIGTERM with creates in flight: those being handled finish and are answered before the
          // process exits 0. One that had not been read yet when the stop began gets 503 or a closed
          // connection; its client retries it with the same Idempotency-Key (below).
          const keys = Array.from({ length: 4 }, () => crypto.randomUUID());
          const inFlight = keys.map((key, i) =>
            postOnce(
              `${second.url}/api/v1/citizen/resident-certificate/create-new`,
              { ...citizens[30 + i], 'idempotency-key': key },
              payload,
            ).catch(() => ({ status: 0, body: '' })),
          );
          await new Promise((r) => setTimeout(r, 150));
          second.child.kill('SIGTERM');
          const answers = await Promise.all(inFlight);
          for (const a of answers) expect([0, 201, 503]).toContain(a.status);
          expect(await exited(second.child)).toBe(0);
          retry = keys.filter((_, i) => answers[i].status !== 201);
          keys.forEach((key, i) => keyOwner.set(key, citizens[30 + i]));
          for (const a of answers) if (a.status === 201) created.push(JSON.parse(a.body).data.id);
        } finally {
          if (second.child.exitCode === null) second.child.kill('SIGKILL');
          await exited(second.child);
        }

        // The retries find either their first answer or do the work once.
        const third = await startServer(ctx.env);
        for (const key of retry) {
          const res = await postOnce(
            `${third.url}/api/v1/citizen/resident-certificate/create-new`,
            { ...keyOwner.get(key)!, 'idempotency-key': key },
            payload,
          );
          expect(res.status, res.body).toBe(201);
          created.push(JSON.parse(res.body).data.id);
        }
        third.child.kill('SIGTERM');
        expect(await exited(third.child)).toBe(0);
        // Read the data back directly: no application without its three documents and its first
        // history row, no document row without its bytes, no file without a row (embedded database).
        const database = await ctx.open();
        try {
          const rows = async <T>(q: ReturnType<typeof sql>) =>
            ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
          const incomplete = await rows<{ id: number }>(
            sql`select a.id from applications a where (select count(*) from documents d where d.application_id = a.id) <> 3 or (select count(*) from status_history h where h.application_id = a.id) <> 1`,
          );
          expect(incomplete).toEqual([]);
          const ids = (await rows<{ id: number }>(sql`select id from applications`)).map((r) => Number(r.id));
          for (const id of created) expect(ids).toContain(id);
          // One application per idempotency key: the retries made no duplicates.
          expect(new Set(created).size).toBe(created.length);
          if (database.kind === 'pglite') {
            const referenced = new Set(
              (await rows<{ sha256: string }>(sql`select sha256 from documents`)).map((r) => r.sha256),
            );
            const filesDir = path.join(ctx.dataDir, 'files');
            const files = fs.existsSync(filesDir)
              ? fs
                  .readdirSync(filesDir, { recursive: true, withFileTypes: true })
                  .filter((e) => e.isFile())
                  .map((e) => e.name)
              : [];
            expect(files.filter((f) => !referenced.has(f))).toEqual([]);
            for (const sha of referenced) expect(files).toContain(sha);
          }
          console.log(
            `${label}: 1 SIGKILL, 1 SIGTERM, ${created.length} answered creates all found whole, ${ids.length} applications in all`,
          );
        } finally {
          await database.close();
        }
      },
    );
  });
}

// The PostgreSQL run of the API tests checks PostgreSQL only; the embedded database is checked in npm test.
if (!process.env.TEST_DATABASE_URL)
  scenario('crash on the embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-crash-'));
    fs.cpSync(inject('templateDataDir'), dataDir, { recursive: true });
    fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
    return {
      dataDir,
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  });

if (process.env.TEST_DATABASE_URL) {
  scenario('crash on PostgreSQL', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-crash-'));
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, 'rc_crash');
    // Migrated and seeded by a first open.
    const { seedBanks } = await import('../../server/db/seed/banks');
    const { seedLocationsIfEmpty } = await import('../../server/db/seed/locations');
    const database = await openDatabase({ dataDir, databaseUrl: scratch.url });
    await seedBanks(database.db);
    await seedLocationsIfEmpty(database.db);
    await database.close();
    return {
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
      open: () => openDatabase({ dataDir, databaseUrl: scratch.url }),
      cleanup: async () => {
        await scratch.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
}
