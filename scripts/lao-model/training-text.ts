/**
 * Lines of Lao text to fine-tune the recogniser on: words of Tesseract's own Lao word list (the one
 * the lexicon is made from, lao-lexicon.SOURCE.md), kept only when each of their syllables is one Lao
 * writes often (in the lexicon), written as print writes them (ໜ ໝ ຳ as single letters, the tone
 * mark after the vowel sign), and put together in the shapes an identity document prints: names with
 * and without a title, a label and its value, an address, grouped numbers and dates. No card
 * holder's name is added: the recogniser learns the script, not our test cards.
 *
 *   npx tsx scripts/lao-model/training-text.ts words.txt LINES SEED [nm|marks|check] > lines.txt
 *
 * With `nm`, a third of the lines are made of words and made-up names with ໜ or ໝ, each beside its
 * twin with the other letter (ໜີ / ໝີ): the two letters differ only in their last stroke (ນ's
 * against ມ's), and the recogniser trained on the plain mix picked the letter its training text made
 * likelier in that place rather than the one printed (66 % right on check-nm.ts's made-up names). One
 * word in ten of those with ໜ or ໝ (`isCheckWord`) is never written in that mode: the words the
 * model is checked on, printed by mode `check`. With `marks`, the `nm` lines and, besides them, ໜ and
 * ໝ under every vowel, tone mark and final Lao writes, in equal numbers (the model trained on `nm`
 * still read the letter its text had more often under a given vowel: ໝັ້ນ as ໜັ້ນ), and syllables
 * with ຸ beside their twins with ູ.
 */
import { readFileSync } from 'node:fs';
import { toLaoSpelling } from '../../src/features/registration/ocr/extract-id-card';
import { laoOrder } from '../../src/features/registration/ocr/field-values';
import { parseLaoLexicon } from '../../src/features/registration/ocr/lao-lexicon';
import { laoSyllables } from '../../src/features/registration/ocr/lao-syllables';

const [wordFile, count = '4000', seedText = '1', mode = ''] = process.argv.slice(2);
const focusMarks = mode === 'marks';
const focusNm = mode === 'nm' || focusMarks;
if (!wordFile) throw new Error('usage: training-text.ts words.txt [lines] [seed] [nm|marks|check]');

// A small seeded generator, so the same arguments give the same lines.
let seed = Number(seedText) >>> 0 || 1;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

const lexicon = parseLaoLexicon(
  readFileSync(new URL('../../src/features/registration/ocr/lao-lexicon.txt', import.meta.url), 'utf8'),
);
/** One word with ໜ or ໝ in ten, by a hash of its letters: kept out of the `nm` lines to check on. */
function isCheckWord(word: string): boolean {
  let h = 0;
  for (const c of word) h = (Math.imul(h, 31) + c.codePointAt(0)!) >>> 0;
  return /[ໜໝ]/u.test(word) && h % 10 === 0;
}

const listed = readFileSync(wordFile, 'utf8')
  .split('\n')
  .filter((w) => /^[\u0e81-\u0edf]{2,14}$/u.test(w))
  .map((w) => laoOrder(toLaoSpelling(w)))
  .filter((w) => {
    const syllables = laoSyllables(w);
    return (
      syllables.every((s) => lexicon.syllable(s) > 0) &&
      syllables.slice(1).every((s, i) => lexicon.pair(syllables[i]!, s))
    );
  });
if (mode === 'check') {
  process.stdout.write(`${listed.filter(isCheckWord).join('\n')}\n`);
  process.exit(0);
}
const words = focusNm ? listed.filter((w) => !isCheckWord(w)) : listed;
const short = words.filter((w) => w.length <= 9);

const NM = /[ໜໝ]/u;
const swapNm = (w: string) => w.replace(/[ໜໝ]/gu, (c) => (c === 'ໜ' ? 'ໝ' : 'ໜ'));
const known = new Set(words);
const nmWords = words.filter((w) => NM.test(w));
/** A word with ໜ or ໝ, followed by its twin with the other letter when Lao has that word too. */
const nmPair = () => {
  const w = pick(nmWords);
  return known.has(swapNm(w)) ? `${w} ${swapNm(w)}` : w;
};
/** A syllable's first consonant (after a leading vowel sign, with ຼ), where ໜ or ໝ is set in mode `marks`. */
const INITIAL = /^([ເແໂໃໄ]?)([\u0e81-\u0eae\u0edc\u0edd]ຼ?)(?![\u0e81-\u0eae])/u;
/**
 * A syllable as Lao spells it — leading vowel, consonant (with ຼ), one mark above or below, one tone
 * mark, a vowel after, a final: the word list's odd syllables (ໜໍິ່, ໃຫີ້) are left out of mode
 * `marks` (mode `nm` made the shipped model with them).
 */
const SYLLABLE = /^[ເແໂໃໄ]?[\u0e81-\u0eae\u0edc\u0edd]ຼ?[ັິີຶືົໍຸູ]?[່້໊໋]?(?:ອ|ວ|ຽ)?[ະາຳ]?[ກງຍດນບມວ]?$/u;
const wellFormed = (s: string) => !focusMarks || (SYLLABLE.test(s) && !/^[ໂໃໄ].*[ັິີຶືົໍຸູ]/u.test(s));
/** Syllables with ໜ or ໝ, each also with the other letter (names join syllables no word list has). */
const common = (s: string, words: number) => lexicon.syllable(s) >= words && !/ໆ/u.test(s) && wellFormed(s);
const nmSyllables = [...new Set(nmWords.flatMap(laoSyllables))].filter((s) => NM.test(s) && common(s, 8));
const syllables = [...new Set(words.flatMap(laoSyllables))].filter((s) => common(s, 64));
/** Two spellings side by side, in either order. */
const inEitherOrder = (a: string, b: string) => (random() < 0.5 ? `${a} ${b}` : `${b} ${a}`);
/** A made-up name with a ໜ or ໝ syllable, then the same name with the other letter. */
const nmTwins = () => {
  const name = `${random() < 0.8 ? pick(syllables) : ''}${pick(nmSyllables)}${random() < 0.4 ? pick(syllables) : ''}`;
  return inEitherOrder(name, swapNm(name));
};

const allSyllables = [...new Set(words.flatMap(laoSyllables))].filter((s) => INITIAL.test(s) && common(s, 8));
const withInitial = (s: string, letter: string) => s.replace(INITIAL, `$1${letter}`);
/** A made-up name with a syllable of any shape under ໜ, and the same under ໝ. */
const nmEveryMark = () => {
  const [before, after] = [random() < 0.6 ? pick(syllables) : '', random() < 0.3 ? pick(syllables) : ''];
  const s = pick(allSyllables);
  return inEitherOrder(`${before}${withInitial(s, 'ໜ')}${after}`, `${before}${withInitial(s, 'ໝ')}${after}`);
};
/**
 * ຸ and ູ, the marks the recogniser confused most after mode `nm` (ຄຳຜຸຍ): a syllable beside its twin.
 * (Twins by tone mark or by ິ/ີ were tried too: the model then put tone marks where none was printed.)
 */
const TWINS: [RegExp, (c: string) => string][] = [[/[ຸູ]/u, (c) => (c === 'ຸ' ? 'ູ' : 'ຸ')]];
const withMark = TWINS.map(([mark]) => allSyllables.filter((s) => mark.test(s)));
const markTwins = () => {
  const which = Math.floor(random() * TWINS.length);
  const [mark, swap] = TWINS[which]!;
  const s = pick(withMark[which]!);
  const twin = s.replace(mark, swap);
  const before = random() < 0.6 ? pick(syllables) : '';
  return inEitherOrder(`${before}${s}`, `${before}${twin}`);
};

const TITLES = ['ທ້າວ', 'ນາງ', 'ທ່ານ', 'ທ່ານນາງ', 'ອ້າຍ', 'ເອື້ອຍ'];
const LABELS = ['ຊື່', 'ນາມສະກຸນ', 'ຊື່ ແລະ ນາມສະກຸນ', 'ເລກປະຈຳຕົວ', 'ວັນເດືອນປີເກີດ', 'ທີ່ຢູ່', 'ວັນອອກບັດ', 'ວັນໝົດອາຍຸ', 'ສັນຊາດ', 'ເພດ'];
const SEPARATORS = ['/', '.', '-'];
const date = () => {
  const sep = pick(SEPARATORS);
  return [
    String(1 + Math.floor(random() * 28)).padStart(2, '0'),
    String(1 + Math.floor(random() * 12)).padStart(2, '0'),
    String(1940 + Math.floor(random() * 70)),
  ].join(sep);
};
const number = () => {
  const groups = random() < 0.5 ? [4, 4, 4] : [3, 4, 4, 4];
  return groups.map(digits).join(random() < 0.5 ? ' ' : '-');
};
const name = () => `${pick(short)} ${pick(short)}`;

const shapes: [number, () => string][] = [
  [30, () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(words)).join(' ')],
  [25, name],
  [12, () => `${pick(TITLES)} ${random() < 0.5 ? pick(short) : name()}`],
  [10, () => `${pick(LABELS)}: ${random() < 0.7 ? name() : pick(short)}`],
  [6, () => `ບ້ານ ${pick(short)} , ເມືອງ ${pick(short)} , ແຂວງ ${pick(short)}`],
  [5, number],
  [5, () => `${pick(LABELS)}: ${random() < 0.5 ? date() : number()}`],
  [4, date],
  [3, () => pick(short)],
  ...(focusNm
    ? ([
        [20, () => Array.from({ length: 1 + Math.floor(random() * 2) }, nmPair).join(' ')],
        [20, () => Array.from({ length: 1 + Math.floor(random() * 2) }, nmTwins).join(' ')],
        [6, () => `${pick(short)} ${pick(nmWords)}`],
        [6, () => `${pick(TITLES)} ${nmTwins()}`],
      ] as [number, () => string][])
    : []),
  ...(focusMarks
    ? ([
        [30, () => Array.from({ length: 1 + Math.floor(random() * 2) }, nmEveryMark).join(' ')],
        [8, markTwins],
      ] as [number, () => string][])
    : []),
];
const total = shapes.reduce((sum, [weight]) => sum + weight, 0);
const lines: string[] = [];
for (let i = 0; i < Number(count); i++) {
  let at = random() * total;
  const shape = shapes.find(([weight]) => (at -= weight) < 0) ?? shapes[0]!;
  lines.push(shape[1]());
}
process.stdout.write(`${lines.join('\n')}\n`);
