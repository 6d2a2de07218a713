/**
 * Makes src/features/registration/ocr/lao-lexicon.txt: the Lao syllables, and the pairs of
 * syllables in a row, of Tesseract's own Lao word list — the lstm-word-dawg inside the Lao model
 * the reader ships (@tesseract.js-data/lao, 4.0.0_best_int). See lao-lexicon.SOURCE.md beside it.
 *
 * Needs Tesseract's tools from Debian (`apt-get install tesseract-ocr`: combine_tessdata and
 * dawg2wordlist). Only to make the file again; the build uses the committed file.
 *
 *   npx tsx scripts/make-lao-lexicon.ts [--words FILE]   # FILE: a word list already unpacked
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { toLaoSpelling } from '../src/features/registration/ocr/extract-id-card';
import { laoOrder } from '../src/features/registration/ocr/field-values';
import { formatLaoLexicon } from '../src/features/registration/ocr/lao-lexicon';
import { laoSyllables } from '../src/features/registration/ocr/lao-syllables';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'src', 'features', 'registration', 'ocr', 'lao-lexicon.txt');
/** A syllable seen in fewer words of the list is mostly a typo or a cut word: left out. */
export const MIN_SYLLABLE_WORDS = Number(process.env.MIN_SYLLABLE_WORDS ?? 5);
/** Likewise for a pair of syllables. */
export const MIN_PAIR_WORDS = Number(process.env.MIN_PAIR_WORDS ?? 3);
const BITS_PER_PAIR = Number(process.env.BITS_PER_PAIR ?? 8);

function wordList(): string[] {
  const given = process.argv.indexOf('--words');
  if (given > 0) return readFileSync(process.argv[given + 1]!, 'utf8').split('\n');
  const require = createRequire(import.meta.url);
  const model = join(
    dirname(require.resolve('@tesseract.js-data/lao/package.json')),
    '4.0.0_best_int',
    'lao.traineddata.gz',
  );
  const dir = mkdtempSync(join(tmpdir(), 'lao-lexicon-'));
  try {
    writeFileSync(join(dir, 'lao.traineddata'), gunzipSync(readFileSync(model)));
    execFileSync('combine_tessdata', ['-u', join(dir, 'lao.traineddata'), join(dir, 'lao.')], { stdio: 'ignore' });
    execFileSync(
      'dawg2wordlist',
      [join(dir, 'lao.lstm-unicharset'), join(dir, 'lao.lstm-word-dawg'), join(dir, 'words.txt')],
      { stdio: 'ignore' },
    );
    return readFileSync(join(dir, 'words.txt'), 'utf8').split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const syllableWords = new Map<string, number>();
const pairWords = new Map<string, number>();
let words = 0;
for (const raw of wordList()) {
  // Lao letters and marks only (the list also has a few words with digits or Latin letters).
  if (!/^[\u0e81-\u0edf]+$/u.test(raw)) continue;
  words += 1;
  const syllables = laoSyllables(laoOrder(toLaoSpelling(raw)));
  for (const s of new Set(syllables)) syllableWords.set(s, (syllableWords.get(s) ?? 0) + 1);
  const pairs = new Set(syllables.slice(1).map((s, i) => `${syllables[i]!}|${s}`));
  for (const p of pairs) pairWords.set(p, (pairWords.get(p) ?? 0) + 1);
}
const kept = new Map([...syllableWords].filter(([, n]) => n >= MIN_SYLLABLE_WORDS));
const pairs = [...pairWords]
  .filter(([p, n]) => n >= MIN_PAIR_WORDS && p.split('|').every((s) => kept.has(s)))
  .map(([p]) => p.split('|') as [string, string]);
const text = formatLaoLexicon(kept, pairs, BITS_PER_PAIR);
writeFileSync(OUT, text);
console.log(`${words} words → ${kept.size} syllables, ${pairs.length} pairs; ${OUT} ${text.length} characters`);
