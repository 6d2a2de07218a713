/**
 * Copies what the ID card reader loads — tesseract.js's worker, its LSTM-only WebAssembly cores,
 * the English language data, our Lao model and the Lao syllable lexicon — from node_modules (and src/)
 * into public/tesseract/<version>/, and writes public/tesseract/files.json (that version and every
 * file's size, for the download progress bar). The folder is named after the package versions and
 * the lexicon's content, so the service worker can keep
 * its files for good: an update of tesseract.js comes under a new folder, never mixed with old files.
 * Idempotent: a file whose size and mtime already match is left alone; older versions are removed.
 *
 * Run: npx tsx scripts/copy-tesseract-assets.ts
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The reader's own names for what it loads, so the copy and the download never disagree.
import { LEXICON_FILE, READER_LANGUAGES } from '../src/features/registration/ocr/reader-assets';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;

/** The Lao syllable lexicon (made by scripts/make-lao-lexicon.ts), served beside the models. */
export const LEXICON_SOURCE = join(root, 'src', 'features', 'registration', 'ocr', LEXICON_FILE);

/**
 * The Lao recogniser: Tesseract's Lao model fine-tuned on the typefaces Lao documents are printed in
 * (made by scripts/lao-model/make-model.sh; docs/ocr-model.md).
 */
export const LAO_MODEL_SOURCE = join(root, 'src', 'features', 'registration', 'ocr', 'lao.traineddata.gz');

const contentHash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 8);

/** Folder name: changes whenever any of the copied packages does, or the lexicon, or the Lao model. */
export function assetVersion(): string {
  return [
    ...['tesseract.js', 'tesseract.js-core', '@tesseract.js-data/eng'].map(versionOf),
    contentHash(LEXICON_SOURCE),
    contentHash(LAO_MODEL_SOURCE),
  ].join('-');
}

/** [source, name in public/tesseract/<version>/] */
export function tesseractAssets(): [string, string][] {
  const tesseract = packageDir('tesseract.js');
  const core = packageDir('tesseract.js-core');
  // The worker asks for LSTM-only cores (OEM.LSTM_ONLY), picking the variant
  // by the browser's SIMD support; the legacy-engine cores are never loaded.
  // The .wasm.js builds embed the WebAssembly, so no separate .wasm is fetched.
  const cores = ['tesseract-core-relaxedsimd-lstm', 'tesseract-core-simd-lstm', 'tesseract-core-lstm'].map(
    (name): [string, string] => [join(core, `${name}.wasm.js`), `${name}.wasm.js`],
  );
  // English: "best_int", the integer LSTM model, about as accurate as "best" and faster. Lao: our own.
  const languages = READER_LANGUAGES.map((lang): [string, string] => [
    lang === 'lao'
      ? LAO_MODEL_SOURCE
      : join(packageDir(`@tesseract.js-data/${lang}`), '4.0.0_best_int', `${lang}.traineddata.gz`),
    `${lang}.traineddata.gz`,
  ]);
  return [
    [join(tesseract, 'dist', 'worker.min.js'), 'worker.min.js'],
    ...cores,
    ...languages,
    [LEXICON_SOURCE, LEXICON_FILE],
  ];
}

export function copyTesseractAssets(base = join(root, 'public', 'tesseract')): {
  copied: string[];
  skipped: string[];
  version: string;
} {
  const version = assetVersion();
  const target = join(base, version);
  mkdirSync(target, { recursive: true });
  // Files of an earlier layout or version: not shipped any more.
  for (const entry of readdirSync(base))
    if (entry !== version && entry !== 'files.json') rmSync(join(base, entry), { recursive: true, force: true });
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
  const files = tesseractAssets().map(([source, name]) => ({ name, bytes: statSync(source).size }));
  writeFileSync(join(base, 'files.json'), `${JSON.stringify({ version, files }, null, 2)}\n`);
  return { copied, skipped, version };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { copied, skipped, version } = copyTesseractAssets();
  console.log(`tesseract assets: ${copied.length} copied, ${skipped.length} up to date (public/tesseract/${version}/)`);
}
