/**
 * npm run budget — the JavaScript a first visit really downloads, counted as the browser counts.
 *
 * Serves the built dist/ with the real server (in this process, on a scratch PGlite DATA_DIR),
 * opens each public screen and the signed-in home in Chromium with the service worker blocked and
 * an empty cache, in English and in Lao, and sums the gzip size of every script fetched until the
 * network is idle (entry, route chunks, the language catalogue, lazy parts the screen asks for).
 * Fails when a screen is over its budget, when any chunk of the build but React DOM (and the officers' pdf.js) is over 60 KB gzip, or when a
 * citizen's first screen fetches code it must never carry (OCR, PDF, QR, camera, WebAuthn, back office).
 * `--json FILE` also writes the figures (npm run bench uses them).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createAccount } from '../tests/api/fixtures';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { CHUNK_MODULES_FILE } from './chunk-modules';

const KB = 1024;
export const SCREENS = [
  { path: '/', budgetKb: 130 },
  { path: '/login', budgetKb: 130 },
  { path: '/register', budgetKb: 140 },
  { path: '/forgot-password', budgetKb: 130 },
  { path: '/verify/BUDGET-CHECK', budgetKb: 130 },
  { path: '/verify', budgetKb: 130 },
  // No goal is set for the signed-in home. It carries the signed-in words (~11 KB in Lao: every
  // signed-in screen's, the answers to an officer's questions and the wallet included), the bottom
  // bar, and what every signed-in screen needs offline: the outbox that replays queued requests and
  // the kept copies of the last answers. The ceiling holds that, so anything more is noticed; the
  // next step down is the signed-in words split per screen, as the visitor's are.
  { path: '/home', budgetKb: 165, signedIn: true },
] as const;
const CHUNK_LIMIT_KB = 60;
/** React DOM alone is ~66 KB gzip and cannot be split; it is the one chunk allowed past the limit. */
const FRAMEWORK_CHUNK = /^react-dom-[\w-]{8}\.js$/;
/**
 * pdf.js (~117 KB gzip, one library that does not split) paints other people's PDFs for officers:
 * fetched only when an officer opens a PDF, never on a citizen's screen (the PDF rule below).
 */
const OFFICER_PDF_CHUNK = /^pdf-pages-[\w-]{8}\.js$/;
/**
 * Code a citizen's first screen never needs: found by the modules the build put in the chunk
 * (scripts/chunk-modules.ts), its name, or a tell-tale in its text.
 */
const FORBIDDEN: { what: string; module: RegExp; name?: RegExp; text?: RegExp }[] = [
  {
    what: 'OCR (tesseract)',
    module: /node_modules\/tesseract|src\/features\/registration\/ocr\//,
    name: /tesseract|ocr/i,
    text: /tesseract/i,
  },
  { what: 'PDF', module: /node_modules\/(pdfkit|pdfjs)/, name: /pdf/i, text: /%PDF-/ },
  { what: 'QR code', module: /node_modules\/(qrcode|jsqr|@zxing)/, name: /qr/i, text: /qrcode/i },
  { what: 'camera', module: /id-card-camera/, name: /camera|foto/i, text: /getUserMedia/ },
  { what: 'photo shrinking', module: /src\/lib\/photo-shrink\//, name: /shrink/i, text: /convertToBlob/ },
  // A citizen's or officer's passkey code loads when a passkey is used, never with the login screen.
  { what: 'WebAuthn', module: /node_modules\/@simplewebauthn\//, text: /navigator\.credentials/ },
  {
    what: 'back office',
    module: /src\/features\/officer\/|src\/routes\/_officer.*\?tsr-split/,
    name: /officer|applications\._id/i,
    text: /\/v1\/officer\//,
  },
];
/** Each chunk's modules as the last build recorded them (empty when the build did not). */
const chunkModuleMap = (): Record<string, string[]> =>
  fs.existsSync(CHUNK_MODULES_FILE) ? JSON.parse(fs.readFileSync(CHUNK_MODULES_FILE, 'utf8')) : {};

export interface ScreenFigure {
  path: string;
  language: 'en' | 'lo';
  kb: number;
  budgetKb: number;
  scripts: { file: string; kb: number }[];
  forbidden: string[];
}

const gzipKb = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length / KB;

async function measure(
  browser: Browser,
  base: string,
  screen: (typeof SCREENS)[number],
  language: 'en' | 'lo',
  session: { token: string; expiresAt: number } | null,
): Promise<ScreenFigure> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    locale: language === 'lo' ? 'lo-LA' : 'en-US',
    viewport: { width: 390, height: 844 },
  });
  if (session) {
    await context.addInitScript(({ token, expiresAt }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('expiresAt', String(expiresAt));
      localStorage.setItem('role', 'citizen');
    }, session);
  }
  const page = await context.newPage();
  const chunks = chunkModuleMap();
  const pending: Promise<{ file: string; kb: number; forbidden: string[] }>[] = [];
  // A script arriving once the network was idle is not counted, and its body is gone with the context.
  let counted = false;
  page.on('response', (res) => {
    if (counted || res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then((body) => {
        const file = new URL(res.url()).pathname;
        const text = body.toString('utf8');
        const stem = path.basename(file).replace(/-[\w-]{8}\.js$/, '');
        const modules = chunks[path.basename(file)];
        // The text is a tell-tale only where the build did not record the chunk's modules: a chunk
        // known to hold our own file-type sniffing (`%PDF-` as a signature) is no PDF library.
        const forbidden = FORBIDDEN.filter(
          (f) =>
            (modules ?? []).some((m) => f.module.test(m)) ||
            f.name?.test(stem) ||
            (!modules?.length && f.text?.test(text)),
        ).map((f) => f.what);
        return { file, kb: gzipKb(body), forbidden };
      }),
    );
  });
  await page.goto(base + screen.path, { waitUntil: 'networkidle' });
  const finalPath = new URL(page.url()).pathname;
  if (finalPath !== screen.path)
    throw new Error(`${screen.path} ended on ${finalPath}: the measurement would count another screen`);
  counted = true;
  const scripts = await Promise.all(pending);
  await context.close();
  return {
    path: screen.path,
    language,
    budgetKb: screen.budgetKb,
    kb: scripts.reduce((sum, s) => sum + s.kb, 0),
    scripts: scripts.map(({ file, kb }) => ({ file, kb })),
    forbidden: [...new Set(scripts.flatMap((s) => s.forbidden.map((f) => `${f} in ${s.file}`)))],
  };
}

/** Every chunk of the build: none may be over the limit, or one screen would wait for it alone. */
function bigChunks(dist: string) {
  const dir = path.join(dist, 'assets');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, kb: gzipKb(fs.readFileSync(path.join(dir, file))) }))
    .filter((c) => c.kb > CHUNK_LIMIT_KB && !FRAMEWORK_CHUNK.test(c.file) && !OFFICER_PDF_CHUNK.test(c.file));
}

export async function measureBudget(
  dist = 'dist',
): Promise<{ screens: ScreenFigure[]; bigChunks: { file: string; kb: number }[] }> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`No build in ${dist}: run npm run build first`);
  process.env.WEB_DIST_DIR = path.resolve(dist);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-budget-'));
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const base = `http://127.0.0.1:${address.port}`;
    const { token } = await createAccount(app);
    const session = { token, expiresAt: Date.now() + 55 * 60_000 };
    const screens: ScreenFigure[] = [];
    for (const screen of SCREENS) {
      for (const language of ['en', 'lo'] as const)
        screens.push(await measure(browser, base, screen, language, 'signedIn' in screen ? session : null));
    }
    return { screens, bigChunks: bigChunks(dist) };
  } finally {
    await browser.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { screens, bigChunks: big } = await measureBudget();
  const failures: string[] = [];
  console.log('JavaScript of a first visit (service worker off, empty cache, until the network is idle), gzip:');
  for (const s of screens) {
    const over = s.kb > s.budgetKb;
    console.log(
      `  ${`${s.path} (${s.language})`.padEnd(28)} ${s.kb.toFixed(1).padStart(6)} KB  budget ${s.budgetKb} KB  ${s.scripts.length} scripts${over ? '  OVER BUDGET' : ''}`,
    );
    if (over) failures.push(`${s.path} (${s.language}) is ${s.kb.toFixed(1)} KB, budget ${s.budgetKb} KB`);
    for (const f of s.forbidden) failures.push(`${s.path} (${s.language}) fetches ${f}`);
  }
  for (const c of big) failures.push(`chunk ${c.file} is ${c.kb.toFixed(1)} KB gzip (limit ${CHUNK_LIMIT_KB} KB)`);
  const jsonAt = process.argv.indexOf('--json');
  if (jsonAt > 0) fs.writeFileSync(process.argv[jsonAt + 1], JSON.stringify({ screens, bigChunks: big }, null, 2));
  if (process.argv.includes('--verbose')) {
    for (const s of screens)
      console.log(
        `\n${s.path} (${s.language})\n${s.scripts.map((x) => `  ${x.file.padEnd(56)} ${x.kb.toFixed(1).padStart(6)} KB`).join('\n')}`,
      );
  }
  if (failures.length) {
    console.error(`\nBudget broken:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('All screens within budget.');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
