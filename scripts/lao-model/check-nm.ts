/**
 * How often a Lao model tells ໜ from ໝ in names: made-up names (a syllable, ໜ or ໝ with a vowel or
 * final, maybe another syllable), each written with both letters, rendered by Tesseract's text2image
 * in four typefaces at 150 and 100 dpi, read by the tesseract
 * command with the model. Prints, per typeface and size, the names read exactly and the ໜ/ໝ letters
 * read right among names read right but for them; then, as the card reader decides where Lao writes
 * a syllable either way (name-by-content.ts), how many names read alike at 150, 125 and 100 dpi with
 * every ໜ/ໝ rated at least so far above its twin are right and wrong. The names come from a fixed
 * list of syllables, not from the training text (training-text.ts) nor from a card holder.
 *
 *   npx tsx scripts/lao-model/check-nm.ts lao.traineddata[.gz] [WORK_DIR]
 *
 * Needs Debian's tesseract-ocr, fonts-lao, fonts-noto-core and fonts-noto-extra.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { toLaoSpelling } from '../../src/features/registration/ocr/extract-id-card';
import { nameSyllables, parseLaoLexicon } from '../../src/features/registration/ocr/lao-lexicon';
import { hoWriting } from '../../src/features/registration/ocr/name-by-content';
import { hoLetterMargins, hoLettersRated, symbolChoicesOf } from '../../src/features/registration/ocr/symbol-choices';

const [model, work = '/tmp/lao-check-nm'] = process.argv.slice(2);
if (!model) throw new Error('usage: check-nm.ts lao.traineddata[.gz] [WORK_DIR]');
mkdirSync(work, { recursive: true });
const bytes = readFileSync(model);
writeFileSync(join(work, 'lao.traineddata'), model.endsWith('.gz') ? gunzipSync(bytes) : bytes);

const BEFORE = ['ສົມ', 'ບຸນ', 'ຄຳ', 'ສະ', 'ຈັນ', 'ທອງ', 'ແກ້ວ', 'ພອນ', 'ລັດ', 'ວົງ', '', '', 'ສີ', 'ມະ', 'ອິນ'];
const ENDINGS = ['ີ', 'ູ', 'າ', 'ອນ', 'ົດ', 'ັ້ນ', 'ໍ່', 'ິ', 'ວງ', 'ອງ', 'າຍ', '່ອງ', '້າ', 'ັກ', 'ູນ', 'ີ່', 'ື່ນ', 'ົ້ງ', 'ຸ່ມ', 'ວນ'];
const AFTER = ['', '', '', 'ວົງ', 'ໄຊ', 'ພອນ', 'ສີ', ''];
// Every combination would be 2,400 names; a fixed stride through them keeps 120 of every kind.
const names: string[] = [];
for (let i = 0; i < 120; i++) {
  const n = i * 7919;
  const stem = (letter: string) =>
    `${BEFORE[n % BEFORE.length]}${letter}${ENDINGS[(n >> 4) % ENDINGS.length]}${AFTER[(n >> 9) % AFTER.length]}`;
  names.push(stem('ໜ'), stem('ໝ'));
}
writeFileSync(join(work, 'names.txt'), `${names.join('\n')}\n`);

const withNo = (text: string) => text.replace(/ໝ/gu, 'ໜ');

/** The pairs of a longest common subsequence of `names` and `read`, equal but for ໜ/ໝ. */
function aligned<T extends { text: string }>(names: string[], read: T[]): [number, T][] {
  const same = (i: number, j: number) => withNo(names[i]!) === withNo(read[j]!.text);
  const length = Array.from({ length: names.length + 1 }, () => new Array<number>(read.length + 1).fill(0));
  for (let i = names.length - 1; i >= 0; i--)
    for (let j = read.length - 1; j >= 0; j--)
      length[i]![j] = same(i, j) ? length[i + 1]![j + 1]! + 1 : Math.max(length[i + 1]![j]!, length[i]![j + 1]!);
  const pairs: [number, T][] = [];
  for (let i = 0, j = 0; i < names.length && j < read.length;) {
    if (same(i, j)) pairs.push([i++, read[j++]!]);
    else if (length[i + 1]![j]! >= length[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/** How sure the recogniser was of each ໜ/ໝ it read (hoLetterMargins), and whether it was right. */
const margins: { margin: number; right: boolean }[] = [];
let allExact = 0;
let allRight = 0;
let allLetters = 0;
type Read = { text: string; margins: { letter: string; margin: number }[] };
/** Per typeface, each name's readings at the three sizes (by the name's place in the list). */
const atEverySize: Map<number, Read[]>[] = [];
for (const face of ['Phetsarath OT', 'Noto Sans Lao', 'Noto Serif Lao', 'Noto Looped Lao']) {
  const sizes = new Map<number, Read[]>();
  atEverySize.push(sizes);
  // 125 dpi is read only for the three sizes below: the figures per size are of 150 and 100 dpi.
  for (const dpi of [150, 100, 125]) {
    const base = join(work, `${face.replace(/ /g, '')}-${dpi}`);
    execFileSync(
      'text2image',
      [
        ...['--text', join(work, 'names.txt'), '--outputbase', base, '--font', face, '--fonts_dir', '/usr/share/fonts'],
        ...['--ptsize', '12', '--resolution', String(dpi), '--xsize', String(dpi * 5), '--ysize', String(dpi * 40)],
        ...['--leading', String(Math.round(dpi / 6)), '--char_spacing', '0', '--max_pages', '0'],
      ],
      { stdio: 'ignore', cwd: work },
    );
    execFileSync(
      'tesseract',
      [
        `${base}.tif`,
        base,
        '--tessdata-dir',
        work,
        '-l',
        'lao',
        '--psm',
        '6',
        '-c',
        'lstm_choice_mode=2',
        '-c',
        'tessedit_create_hocr=1',
      ],
      { stdio: 'ignore' },
    );
    // The words as read, each with the recogniser's guesses at its symbols (as the reader gets them).
    const hocr = readFileSync(`${base}.hocr`, 'utf8');
    const choices = symbolChoicesOf(hocr);
    const read = [...hocr.matchAll(/<span class='ocrx_word'[^>]*>([^<\s]*)/gu)].map((m, i) => ({
      // The model writes ໜ ໝ ຳ as the pairs its training text had (docs/ocr-model.md).
      text: toLaoSpelling(m[1]!),
      margins: hoLetterMargins(choices[i] ?? []),
    }));
    // text2image fills lines with several names: the reading is matched to them by the longest
    // common subsequence of names, their letters compared with ໜ and ໝ taken as one.
    let exact = 0;
    let right = 0;
    let letters = 0;
    for (const [at, word] of aligned(names, read)) {
      const name = names[at]!;
      sizes.set(at, [...(sizes.get(at) ?? []), word]);
      if (dpi === 125) continue;
      if (word.text === name) exact += 1;
      let nth = 0;
      for (let i = 0; i < name.length; i++)
        if (/[ໜໝ]/u.test(name[i]!)) {
          letters += 1;
          if (word.text[i] === name[i]) right += 1;
          // The margin of the letter the reading wrote: negative when the recogniser rated the other first.
          const seen = word.margins[nth++];
          if (seen)
            margins.push({
              margin: seen.letter === word.text[i] ? seen.margin : -seen.margin,
              right: word.text[i] === name[i],
            });
        }
    }
    if (dpi === 125) continue;
    allExact += exact;
    allRight += right;
    allLetters += letters;
    console.log(
      `${face.padEnd(16)} ${dpi} dpi  names exact ${exact}/${names.length}  ໜ/ໝ right ${right}/${letters} (${Math.round((100 * right) / Math.max(1, letters))} %)`,
    );
  }
}
console.log(
  `all                       names exact ${allExact}/${names.length * 8}  ໜ/ໝ right ${allRight}/${allLetters} (${Math.round((100 * allRight) / Math.max(1, allLetters))} %)`,
);
// Whether the recogniser's own scores tell a right ໜ/ໝ from a wrong one: the letters read with at
// least that margin over the other, right and wrong.
for (const least of [0, 10, 20, 30, 40, 50, 60]) {
  const kept = margins.filter((m) => m.margin >= least);
  const wrong = kept.filter((m) => !m.right).length;
  console.log(
    `margin ≥ ${String(least).padStart(2)}: ${kept.length - wrong} right, ${wrong} wrong of ${margins.length} letters`,
  );
}

// The reader's rule where Lao writes a syllable with either letter (name-by-content.ts): the name
// read alike at all three sizes, each ໜ/ໝ rated at least so much above its twin every time. Apart:
// the names whose syllables Lao writes both ways (hoWriting), where the reader uses it.
const lexicon = parseLaoLexicon(
  readFileSync(new URL('../../src/features/registration/ocr/lao-lexicon.txt', import.meta.url), 'utf8'),
);
const bothWays = (name: string) =>
  nameSyllables(name)
    .flat()
    .some((s) => /[ໜໝ]/u.test(s) && hoWriting(s, lexicon) === 'both');
for (const least of [30, 40, 50, 60, 70]) {
  let right = 0;
  let rightBoth = 0;
  const wrong: string[] = [];
  for (const sizes of atEverySize)
    for (const [at, reads] of sizes) {
      if (reads.length < 3 || reads.some((r) => r.text !== reads[0]!.text)) continue;
      if (!/[ໜໝ]/u.test(reads[0]!.text)) continue;
      if (!reads.every((r) => hoLettersRated(r.text, r.margins, least))) continue;
      if (reads[0]!.text === names[at]) {
        right += 1;
        if (bothWays(names[at]!)) rightBoth += 1;
      } else wrong.push(`${reads[0]!.text} for ${names[at]}${bothWays(names[at]!) ? ' (both ways)' : ''}`);
    }
  console.log(
    `read alike at 3 sizes, every margin ≥ ${least}: ${right} names right (${rightBoth} written both ways), ${wrong.length} wrong ${wrong.join(', ')}`,
  );
}
