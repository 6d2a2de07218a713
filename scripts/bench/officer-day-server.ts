/**
 * The officer's-day bench server: the real app with the built web app on PGlite in a scratch
 * DATA_DIR, BENCH_CASES (default 12) applications paid and waiting for review, and a cashier, a
 * reviewer and an approver of the national office. Fixtures are written in-process like the API
 * tests'. Prints one JSON line (port, the officers' sessions, the case ids) and serves until
 * SIGTERM. Run by scripts/bench/officer-day.ts, in its own process so Chromium and the driver do
 * not share its event loop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { newApplication } from '../../tests/api/certificate-fixtures';
import { dataUrl, png } from '../../tests/api/application-fixtures';
import { createAccount } from '../../tests/api/fixtures';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-day-'));
const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_BASE_URL: 'http://127.0.0.1' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });

const officer = (officerRole: 'cashier' | 'reviewer' | 'approver', firstName: string) =>
  createAccount(app, { role: 'officer', officerRole, firstName, lastName: 'Bench', officeLevel: 'national' });
const cashier = await officer('cashier', 'Vanh');
const reviewer = await officer('reviewer', 'Khamla');
const approver = await officer('approver', 'Bounmy');

const ids: number[] = [];
for (let i = 0; i < Number(process.env.BENCH_CASES ?? 12); i++) {
  const { citizen, id } = await newApplication(app, { first_name: `Case${i + 1}` });
  const proof = await app.inject({
    method: 'POST',
    url: `/api/v1/citizen/resident-certificate/${id}/upload-payment`,
    headers: citizen.headers,
    payload: { proof_of_payment: dataUrl(png(720, 1280)), proof_of_payment_name: 'transfer.png' },
  });
  if (proof.statusCode !== 200) throw new Error(`proof: ${proof.statusCode} ${proof.body}`);
  const paid = await app.inject({
    method: 'POST',
    url: `/api/v1/officer/applications/${id}/verify-payment`,
    headers: cashier.headers,
    payload: {},
  });
  if (paid.statusCode !== 200) throw new Error(`verify-payment: ${paid.statusCode} ${paid.body}`);
  ids.push(id);
}

console.log(
  JSON.stringify({
    ready: true,
    port: (app.server.address() as { port: number }).port,
    reviewer: reviewer.token,
    approver: approver.token,
    ids,
  }),
);

const stop = async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
