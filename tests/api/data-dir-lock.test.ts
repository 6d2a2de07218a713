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
      expect(second.stderr).toMatch(/Another server \(PID \d+\) is already using DATA_DIR/);
    } finally {
      release();
    }
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-lock-'));
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).not.toThrow(DataDirLockedError); // same process: re-entrant by PID check
    release();
  });
});
