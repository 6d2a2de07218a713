/**
 * Copies tesseract.js's worker, WebAssembly cores and the Lao + English
 * language data from node_modules into public/tesseract/, so ID card reading
 * runs from our own server and works offline once the service worker has it.
 * Idempotent: a file whose size and mtime already match is left alone.
 *
 * Run: npx tsx scripts/copy-tesseract-assets.ts
 */
import { copyFileSync, mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** [source, name in public/tesseract/] */
export function tesseractAssets(): [string, string][] {
  const tesseract = packageDir('tesseract.js');
  const core = packageDir('tesseract.js-core');
  // The worker asks for LSTM-only cores (OEM.LSTM_ONLY), picking the variant
  // by the browser's SIMD support; the legacy-engine cores are never loaded.
  // The .wasm.js builds embed the WebAssembly, so no separate .wasm is fetched.
  const cores = ['tesseract-core-relaxedsimd-lstm', 'tesseract-core-simd-lstm', 'tesseract-core-lstm']
    .map((name): [string, string] => [join(core, `${name}.wasm.js`), `${name}.wasm.js`]);
  // "best_int": the integer LSTM models, about as accurate as "best" and faster.
  const languages = ['lao', 'eng'].map((lang): [string, string] => [
    join(packageDir(`@tesseract.js-data/${lang}`), '4.0.0_best_int', `${lang}.traineddata.gz`),
    `${lang}.traineddata.gz`,
  ]);
  return [[join(tesseract, 'dist', 'worker.min.js'), 'worker.min.js'], ...cores, ...languages];
}

export function copyTesseractAssets(target = join(root, 'public', 'tesseract')): { copied: string[]; skipped: string[] } {
  mkdirSync(target, { recursive: true });
  const copied: string[] = [];
  const skipped: string[] = [];
  for (const [source, name] of tesseractAssets()) {
    const destination = join(target, name);
    const from = statSync(source);
    const to = statSync(destination, { throwIfNoEntry: false });
    // mtimes compared to the millisecond: utimes cannot set finer on every filesystem.
    if (to && to.size === from.size && Math.abs(to.mtimeMs - from.mtimeMs) < 1) {
      skipped.push(name);
      continue;
    }
    copyFileSync(source, destination);
    // Keep the source's mtime so the next run can tell the copy is current.
    utimesSync(destination, from.atime, from.mtime);
    copied.push(name);
  }
  // Sizes for the download progress bar (src/features/registration/ocr/reader-assets.ts).
  const files = tesseractAssets().map(([source, name]) => ({ name, bytes: statSync(source).size }));
  writeFileSync(join(target, 'files.json'), `${JSON.stringify({ files }, null, 2)}\n`);
  return { copied, skipped };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { copied, skipped } = copyTesseractAssets();
  console.log(`tesseract assets: ${copied.length} copied, ${skipped.length} up to date (public/tesseract/)`);
}
