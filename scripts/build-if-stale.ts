import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start` builds the app only when there is no build, or a source is newer than it: the first
 * start on a fresh clone builds everything; the next ones start in seconds.
 */
const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');
const SOURCES = [
  'src',
  'sw',
  'contract',
  'locales',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newest(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, name)));
  return latest;
}

const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
if (builtAt >= sourcesAt) {
  console.log('The build is up to date: starting.');
} else {
  console.log(builtAt ? 'Sources changed since the last build: building.' : 'No build yet: building.');
  const run = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
