import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds personal data (ID cards, documents), mails with codes and reset links, keys and
 * the database: only the server's own user may read it. Directories are 0700, files 0600.
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Creates (or tightens) one directory as owner-only. */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  if ((fs.statSync(dir).mode & 0o077) !== 0) fs.chmodSync(dir, PRIVATE_DIR);
}

/** Every directory and file under `dir` made owner-only (only those that are not already). */
export function tightenTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (!entry.isDirectory() && !entry.isFile()) continue;
    const want = entry.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE;
    if ((fs.statSync(full).mode & 0o777) !== want) fs.chmodSync(full, want);
    if (entry.isDirectory()) tightenTree(full);
  }
}

const MARK = '.owner-only';

/**
 * Once per DATA_DIR (an install from before this rule, or a copied directory): every directory
 * and file under it made owner-only. A marker file records that it was done; what the server
 * creates afterwards is owner-only by itself (umask 077 and explicit modes).
 */
export function makeDataDirPrivate(dataDir: string): void {
  privateDir(dataDir);
  const mark = path.join(dataDir, MARK);
  if (fs.existsSync(mark)) return;
  tightenTree(dataDir);
  fs.writeFileSync(mark, 'Every file under this directory is owner-only (0700 / 0600).\n', { mode: PRIVATE_FILE });
}
