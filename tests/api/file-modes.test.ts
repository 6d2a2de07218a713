import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it, vi } from 'vitest';
import { ID_CARD_DATA_URL, PASSWORD } from './auth-helpers';
import { startServerProcess, type ServerProcess } from './server-process';

// A server process (tsx compiling the server, then a database) starts in seconds on a quiet machine
// and can take a minute while the rest of the suite runs beside it; startServerProcess waits 90 s.
vi.setConfig({ testTimeout: 120_000 });

/** DATA_DIR is the server's alone: documents, mails with codes, keys and the database are owner-only. */
let server: ServerProcess | undefined;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-modes-'));
afterAll(async () => {
  await server?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

function everything(dir: string): { file: string; mode: number; isDir: boolean }[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => {
    const file = path.join(e.parentPath, e.name);
    if (!e.isDirectory() && !e.isFile()) return [];
    return [{ file, mode: fs.statSync(file).mode & 0o777, isDir: e.isDirectory() }];
  });
}

it('keeps DATA_DIR and everything in it owner-only, also a directory copied in with open modes', async () => {
  const dataDir = path.join(root, 'data');
  // An install from before: a world-readable copy of a database.
  fs.cpSync(inject('templateDataDir'), dataDir, { recursive: true });
  fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
  fs.chmodSync(dataDir, 0o755);
  server = await startServerProcess({ DATA_DIR: dataDir, SMTP_URL: '' });
  const get = async (url: string) =>
    ((await (await fetch(`${server!.url}${url}`)).json()) as { data: { id: number }[] }).data;
  const district = (await get('/api/v1/master-data/location/district/1'))[0]!.id;
  const village = (await get(`/api/v1/master-data/location/villages/${district}`))[0]!.id;
  const n = () => String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const email = `modes.${n()}@example.la`;
  const res = await fetch(`${server.url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      username: email,
      password: PASSWORD,
      phone_number: `85620${n()}`,
      id_card_file: ID_CARD_DATA_URL,
      first_name: 'ສົມໃຈ',
      last_name: 'ພົມມະຈັນ',
      id_card: `${n()}${n().slice(0, 4)}`,
      date_of_birth: '1990-04-12',
      address: 'ບ້ານ ໂພນສີນວນ',
      house_number: '12',
      province_id: 1,
      district_id: district,
      village_id: village,
    }),
  });
  expect(res.status).toBe(200);
  for (let i = 0; i < 50 && !fs.existsSync(path.join(dataDir, 'outbox')); i++)
    await new Promise((r) => setTimeout(r, 100));

  expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
  const all = everything(dataDir);
  for (const part of ['files', 'outbox', 'db', 'certificate-signing-key', 'bank-callback-secret', 'server.lock'])
    expect(all.map((e) => path.relative(dataDir, e.file).split('/')[0])).toContain(part);
  const open = all.filter((e) => e.mode !== (e.isDir ? 0o700 : 0o600)).map((e) => `${e.file} ${e.mode.toString(8)}`);
  expect(open).toEqual([]);
});
