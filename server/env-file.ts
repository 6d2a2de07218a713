import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Reads `.env` (or the file named by ENV_FILE) into process.env before the configuration is
 * checked. A variable already set in the environment wins over the file, so an operator can
 * override one setting for one start without editing it. Returns the file read, if any.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | null {
  const file = path.resolve(cwd, env.ENV_FILE ?? '.env');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !env.ENV_FILE) return null;
    throw new Error(`Could not read the settings file ${file}: ${(err as Error).message}`, { cause: err });
  }
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (env[key] === undefined) env[key] = value;
  }
  return file;
}
