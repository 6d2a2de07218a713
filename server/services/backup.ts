import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { BANK_SECRET_FILE } from '../lib/bank-signature';
import { SIGNING_KEY_FILE } from '../lib/certificate-keys';
import { WALLET_KEY_FILE } from '../lib/wallet-keys';

/**
 * Backups of the embedded database (PGlite in DATA_DIR).
 *
 * A backup is one directory:
 *   manifest.json            format, time, and every document file with its size
 *   database.tar.gz          PGlite's dumpDataDir() of DATA_DIR/db
 *   files/xx/<sha256>        the content-addressed documents
 *   bank-callback-secret, certificate-signing-key, wallet-issuer-key.pem   the generated secrets, when DATA_DIR holds them
 * It is written under `<name>.partial`, every file and directory fsynced, then renamed to `<name>`:
 * a directory without `.partial` is always whole.
 *
 * Why the running server takes the dump: a second process opening a PGlite directory corrupts it
 * silently, so only the process that holds DATA_DIR/server.lock may read the database. The server
 * listens on a Unix socket in DATA_DIR (owner-only, no network endpoint at all) and answers a dump
 * request with the tarball. PGlite takes that tarball inside its query lock and is single-threaded,
 * so it is the state between two statements: at worst a transaction not yet committed, which
 * PostgreSQL's recovery rolls back when the copy is opened, exactly as after a power cut.
 * (A signal would need a file exchange beside it and, sent to the wrong PID or before the handler
 * is installed, would kill the process; a socket either answers or does not exist.)
 *
 * Why documents are copied after the dump: a document file is written and fsynced before its row
 * commits, and a referenced file is never removed, so every file a row of the dump points at is on
 * disk when the dump is done. Unreferenced files copied along are swept at the restored server's start.
 */
export const BACKUP_SOCKET = 'backup.sock';
const SECRET_FILES = [BANK_SECRET_FILE, SIGNING_KEY_FILE, WALLET_KEY_FILE];
const DATABASE_FILE = 'database.tar.gz';
const MANIFEST = 'manifest.json';

export interface BackupManifest {
  format: 1;
  created_at: string;
  database: string;
  files: { sha256: string; size: number }[];
  secrets: string[];
}

export class BackupError extends Error {}

// ── Server side ─────────────────────────────────────────────────────────────

/** Listens on DATA_DIR/backup.sock; each connection that sends "dump\n" gets `{ok,bytes}\n` and the tarball. */
export async function serveDumps(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: { warn(o: object, m: string): void },
): Promise<() => Promise<void>> {
  const socketPath = path.join(dataDir, BACKUP_SOCKET);
  // Left by a process that was killed; this one holds the DATA_DIR lock, so nobody else listens there.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    let request = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      request += chunk;
      if (!request.includes('\n')) return;
      socket.removeAllListeners('data');
      if (request.trim() !== 'dump')
        return void socket.end(`${JSON.stringify({ ok: false, error: 'unknown request' })}\n`);
      dump().then(
        async (blob) => {
          const bytes = Buffer.from(await blob.arrayBuffer());
          socket.write(`${JSON.stringify({ ok: true, bytes: bytes.length })}\n`);
          socket.end(bytes);
        },
        (err: Error) => {
          log.warn({ err }, 'database dump for a backup failed');
          socket.end(`${JSON.stringify({ ok: false, error: err.message })}\n`);
        },
      );
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (err) {
    log.warn(
      { err, socketPath },
      'backups cannot be taken while this server runs (could not listen on the backup socket)',
    );
    return async () => {};
  }
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

// ── Command side ────────────────────────────────────────────────────────────

/** Asks the server holding DATA_DIR for a dump over its socket. */
export function requestDump(dataDir: string, timeoutMs = 120_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path.join(dataDir, BACKUP_SOCKET));
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new BackupError('the server did not send the database dump in time')),
    );
    socket.on('connect', () => socket.write('dump\n'));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (err) =>
      reject(
        new BackupError(`could not reach the running server on ${path.join(dataDir, BACKUP_SOCKET)}: ${err.message}`),
      ),
    );
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const nl = all.indexOf(10);
      if (nl < 0) return reject(new BackupError('the server closed the backup connection without an answer'));
      const head = JSON.parse(all.subarray(0, nl).toString('utf8')) as { ok: boolean; bytes?: number; error?: string };
      const body = all.subarray(nl + 1);
      if (!head.ok) return reject(new BackupError(`the server could not dump the database: ${head.error}`));
      if (body.length !== head.bytes)
        return reject(new BackupError(`the dump was cut off (${body.length} of ${head.bytes} bytes)`));
      resolve(body);
    });
  });
}

/** Writes a whole backup to `out` (which must not exist yet) from a dump and DATA_DIR's files. */
export async function writeBackup(opts: { dump: Buffer; dataDir: string; out: string }): Promise<BackupManifest> {
  const out = path.resolve(opts.out);
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists: choose a new name for the backup`);
  const tmp = `${out}.partial`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true, mode: 0o700 });
  try {
    return await writeInto(tmp, out, opts);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true }); // a failed backup leaves nothing that looks like one
    throw err;
  }
}

async function writeInto(tmp: string, out: string, opts: { dump: Buffer; dataDir: string }): Promise<BackupManifest> {
  await writeDurably(path.join(tmp, DATABASE_FILE), opts.dump);

  const files: BackupManifest['files'] = [];
  const source = path.join(opts.dataDir, 'files');
  if (fs.existsSync(source)) {
    for (const sub of fs.readdirSync(source).sort()) {
      const names = fs
        .readdirSync(path.join(source, sub))
        .filter((n) => /^[0-9a-f]{64}$/.test(n))
        .sort();
      if (!names.length) continue;
      fs.mkdirSync(path.join(tmp, 'files', sub), { recursive: true, mode: 0o700 });
      for (const name of names) {
        const bytes = await fs.promises.readFile(path.join(source, sub, name));
        await writeDurably(path.join(tmp, 'files', sub, name), bytes);
        files.push({ sha256: name, size: bytes.length });
      }
      syncDir(path.join(tmp, 'files', sub));
    }
    if (files.length) syncDir(path.join(tmp, 'files'));
  }
  const secrets = SECRET_FILES.filter((f) => fs.existsSync(path.join(opts.dataDir, f)));
  for (const f of secrets) await writeDurably(path.join(tmp, f), fs.readFileSync(path.join(opts.dataDir, f)), 0o600);

  const manifest: BackupManifest = {
    format: 1,
    created_at: new Date().toISOString(),
    database: DATABASE_FILE,
    files,
    secrets,
  };
  await writeDurably(path.join(tmp, MANIFEST), Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`));
  syncDir(tmp);
  fs.renameSync(tmp, out);
  syncDir(path.dirname(out));
  return manifest;
}

/** Reads and checks a backup directory: the manifest, the dump and every document against its name. */
export function readBackup(dir: string): { manifest: BackupManifest; dump: Buffer; file(sha256: string): Buffer } {
  const manifestFile = path.join(dir, MANIFEST);
  if (!fs.existsSync(manifestFile))
    throw new BackupError(`${dir} is not a whole backup (no ${MANIFEST}; a name ending in .partial was interrupted)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`${dir}: unknown backup format ${String(manifest.format)}`);
  const dump = fs.readFileSync(path.join(dir, manifest.database));
  return {
    manifest,
    dump,
    file(sha256) {
      const file = path.join(dir, 'files', sha256.slice(0, 2), sha256);
      if (!fs.existsSync(file)) throw new BackupError(`document ${sha256} is missing from the backup`);
      const bytes = fs.readFileSync(file);
      if (crypto.createHash('sha256').update(bytes).digest('hex') !== sha256)
        throw new BackupError(`document ${sha256} in the backup is damaged (its content does not match its name)`);
      return bytes;
    },
  };
}

export async function writeDurably(file: string, bytes: Buffer, mode = 0o600): Promise<void> {
  const handle = await fs.promises.open(file, 'wx', mode);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function syncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
