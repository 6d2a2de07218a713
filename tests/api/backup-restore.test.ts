import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../server/db/client';
import { applicationBody, dataUrl, pdf, png, samePdf, samePixels } from './application-fixtures';
import { createAccount } from './fixtures';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * Backups an operator can trust (issue: hardening): `npm run backup` while a real server process
 * runs on the embedded database and keeps creating applications, `npm run restore` into a fresh
 * directory, and a server started on the restored directory serves every application answered
 * before the backup began, with every document whole (PDFs byte for byte, photos pixel for pixel). The embedded database only: with
 * PostgreSQL the command points to pg_dump.
 */
const startServer = (dataDir: string) => startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });

/** Runs one of our commands as an operator would (`npm run backup -- …` is `tsx server/cli/backup.ts …`). */
function command(script: string, args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

const kinds = ['applicant_photo', 'household_registration_book', 'proof_of_residence'] as const;

describe.skipIf(!!process.env.TEST_DATABASE_URL)('backup and restore of the embedded database', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-backup-'));
  const dataDir = path.join(root, 'data');
  /** Citizens enough for the load below: an account has at most 5 applications under way. */
  let citizens: Record<string, string>[];
  const ownerOf = new Map<number, Record<string, string>>();
  let base: Record<string, unknown>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    fs.cpSync(inject('templateDataDir'), dataDir, { recursive: true });
    fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
    const database = await openDatabase({ dataDir });
    const fake = { db: database.db } as unknown as FastifyInstance;
    citizens = [];
    for (let i = 0; i < 30; i++)
      citizens.push({ ...(await createAccount(fake)).headers, 'content-type': 'application/json' });
    base = await applicationBody(fake);
    await database.close();
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'a backup taken while the server creates applications restores every application and document whole',
    { timeout: 180_000 },
    async () => {
      const first = await startServer(dataDir);
      servers.push(first);
      const uploaded = new Map<number, Record<(typeof kinds)[number], Buffer>>();
      const create = async (i: number) => {
        const docs = {
          applicant_photo: png(300 + 3 * i, 400 + 4 * i),
          household_registration_book: pdf(`Household book ${i}`),
          proof_of_residence: pdf(`Residence ${i}`),
        };
        const res = await fetch(`${first.url}/api/v1/citizen/resident-certificate/create-new`, {
          method: 'POST',
          headers: { ...citizens[i % citizens.length], 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({
            ...base,
            applicant_photo: dataUrl(docs.applicant_photo),
            household_registration_book: dataUrl(docs.household_registration_book, 'application/pdf'),
            proof_of_residence: dataUrl(docs.proof_of_residence, 'application/pdf'),
          }),
        });
        expect(res.status).toBe(201);
        const id = (await res.json()).data.id as number;
        uploaded.set(id, docs);
        ownerOf.set(id, citizens[i % citizens.length]);
        return id;
      };
      for (let i = 0; i < 4; i++) await create(i);
      const beforeBackup = [...uploaded.keys()];

      // Creates keep arriving while the backup is taken: the copy must still be consistent.
      let busy = true;
      let n = 10;
      const load = (async () => {
        while (busy) await create(n++);
      })();
      const backupDir = path.join(root, 'backups', 'nightly');
      const backup = await new Promise<{ status: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts', '--out', backupDir], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        });
        let out = '';
        child.stdout.on('data', (c) => {
          out += c;
        });
        child.stderr.on('data', (c) => {
          out += c;
        });
        child.on('exit', (status) => resolve({ status, out }));
      });
      busy = false;
      await load;
      expect(backup.status, backup.out).toBe(0);
      expect(backup.out).toContain('taken from the running server');
      expect(fs.existsSync(`${backupDir}.partial`)).toBe(false);

      // Restore refuses live or occupied directories and changes nothing there.
      const live = command('server/cli/restore.ts', [backupDir, '--data-dir', dataDir], {});
      expect(live.status).toBe(1);
      expect(live.out).toContain('not empty');
      const held = path.join(root, 'held');
      fs.mkdirSync(held);
      fs.writeFileSync(path.join(held, 'server.lock'), String(process.pid)); // a running process holds it
      const locked = command('server/cli/restore.ts', [backupDir, '--data-dir', held], {});
      expect(locked.status).toBe(1);
      expect(locked.out).toContain('Nothing was restored');
      expect(fs.readdirSync(held)).toEqual(['server.lock']);

      const restoredDir = path.join(root, 'restored');
      const restore = command('server/cli/restore.ts', [backupDir, '--data-dir', restoredDir], {});
      expect(restore.status, restore.out).toBe(0);
      expect(fs.existsSync(path.join(restoredDir, 'server.lock'))).toBe(false);
      // The generated secrets come back too: the bank's signatures and printed certificates and wallet credentials stay valid.
      for (const secret of ['bank-callback-secret', 'certificate-signing-key', 'wallet-issuer-key.pem']) {
        expect(fs.readFileSync(path.join(restoredDir, secret))).toEqual(fs.readFileSync(path.join(dataDir, secret)));
      }
      await first.stop();

      const second = await startServer(restoredDir);
      servers.push(second);
      const restoredIds: number[] = [];
      for (const [id, docs] of uploaded) {
        const headers = ownerOf.get(id)!;
        const detail = await fetch(`${second.url}/api/v1/citizen/resident-certificate/${id}`, { headers });
        if (beforeBackup.includes(id)) expect(detail.status, `application ${id}`).toBe(200);
        if (detail.status !== 200) continue; // created after the dump: not in this backup
        restoredIds.push(id);
        for (const kind of kinds) {
          const doc = await fetch(`${second.url}/api/v1/citizen/resident-certificate/${id}/documents/${kind}`, {
            headers,
          });
          expect(doc.status, `${id} ${kind}`).toBe(200);
          const kept = Buffer.from(await doc.arrayBuffer());
          // PDFs are kept as their pages written anew; a photo as the fresh encoding of its pixels.
          if (kind === 'applicant_photo') expect(await samePixels(kept, docs[kind]), `${id} ${kind} pixels`).toBe(true);
          else expect(samePdf(kept, docs[kind]), `${id} ${kind} pages`).toBe(true);
        }
      }
      console.log(
        `backup: ${uploaded.size} applications created, ${restoredIds.length} in the backup (all ${beforeBackup.length} answered before it began), ${restoredIds.length * 3} documents identical after restore`,
      );
      await second.stop();

      // With no server running, the command opens the database itself.
      const offline = command('server/cli/backup.ts', ['--out', path.join(root, 'backups', 'offline')], {
        DATA_DIR: restoredDir,
      });
      expect(offline.status, offline.out).toBe(0);
      expect(offline.out).toContain('no server was running');
      expect(fs.existsSync(path.join(restoredDir, 'server.lock'))).toBe(false);
    },
  );

  it('with DATABASE_URL the backup command points to pg_dump instead of pretending', () => {
    const run = command('server/cli/backup.ts', [], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/nowhere',
      DATA_DIR: path.join(root, 'unused'),
    });
    expect(run.status).toBe(2);
    expect(run.out).toContain('pg_dump');
  });
});
