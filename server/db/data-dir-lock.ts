import fs from 'node:fs';
import path from 'node:path';

/**
 * Two processes opening one PGlite directory corrupt it silently, so the first server takes
 * DATA_DIR/server.lock (holding its PID) and a second one refuses to start. A lock left by a
 * process that no longer runs is taken over.
 */
export class DataDirLockedError extends Error {}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(
          `Another server (PID ${pid}) is already using DATA_DIR ${dataDir}. Stop it first, or start this one with another DATA_DIR — two servers on one embedded database would corrupt it.`,
        );
      }
      fs.rmSync(file, { force: true }); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${file}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
