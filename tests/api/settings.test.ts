import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it, vi } from 'vitest';
import { SIGNER_EXTENSIONS, opensslChain } from './pades-tools';
import { serverArgs, startServerProcess } from './server-process';

// A server process (tsx compiling the server, then a database) starts in seconds on a quiet machine
// and can take a minute while the rest of the suite runs beside it; startServerProcess waits 90 s.
vi.setConfig({ testTimeout: 120_000 });

/** Settings as an operator gives them: a .env file read at start, the environment winning, no secret ever printed. */
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-settings-'));
  dirs.push(dir);
  return dir;
};
/** A seeded database to start from, so a start takes seconds instead of seeding 10,000 villages. */
const seeded = (dir: string) => {
  fs.cpSync(inject('templateDataDir'), dir, { recursive: true });
  fs.rmSync(path.join(dir, 'server.lock'), { force: true });
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the server until it exits (it should refuse to start), with its output. */
function runUntilExit(env: Record<string, string>, cwd: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, serverArgs, {
      cwd,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: '0', DATA_DIR: path.join(cwd, 'data'), ...env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c));
    child.stderr.on('data', (c: Buffer) => (output += c));
    const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const SECRET = 'bank-secret-that-must-never-be-printed-0123456789';

it('reads .env from the folder it starts in; the environment wins over the file', async () => {
  const dir = tempDir();
  seeded(path.join(dir, 'from-env-file'));
  fs.writeFileSync(
    path.join(dir, '.env'),
    [
      '# as copied from .env.example',
      `DATA_DIR=${path.join(dir, 'from-env-file')}`,
      'SUPPORT_PHONE="+856 21 123 456"',
      'SUPPORT_EMAIL=file@egov.test',
      'JOBS_INTERVAL_SECONDS=0',
    ].join('\n'),
  );
  const server = await startServerProcess({ SUPPORT_EMAIL: 'environment@egov.test' }, { cwd: dir });
  try {
    const res = await fetch(`${server.url}/api/v1/master-data/support-contacts`);
    const body = (await res.json()) as { data: { phone: string; email: string } };
    expect(body.data.phone).toBe('+856 21 123 456');
    expect(body.data.email).toBe('environment@egov.test');
    expect(fs.existsSync(path.join(dir, 'from-env-file', 'db'))).toBe(true);
  } finally {
    await server.stop();
  }
});

it('refuses to start on a public address without https APP_BASE_URL and SMTP, naming no secret', async () => {
  const dir = tempDir();
  const { code, output } = await runUntilExit(
    {
      HOST: '0.0.0.0',
      BANK_CALLBACK_SECRET: SECRET,
      SMTP_URL: '',
      APP_BASE_URL: 'http://egov.example.la',
    },
    dir,
  );
  expect(code).toBe(1);
  expect(output).toContain('APP_BASE_URL must be its public https:// address');
  expect(output).toContain('set SMTP_URL');
  expect(output).toContain(
    "set CERTIFICATE_PDF_KEY_FILE (and CERTIFICATE_PDF_CERT_FILE) to the ministry's PDF signing key",
  );
  expect(output).not.toContain(SECRET);
  expect(fs.existsSync(path.join(dir, 'data', 'db'))).toBe(false);
});

it('refuses to start with a PDF signing key it cannot use, in one message and before opening the database', async () => {
  const dir = tempDir();
  const { code, output } = await runUntilExit({ CERTIFICATE_PDF_KEY_FILE: path.join(dir, 'no-such-key.p12') }, dir);
  expect(code).toBe(1);
  expect(output).toContain('Invalid configuration:\n  CERTIFICATE_PDF_KEY_FILE: cannot read');
  expect(output).not.toMatch(/^\s+at /m); // no stack trace
  expect(fs.existsSync(path.join(dir, 'data', 'db'))).toBe(false);
});

/** The office's real lines, as an operator sets them for the public. */
const REAL_SUPPORT = {
  SUPPORT_PHONE: '+856 21 415 000',
  SUPPORT_EMAIL: 'help@residence.gov.la',
  SUPPORT_WHATSAPP: '+856 20 5555 1234',
};

it('refuses to start for the public with the placeholder support contacts, naming each one to set', async () => {
  const dir = tempDir();
  const { code, output } = await runUntilExit(
    {
      HOST: '0.0.0.0',
      APP_BASE_URL: 'https://egov.example.la',
      MAIL_TRANSPORT: 'outbox',
      SUPPORT_PHONE: '',
      SUPPORT_EMAIL: '',
      SUPPORT_WHATSAPP: '+856 20 5555 1234',
    },
    dir,
  );
  expect(code).toBe(1);
  expect(output).toContain("set SUPPORT_PHONE, SUPPORT_EMAIL to the office's real customer-service contacts");
  expect(output).not.toContain('SUPPORT_WHATSAPP');
  expect(fs.existsSync(path.join(dir, 'data', 'db'))).toBe(false);
});

it('starts on a public address with https APP_BASE_URL, real support contacts, the ministry’s PDF key and MAIL_TRANSPORT=outbox chosen on purpose', async () => {
  const dir = tempDir();
  const ministry = await opensslChain(path.join(dir, 'secrets'), 'ec', SIGNER_EXTENSIONS);
  const server = await startServerProcess(
    {
      HOST: '0.0.0.0',
      APP_BASE_URL: 'https://egov.example.la',
      MAIL_TRANSPORT: 'outbox',
      ...REAL_SUPPORT,
      CERTIFICATE_PDF_KEY_FILE: ministry.key,
      CERTIFICATE_PDF_CERT_FILE: ministry.chain,
      DATA_DIR: seeded(path.join(dir, 'd')),
    },
    { cwd: dir },
  );
  await server.stop();
});

it('prints no secret of a wrong setting: not the bank secret, the signing key, or a password in a URL', async () => {
  const dir = tempDir();
  const { code, output } = await runUntilExit(
    {
      BANK_CALLBACK_SECRET: 'short-secret-xyz',
      CERTIFICATE_SIGNING_KEY: 'not-a-key-but-still-secret',
      DATABASE_URL: 'mysql://rc:db-password-xyz@db.example.la/rc',
      SMTP_URL: 'smtps://mailer:smtp-password-xyz@mail.example.la:465',
      PORT: 'x',
    },
    dir,
  );
  expect(code).toBe(1);
  expect(output).toContain('BANK_CALLBACK_SECRET: must be at least 32 characters (value hidden)');
  expect(output).toContain('CERTIFICATE_SIGNING_KEY');
  expect(output).toContain('DATABASE_URL');
  for (const secret of ['short-secret-xyz', 'not-a-key-but-still-secret', 'db-password-xyz', 'smtp-password-xyz'])
    expect(output).not.toContain(secret);
});

it('starts with no settings at all, and says in one line what runs', async () => {
  const dir = tempDir();
  const server = await startServerProcess(
    { DATA_DIR: seeded(path.join(dir, 'data')), NODE_ENV: 'production', LOG_LEVEL: 'info', SMTP_URL: '' },
    { cwd: dir, stdout: 'pipe' },
  );
  let output = '';
  server.child.stdout!.on('data', (c: Buffer) => (output += c));
  try {
    for (let i = 0; i < 50 && !output.includes('Serving'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain('embedded database (PGlite)');
    expect(output).toContain(`mail written to ${path.join(dir, 'data')}/outbox`);
  } finally {
    await server.stop();
  }
});
