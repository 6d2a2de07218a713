/**
 * Real tesseract.js recognition of the generated ID cards, in Node, with the
 * engine settings the app uses. Run with RECORD_OCR=1 to refresh the recorded
 * OCR output that extract-id-card.test.ts works on.
 *
 * The browser enlarges photos narrower than 800 px on a canvas first; Node has
 * no canvas, so the 640 px cards are read as they are (a harder case).
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorker, type Worker } from 'tesseract.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toLaoSpelling, normalizeOcrText } from '../../src/features/registration/ocr/extract-id-card';
import {
  OCR_ENGINE,
  OCR_LANGUAGES,
  OCR_PARAMETERS,
  readingOfPage,
  upscaleFactor,
  workerOptions,
  type IdCardReading,
} from '../../src/features/registration/ocr/tesseract-worker';
import type { ExpectedCard } from '../fixtures/id-cards/make-id-cards';

const require = createRequire(import.meta.url);
const cardsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'id-cards');
const cards = JSON.parse(readFileSync(join(cardsDir, 'expected.json'), 'utf8')) as ExpectedCard[];
const recorded: Record<string, [string, number][][]> = {};

let worker: Worker;
let langDir: string;

beforeAll(async () => {
  // Both languages must sit in one folder, as they do under /tesseract/ in the app.
  langDir = mkdtempSync(join(tmpdir(), 'tessdata-'));
  for (const lang of ['lao', 'eng']) {
    const data = join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int', `${lang}.traineddata.gz`);
    symlinkSync(data, join(langDir, `${lang}.traineddata.gz`));
  }
  const started = performance.now();
  worker = await createWorker(OCR_LANGUAGES, OCR_ENGINE, { langPath: langDir, cacheMethod: 'none' });
  await worker.setParameters(OCR_PARAMETERS);
  console.log(`engine ready in ${Math.round(performance.now() - started)} ms`);
}, 60_000);

afterAll(async () => {
  await worker?.terminate();
  if (langDir) rmSync(langDir, { recursive: true, force: true });
  if (process.env.RECORD_OCR) {
    const lines = Object.entries(recorded).map(([file, ocr]) =>
      `  ${JSON.stringify(file)}: [\n${ocr.map((line) => `    ${JSON.stringify(line)}`).join(',\n')}\n  ]`);
    writeFileSync(join(cardsDir, 'ocr-recorded.json'), `{\n${lines.join(',\n')}\n}\n`);
  }
});

async function read(file: string): Promise<IdCardReading> {
  const started = performance.now();
  const { data } = await worker.recognize(readFileSync(join(cardsDir, file)), {}, { text: true, blocks: true });
  const reading = readingOfPage(data, Math.round(performance.now() - started), new Date('2026-01-01'));
  console.log(`${file}: recognised in ${reading.durationMs} ms`);
  const byLine: [string, number][][] = [];
  for (const w of reading.words) (byLine[w.line] ??= []).push([w.text, Math.round(w.confidence)]);
  recorded[file] = byLine.filter(Boolean);
  return reading;
}

const lao = (text: string) => toLaoSpelling(normalizeOcrText(text));

describe('ID card recognition', () => {
  for (const card of cards) {
    it(`reads ${card.file} (${card.variant}, ${card.font} / data in ${card.dataFont})`, async () => {
      const { fields } = await read(card.file);
      expect(fields.idNumber?.value).toBe(card.idNumber);
      expect(fields.dateOfBirth?.value).toBe(card.dateOfBirth);
      if (card.variant !== 'clean') return;
      if (card.dataFont === 'Phetsarath OT') {
        expect(fields.firstNameLao?.value).toBe(lao(card.firstNameLao));
        expect(fields.lastNameLao?.value).toBe(lao(card.lastNameLao));
        expect(fields.latinName?.value).toBe(card.latinName);
      } else {
        // The Lao model misreads the unlooped Noto Sans Lao: a wrong name must
        // at least be marked for the person to check.
        for (const [got, expected] of [[fields.firstNameLao, card.firstNameLao], [fields.lastNameLao, card.lastNameLao]] as const) {
          if (got && got.value !== lao(expected)) expect(got.confidence).toBe('check');
        }
      }
    }, 20_000);
  }
});

describe('browser engine settings', () => {
  it('loads everything from our own /tesseract/ folder, without IndexedDB cache', () => {
    vi.stubGlobal('location', new URL('https://portal.example/register/id-card'));
    try {
      expect(workerOptions()).toEqual({
        workerPath: 'https://portal.example/tesseract/worker.min.js',
        corePath: 'https://portal.example/tesseract/',
        langPath: 'https://portal.example/tesseract/',
        cacheMethod: 'none',
        workerBlobURL: false,
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('enlarges only photos narrower than 800 px', () => {
    expect(upscaleFactor(640)).toBe(2);
    expect(upscaleFactor(300)).toBe(3);
    expect(upscaleFactor(800)).toBe(1);
    expect(upscaleFactor(4000)).toBe(1);
  });
});
