import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const HASH_SECRET_FILE = 'hash-secret';

/**
 * The key of the keyed hashes the database stores (request fingerprints, registration codes): a
 * copy of the database alone — a backup, a dump, a read-only leak — cannot test a guess against
 * them. HASH_SECRET (several instances share it), else one generated on the first start in DATA_DIR
 * (owner-only). Losing it costs little: codes in flight and replays of recent requests stop matching.
 */
export function resolveHashSecret(
  opts: { hashSecret?: string; dataDir: string },
  log?: { info(o: object, m: string): void },
): Buffer {
  const secret = opts.hashSecret ?? dataDirSecret(opts.dataDir, log);
  // One derived key per use, so the configured value never keys anything directly.
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'lao-rc', 'stored hashes', 32));
}

function dataDirSecret(dataDir: string, log?: { info(o: object, m: string): void }): string {
  const file = path.join(dataDir, HASH_SECRET_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // Written aside and linked into place: two processes starting at once agree on the first one.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${crypto.randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
      log?.info({ file }, 'generated the key of stored hashes');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds fewer than 32 characters: delete it, or set HASH_SECRET.`);
  return secret;
}

/** Hex HMAC-SHA256 under the hash key. */
export const keyedHash = (key: Buffer, ...parts: string[]) => {
  const mac = crypto.createHmac('sha256', key);
  for (const part of parts) mac.update(part).update('\0');
  return mac.digest('hex');
};
