import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium';
import { E2E_OFFICER, E2E_SECOND_OFFICER } from './tests/e2e/fixtures/officer';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// A fresh embedded database for every run: the journeys register new citizens each time.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `rc-e2e-${Date.now()}`);
// Test files read the mail outbox (registration codes, reset links) from here.
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // One folder per port, so two runs side by side do not delete each other's results.
  outputDir: `test-results/e2e-${PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The officer's-day team (one officer per duty) is written into the fresh database first.
    command: 'npx tsx tests/e2e/fixtures/seed-officers.ts && node dist-server/server.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    // The database is made twice before the first answer (the team's seeding, then the server): slow
    // on a busy machine.
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      APP_BASE_URL: `http://127.0.0.1:${PORT}`,
      E2E_DATA_DIR: dataDir,
      BOOTSTRAP_OFFICER_EMAIL: E2E_OFFICER.email,
      BOOTSTRAP_OFFICER_PASSWORD: E2E_OFFICER.password,
      BOOTSTRAP_OFFICER_TOTP_SECRET: E2E_OFFICER.totpSecret,
      BOOTSTRAP_SECOND_OFFICER_EMAIL: E2E_SECOND_OFFICER.email,
      BOOTSTRAP_SECOND_OFFICER_PASSWORD: E2E_SECOND_OFFICER.password,
      BOOTSTRAP_SECOND_OFFICER_TOTP_SECRET: E2E_SECOND_OFFICER.totpSecret,
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
