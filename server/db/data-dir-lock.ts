import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRIVATE_FILE, privateDir } from '../lib/private-files';

/**
 * Two processes opening one PGlite directory corrupt it silently, so the first server takes
 * DATA_DIR/server.lock and a second one refuses to start.
 *
 * A process id alone proves nothing: two containers sharing one volume are both PID 1, and a
 * restarted container is PID 1 again. So the lock holds a random instance id, the host name and
 * the PID, and its holder rewrites it every 5 seconds (a heartbeat). Another process takes it over
 * only when the heartbeat is older than 30 seconds, or when the holder ran on this very host
 * under a PID that no longer exists.
 */
export class DataDirLockedError extends Error {}

const HEARTBEAT_MS = 5_000;
export const STALE_MS = 30_000;

interface LockRecord {
  id: string;
  host: string;
  pid: number;
  heartbeat: number;
}

/** Locks this process holds: taking one again in the same process is allowed (re-entrant). */
const heldIds = new Set<string>();

function read(file: string): LockRecord | null {
  const text = fs.readFileSync(file, 'utf8');
  try {
    const r = JSON.parse(text) as LockRecord;
    if (typeof r.id === 'string' && typeof r.heartbeat === 'number') return r;
  } catch {
    /* a lock written before heartbeats: only a PID */
  }
  // A PID-only lock (an older version of the server) is held as long as that PID runs here;
  // one naming this very PID can only be a leftover of this host's earlier life.
  const pid = Number(text.trim());
  const heartbeat = pid === process.pid ? 0 : Date.now();
  return pid ? { id: `pid-${pid}`, host: os.hostname(), pid, heartbeat } : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** May a process take this lock over? Only from a holder that is provably gone. */
function isStale(r: LockRecord, now: number): boolean {
  if (r.host === os.hostname() && r.pid !== process.pid && !isRunning(r.pid)) return true;
  return now - r.heartbeat > STALE_MS;
}

export function lockDataDir(dataDir: string, opts: { onLost?: () => void } = {}): () => void {
  privateDir(dataDir);
  const file = path.join(dataDir, 'server.lock');
  const me: LockRecord = { id: crypto.randomUUID(), host: os.hostname(), pid: process.pid, heartbeat: Date.now() };
  const write = (flag: 'wx' | 'w', target = file) =>
    fs.writeFileSync(target, JSON.stringify({ ...me, heartbeat: Date.now() }), { flag, mode: PRIVATE_FILE });

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      write('wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = read(file);
      // This process holds it already (a second use in one process, e.g. a CLI inside a test): shared.
      if (holder && heldIds.has(holder.id)) return () => {};
      if (holder && !isStale(holder, Date.now())) {
        const ago = Math.round((Date.now() - holder.heartbeat) / 1000);
        throw new DataDirLockedError(
          `Another server (PID ${holder.pid} on ${holder.host}, alive ${ago} s ago) is already using DATA_DIR ${dataDir}. Stop it first, or start this one with another DATA_DIR — two servers on one embedded database would corrupt it. A lock whose server is gone expires ${STALE_MS / 1000} s after its last sign of life.`,
        );
      }
      // Taken over by renaming the stale lock away: of two processes doing so at once, only one rename succeeds.
      const aside = `${file}.${me.id}.stale`;
      try {
        fs.renameSync(file, aside);
        fs.rmSync(aside, { force: true });
      } catch {
        /* another process took it first: look again */
      }
      continue;
    }
    heldIds.add(me.id);
    const timer = setInterval(() => {
      try {
        if (read(file)?.id !== me.id) throw new Error('lock taken by another process');
        const tmp = `${file}.${me.id}.tmp`;
        write('w', tmp);
        fs.renameSync(tmp, file);
      } catch {
        clearInterval(timer);
        opts.onLost?.();
      }
    }, HEARTBEAT_MS);
    timer.unref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      clearInterval(timer);
      heldIds.delete(me.id);
      try {
        if (read(file)?.id === me.id) fs.unlinkSync(file);
      } catch {
        /* already gone */
      }
    };
  }
  throw new DataDirLockedError(`Could not lock ${file}`);
}
