/**
 * npm run restore -- <backup directory> [--data-dir DIR]
 * Restores a backup made by `npm run backup` into a new, empty DATA_DIR: the database, every
 * document (each checked against its SHA-256) and the generated secrets. It refuses a directory
 * that holds anything, or whose lock a running server holds, so it can never overwrite live data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { BackupError, readBackup, syncDir, writeDurably } from '../services/backup';

const USAGE = 'Usage: npm run restore -- backups/backup-NAME [--data-dir NEW_EMPTY_DIR]';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const source = path.resolve(parsed.positionals[0]);
  const target = path.resolve(parsed.values['data-dir'] ?? loadConfig().dataDir);
  const existed = fs.existsSync(target);
  if (existed && fs.readdirSync(target).some((n) => n !== 'server.lock')) {
    console.error(
      `${target} is not empty: restore only into a new, empty directory (nothing was changed). Restore beside it with --data-dir, then point DATA_DIR at the restored one.`,
    );
    return 1;
  }
  let release: () => void;
  try {
    release = lockDataDir(target);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`${err.message}\nNothing was restored.`);
      return 1;
    }
    throw err;
  }
  try {
    const backup = readBackup(source);
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create({
      dataDir: path.join(target, 'db'),
      loadDataDir: new File([new Uint8Array(backup.dump)], 'pgdata.tar.gz', { type: 'application/x-gzip' }),
    });
    let applications: number;
    let referenced: string[];
    try {
      applications = Number((await client.query<{ n: string }>('select count(*) as n from applications')).rows[0].n);
      referenced = (
        await client.query<{ sha256: string }>('select distinct sha256 from documents where data is null')
      ).rows.map((r) => r.sha256);
    } finally {
      await client.close();
    }
    // Every file the database points at must be in the backup and intact; the others are copied too
    // (the restored server sweeps files no row points at).
    const names = new Set([...backup.manifest.files.map((f) => f.sha256), ...referenced]);
    for (const sha256 of names) {
      const dir = path.join(target, 'files', sha256.slice(0, 2));
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      await writeDurably(path.join(dir, sha256), backup.file(sha256));
    }
    for (const dir of fs.existsSync(path.join(target, 'files')) ? fs.readdirSync(path.join(target, 'files')) : [])
      syncDir(path.join(target, 'files', dir));
    for (const name of backup.manifest.secrets)
      await writeDurably(path.join(target, name), fs.readFileSync(path.join(source, name)), 0o600);
    syncDir(target);
    console.log(
      `Restored ${source} into ${target}: ${applications} applications, ${referenced.length} document files referenced, all present and intact.\n` +
        `Start the server with DATA_DIR=${target}.`,
    );
    return 0;
  } catch (err) {
    // Leave the directory as empty as it was found: a half-restored DATA_DIR must never be started.
    for (const name of fs.readdirSync(target))
      if (name !== 'server.lock') fs.rmSync(path.join(target, name), { recursive: true, force: true });
    console.error(`Nothing was restored: ${err instanceof BackupError ? err.message : String(err)}`);
    return 1;
  } finally {
    release();
    if (!existed && fs.existsSync(target) && fs.readdirSync(target).length === 0) fs.rmdirSync(target);
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('Nothing was restored:', err);
    process.exit(1);
  },
);
