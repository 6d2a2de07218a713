/**
 * Renders the PNG app icons from public/icons/favicon.svg with headless Chromium (run once after
 * changing the artwork: `npx tsx scripts/make-icons.ts`; the PNGs are committed).
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';

const svg = fs.readFileSync('public/icons/favicon.svg', 'utf8');
// The maskable icon keeps the emblem inside the 80 % safe zone on a full-bleed background.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#002868"/><g transform="translate(76.8 76.8) scale(0.7)">${svg.replace(/<\/?svg[^>]*>/g, '')}</g></svg>`;

const browser = await chromium.launch(chromiumLaunchOptions());
const page = await browser.newPage();
for (const [file, art, size] of [
  ['icon-192.png', svg, 192],
  ['icon-512.png', svg, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}</style><img src="data:image/svg+xml;base64,${Buffer.from(art).toString('base64')}" width="${size}" height="${size}">`,
  );
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: true });
}
await browser.close();
