import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { lockDataDir, DataDirLockedError } from '../../server/db/data-dir-lock';

describe('DATA_DIR lock', () => {
  it('refuses a second server on the same embedded database with a clear message', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-lock-'));
    const release = lockDataDir(dir);
    try {
      // A second process (the real server entry point) must refuse to start.
      const second = spawnSync(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
        env: { ...process.env, DATA_DIR: dir, PORT: '0', NODE_ENV: 'test' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/Another server \(PID \d+ on .+\) is already using DATA_DIR/);
    } finally {
      release();
    }
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-lock-'));
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999');
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    expect(() => lockDataDir(dir)).not.toThrow(DataDirLockedError); // same process: re-entrant
    release();
  });

  const lockOf = (dir: string, record: object) =>
    fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ id: 'other-instance', ...record }));

  it('is not taken over by a process that merely has the same PID (two containers, both PID 1)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-lock-'));
    lockOf(dir, { host: 'container-a', pid: process.pid, heartbeat: Date.now() - 10_000 });
    expect(() => lockDataDir(dir)).toThrow(/Another server \(PID \d+ on container-a, alive 10 s ago\)/);
    // Same host name too (a restarted container): still refused while the heartbeat is fresh.
    lockOf(dir, { host: os.hostname(), pid: process.pid, heartbeat: Date.now() });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).id).toBe('other-instance');
  });

  it('takes over a lock whose heartbeat stopped more than 30 s ago, on any host', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-lock-'));
    lockOf(dir, { host: 'container-a', pid: 1, heartbeat: Date.now() - 31_000 });
    const release = lockDataDir(dir);
    const now = JSON.parse(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8'));
    expect(now).toMatchObject({ host: os.hostname(), pid: process.pid });
    expect(now.id).not.toBe('other-instance');
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});
