import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (Playwright cannot download its own here), quiet and offline-friendly. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumLaunchOptions(): LaunchOptions {
  return { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS };
}
