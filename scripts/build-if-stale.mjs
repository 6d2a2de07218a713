// Plain JavaScript on purpose: it runs before the server with `node` alone, also where only the
// production dependencies are installed (`npm ci --omit=dev`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start` (and the other commands that run the built server) build only when there is no build,
 * or a source is newer than it: the first start on a fresh clone builds everything; the next ones
 * start in about a second.
 */
const root = path.resolve(import.meta.dirname, '..');
/** What `npm run build` writes last: the web app first, then the server bundle. */
const BUILT = [path.join(root, 'dist', 'index.html'), path.join(root, 'dist-server', 'server.js')];
const SOURCES = [
  'src',
  'sw',
  'server',
  'contract',
  'locales',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'package.json',
];
/** Written by the server or the tests, not sources of the build. */
const NOT_SOURCES = new Set(['node_modules', 'data', 'tesseract']);

function newest(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    if (!NOT_SOURCES.has(name)) latest = Math.max(latest, newest(path.join(entry, name)));
  }
  return latest;
}

const builtAt = Math.min(...BUILT.map((file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0));
const sourcesAt = Math.max(...SOURCES.map((source) => newest(path.join(root, source))));
if (builtAt < sourcesAt) {
  const quiet = process.argv.includes('--quiet');
  if (!quiet) console.log(builtAt ? 'Sources changed since the last build: building.' : 'No build yet: building.');
  if (!fs.existsSync(path.join(root, 'node_modules', 'vite'))) {
    console.error(
      'The build is missing or older than the sources, and the build tools are not installed.\n' +
        'Build where they are (`npm ci && npm run build`), then install for production (`npm ci --omit=dev`).',
    );
    process.exit(1);
  }
  const run = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    shell: process.platform === 'win32',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
