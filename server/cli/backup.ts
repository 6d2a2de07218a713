/**
 * npm run backup -- [--out DIR] [--data-dir DIR]
 * A consistent backup of the embedded database and its documents (see services/backup.ts), taken
 * from the running server over its local socket, or — when no server runs — by opening the database
 * under the DATA_DIR lock. With DATABASE_URL the data is in PostgreSQL: use pg_dump (docs/operations.md#backups).
 */
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { BackupError, requestDump, writeBackup } from '../services/backup';

const USAGE = 'Usage: npm run backup -- [--out backups/backup-NAME] [--data-dir DIR]';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({ options: { out: { type: 'string' }, 'data-dir': { type: 'string' } }, strict: true }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: applications, documents and sessions are all in that PostgreSQL database, and this command does not copy it.\n' +
        'Back it up with PostgreSQL\'s own tools, e.g.  pg_dump --format=custom --file=resident-certificates.dump "$DATABASE_URL"\n' +
        'and restore into a new, empty database with  pg_restore --no-owner --dbname=NEW_DATABASE_URL resident-certificates.dump  (docs/operations.md#backups).',
    );
    return 2;
  }
  const dataDir = path.resolve(args['data-dir'] ?? config.dataDir);
  if (!fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
    console.error(`No embedded database in ${dataDir}: nothing to back up (set DATA_DIR or --data-dir).`);
    return 1;
  }
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const out = path.resolve(args.out ?? path.join('backups', `backup-${stamp}`));

  let release: (() => void) | undefined;
  let dump: Buffer;
  let how: string;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
  }
  try {
    if (release) {
      // No server runs: open the database ourselves (without migrating it: a backup changes nothing)
      // and keep the lock until the documents are copied, so no server starts in between.
      const { PGlite } = await import('@electric-sql/pglite');
      const client = await PGlite.create(path.join(dataDir, 'db'));
      try {
        dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
      } finally {
        await client.close();
      }
      how = 'no server was running';
    } else {
      dump = await requestDump(dataDir);
      how = 'taken from the running server';
    }
    const manifest = await writeBackup({ dump, dataDir, out });
    const bytes = manifest.files.reduce((n, f) => n + f.size, dump.length);
    console.log(
      `Backup written to ${out} (${how}): database ${(dump.length / 1e6).toFixed(1)} MB, ${manifest.files.length} document files, ` +
        `${manifest.secrets.length} generated secrets; ${(bytes / 1e6).toFixed(1)} MB in all.\n` +
        'It holds personal data and secrets: keep it owner-only and encrypted, and copy it off this machine.',
    );
    return 0;
  } catch (err) {
    if (err instanceof BackupError) {
      console.error(
        `No backup was written: ${err.message}.${release ? '' : ' Is another command (not the server) using DATA_DIR? Run the backup when it has finished.'}`,
      );
      return 1;
    }
    throw err;
  } finally {
    release?.();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('No backup was written:', err);
    process.exit(1);
  },
);
