import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder (where package.json is), found from this file: the same answer whether the
 * server runs from its sources (server/paths.ts) or from its bundle (dist-server/server.js), so the
 * files read at run time — migrations, shipped data, the built web app — are found in both.
 */
function findAppRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const appRoot = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project folder, e.g. appPath('server', 'db', 'migrations'). */
export const appPath = (...parts: string[]) => path.join(appRoot, ...parts);
