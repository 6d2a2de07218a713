import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { toDocumentStep } from './fixtures/application-steps';
import { registerCitizen, signIn } from './fixtures/citizen';
import { pageText, photographPage, wordsRead, type Conditions } from './fixtures/document-pages';
import { keptDocuments } from './fixtures/phone-photos';

/**
 * A page of 10-point text photographed at 12 MP stays legible once the app has made it small:
 * tesseract (English model) reads at least 95 % of its words from what the draft keeps.
 * The pages the shrinking was tuned on and, apart, pages it never was (only ever measured).
 * LEGIBILITY_ORIGINAL=1 also reads each photo as taken, for comparison (slow).
 */
const TUNED: Conditions[] = [
  { seed: 1, tilt: 0.6, blur: 1.0, noise: 8 },
  { seed: 2, tilt: -1.2, blur: 1.5, noise: 10 },
];
const ASIDE: Conditions[] = [
  { seed: 101, tilt: 0.9, blur: 1.2, noise: 9 },
  { seed: 102, tilt: -0.4, blur: 1.8, noise: 12 },
  { seed: 103, tilt: 1.5, blur: 0.8, noise: 7 },
];

const LANG_PATH = path.resolve('node_modules/@tesseract.js-data/eng/4.0.0_best_int');

test('10-point text photographed at 12 MP is still read once made small', async ({ page, request }, testInfo) => {
  test.setTimeout(600_000);
  const citizen = await registerCitizen(request);
  await signIn(page, citizen);
  await toDocumentStep(page);
  const ocr: Worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    cachePath: testInfo.outputPath('tesseract-cache'),
    gzip: true,
  });
  const readOriginal = process.env.LEGIBILITY_ORIGINAL === '1';
  const rows: string[] = [];
  const totals = { tuned: { found: 0, total: 0 }, aside: { found: 0, total: 0 } };
  try {
    for (const [set, pages] of [
      ['tuned', TUNED],
      ['aside', ASIDE],
    ] as const) {
      for (const conditions of pages) {
        const text = pageText(conditions.seed);
        const name = `page-${conditions.seed}.jpg`;
        const file = testInfo.outputPath(name);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, await photographPage(page, text, conditions));
        const started = Date.now();
        await page.getByLabel('Proof of residence').setInputFiles(file);
        await expect(page.locator('#document-proof_of_residence').getByText(name)).toBeVisible({ timeout: 30_000 });
        const ms = Date.now() - started;
        const kept = (await keptDocuments(page)).proof_of_residence!;
        const small = Buffer.from(kept.base64, 'base64');
        fs.writeFileSync(testInfo.outputPath(`kept-${name}`), small);
        const result = wordsRead(text.words, (await ocr.recognize(small)).data.text);
        totals[set].found += result.found;
        totals[set].total += result.total;
        let row = `${set} ${name}: ${(fs.statSync(file).size / 1e6).toFixed(2)} MB → ${(kept.bytes / 1000).toFixed(0)} KB ${kept.width}x${kept.height} in ${ms} ms; words read ${result.found}/${result.total} (${((100 * result.found) / result.total).toFixed(1)} %)`;
        if (readOriginal) {
          const original = wordsRead(text.words, (await ocr.recognize(file)).data.text);
          row += `; from the original ${((100 * original.found) / original.total).toFixed(1)} %`;
        }
        rows.push(row);
        console.log(row);
      }
    }
  } finally {
    await ocr.terminate();
  }
  const share = (t: { found: number; total: number }) => t.found / t.total;
  const summary = `tuned pages ${(100 * share(totals.tuned)).toFixed(1)} %, pages aside ${(100 * share(totals.aside)).toFixed(1)} %`;
  console.log(summary);
  await testInfo.attach('legibility', { body: [...rows, summary].join('\n') });
  expect(share(totals.tuned)).toBeGreaterThanOrEqual(0.95);
  expect(share(totals.aside)).toBeGreaterThanOrEqual(0.95);
});
