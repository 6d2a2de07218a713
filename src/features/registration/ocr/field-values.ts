/**
 * A field's value out of the text read on its own crop. Pure: unit-tested on recorded readings.
 * A value is returned only when it passes the same rule as a typed one; otherwise the citizen types it.
 */
import {
  isValidAddress,
  isValidIdNumber,
  isValidName,
  MIN_WORD_CONFIDENCE,
  normalizeOcrText,
  toIsoDate,
  toLaoSpelling,
} from './extract-id-card';
import { nameSyllables, type LaoLexicon } from './lao-lexicon';
import { CONSONANT } from './lao-syllables';
import { impossibleSpelling, latinDistance, latinNeutralVariants, lookAlikes, nearestLatinWord } from './latin-match';
import type { SymbolChoice } from './symbol-choices';

const TONE = '\u0ec8-\u0ecb';
// Vowel signs written above or below the consonant, which Unicode orders before a tone mark.
const MARK = '\u0eb1\u0eb4-\u0eb9\u0ebb\u0ecd';

/**
 * Lao text in the order people type it: a tone mark read before the vowel sign it sits on is put
 * after it (the glyphs look the same, the strings would not compare equal), doubled marks dropped.
 */
export function laoOrder(text: string): string {
  return text
    .replace(new RegExp(`([${TONE}])([${MARK}])`, 'gu'), '$2$1')
    .replace(new RegExp(`([${TONE}${MARK}])\\1+`, 'gu'), '$1');
}

/** The 12 digits of the ID number, when the crop holds exactly one such run. */
export function idNumberFrom(text: string): string | undefined {
  const read = normalizeOcrText(text);
  const digits = read.replace(/[^\d]/g, '');
  if (isValidIdNumber(digits)) return digits;
  // A speck of the label before the number read as a digit or two ("1 609-3217-3076-6357"): the
  // number is what follows it.
  const after = read.replace(/^\s*\d{1,2}\s+(?=\d)/, '').replace(/[^\d]/g, '');
  return isValidIdNumber(after) ? after : undefined;
}

// Not inside a longer run of digits: "21 1/04/1976" (a bold slash read as 1 and a slash) is no
// date, rather than the 11 April its last digits would make.
const DATE = /(?<!\d)(\d{1,2})\s*[/.,-]\s*(\d{1,2})\s*[/.,-]\s*(\d{4})(?!\d)/u;
/** The first separator lost, day and month two digits each: 3112/1979. */
const DATE_DAY_MONTH_JOINED = /(?<!\d)(\d{2})(\d{2})\s*[/.,-]\s*(\d{4})(?!\d)/u;

/** A day/month/year date as ISO, when it is a real date in the past. */
export function dateFrom(text: string, today: Date): string | undefined {
  // A date is one group: a space read inside it ("1 2/04/ 1983") is a gap between letters.
  const joined = normalizeOcrText(text).replace(/(\d)\s+(?=[\d/.,-])|([/.,-])\s+(?=\d)/g, '$1$2');
  const match = DATE.exec(joined) ?? DATE_DAY_MONTH_JOINED.exec(joined);
  return match ? toIsoDate(Number(match[1]), Number(match[2]), Number(match[3]), today) : undefined;
}

/**
 * A date whose separators were lost (light dots or dashes under a glare spot or a security line):
 * day, month and year in one run of eight digits, or apart with spaces. A last resort, where no
 * reading made a date with its separators: the value is filled only to check.
 */
export function dateWithoutSeparators(text: string, today: Date): string | undefined {
  const read = normalizeOcrText(text);
  const match =
    /(?<!\d)(\d{2})(\d{2})(\d{4})(?!\d)/u.exec(read) ?? /(?<!\d)(\d{1,2})\s+(\d{1,2})\s+(\d{4})(?!\d)/u.exec(read);
  return match ? toIsoDate(Number(match[1]), Number(match[2]), Number(match[3]), today) : undefined;
}

/**
 * An ID number read with a speck or two joined to it as digits (a label's dot, a security line's
 * end): 13 digits as the last 12, 16 or 17 as the last 15. A last resort, where no reading made a
 * number: which end the speck was on is a guess, so the value is filled only to check.
 */
export function idNumberLoosely(text: string): string | undefined {
  const digits = normalizeOcrText(text).replace(/[^\d]/g, '');
  if (digits.length === 13) return digits.slice(1);
  if (digits.length === 16 || digits.length === 17) return digits.slice(digits.length - 15);
  return undefined;
}

/**
 * A date from readings of it that do not all agree (ISO dates): each digit as more than half of
 * them read it — every reading misread a different digit (a 6 for a 9 at one size, for a 0 at
 * another). Nothing where a digit has no such majority or the result is no date.
 */
export function digitwise(dates: readonly string[], today: Date): string | undefined {
  if (!dates.length) return undefined;
  let value = '';
  for (let i = 0; i < dates[0]!.length; i++) {
    const counts = new Map<string, number>();
    for (const date of dates) counts.set(date[i]!, (counts.get(date[i]!) ?? 0) + 1);
    const [digit, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    if (count * 2 <= dates.length) return undefined;
    value += digit;
  }
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return toIsoDate(day, month, year, today) === value ? value : undefined;
}

/** A Lao name: the Lao letters and marks read, in typing order; stray Latin or signs dropped. */
export function laoNameFrom(text: string): string | undefined {
  // ໆ repeats the word before it: it is never written inside a personal name (a speck or a stray
  // stroke read as one), and is dropped.
  const lao = normalizeOcrText(text)
    .replace(/\u0ec6/gu, '')
    .replace(/[^\u0e80-\u0eff ]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Marks cannot start a word: a mark read alone (noise above the line) is dropped.
  // Nor is a letter alone, with no vowel or mark, a Lao word: a speck read as a letter.
  const words = lao
    .replace(new RegExp(`(^| )[${TONE}${MARK}]+`, 'gu'), '$1')
    .split(' ')
    // (nor a leading vowel alone, ເ ແ ໂ ໃ ໄ: a speck at the crop's edge, or a neighbour's letter).
    .filter((w) => !/^[\u0e81-\u0eae\u0ec0-\u0ec4]$/u.test(w))
    .join(' ');
  const value = laoOrder(toLaoSpelling(words))
    // ຼ is written under ຫ only (ຫຼ); the reading sometimes takes ຫ for ທ or ຖ next to it.
    .replace(/[\u0e81-\u0eae]\u0ebc/gu, '\u0eab\u0ebc');
  return value && /[\u0e81-\u0eae\u0edc-\u0edf]/u.test(value) && isValidName(value) ? value : undefined;
}

export interface NameReading {
  text: string;
  /** The lowest word confidence of the reading, 0–100. */
  confidence: number;
  /** The recogniser's guesses at each symbol of each word (symbol-choices.ts), when it gave them. */
  choices?: SymbolChoice[][][];
}

/**
 * Whether one reading is enough: sure, spelt like the Latin line, and not mended in any way.
 */
export function nameConfirmed(reading: NameReading, latinName: string | undefined, lexicon?: LaoLexicon): boolean {
  if (reading.confidence < MIN_WORD_CONFIDENCE) return false;
  const once = laoNameOf([reading], latinName, lexicon);
  return (
    once.value !== undefined &&
    !once.corrected &&
    !impossibleSpelling(once.value) &&
    latinDistance(once.value, latinName) === 0
  );
}

/** How the name's candidates are weighed once the Latin line has had its say (in bits). */
export const NAME_WEIGHTS = {
  /** A letter or mark changed from what any reading said. */
  edit: 2,
  /** …when the recogniser itself had it as its next guess at that symbol. */
  choice: 1,
  /** Each reading beyond the first that said the very same thing. */
  vote: 0.5,
  /** Two syllables that Lao writing has in a row. */
  pair: 3,
  /** A recogniser's guess counts when it scored at least this (0–100)… */
  choiceMin: 30,
  /** …and not more than this below the symbol it read. */
  choiceGap: 40,
};

interface Candidate {
  value: string;
  votes: number;
  confidence: number;
  /** How far from what was read: edits, in bits (0 = a reading said it). */
  cost: number;
}

/** Each reading with one symbol read as the recogniser's next guess there, as text. */
function choiceVariants(reading: NameReading): string[] {
  const words = reading.choices ?? [];
  const out: string[] = [];
  const tops = words.map((symbols) => symbols.map((s) => s[0]?.text ?? ''));
  words.forEach((symbols, w) =>
    symbols.forEach((choices, i) => {
      const best = choices[0]?.confidence ?? 0;
      for (const choice of choices.slice(1)) {
        if (choice.confidence < NAME_WEIGHTS.choiceMin || choice.confidence < best - NAME_WEIGHTS.choiceGap) continue;
        // ໆ is no letter of a name (laoNameFrom drops it): as a guess it would only lose the symbol.
        if (choice.text === '\u0ec6') continue;
        const text = tops
          .map((t, v) => (v === w ? [...t.slice(0, i), choice.text, ...t.slice(i + 1)] : t).join(''))
          .join(' ');
        out.push(text);
      }
    }),
  );
  return out;
}

/** log2 of the word list's size: a syllable's score is then log2 of its share of the words. */
const LEXICON_SCALE = 19;

/**
 * How likely Lao writing is to spell this (log2, higher is likelier): each syllable by how often
 * the word list has it, a bonus for each pair of syllables it has in a row.
 */
export function spellingScore(name: string, lexicon: LaoLexicon): number {
  let score = 0;
  for (const syllables of nameSyllables(name)) {
    syllables.forEach((s, i) => {
      score += Math.log2(lexicon.syllable(s) + 0.5);
      if (i > 0 && lexicon.pair(syllables[i - 1]!, s)) score += NAME_WEIGHTS.pair;
    });
    // Every syllable is a choice among many: a spelling in fewer syllables is not thereby likelier.
    score -= LEXICON_SCALE * syllables.length;
  }
  return score;
}

/** Every syllable one Lao writing has; with `inPairs`, every two in a row of a word seen together too. */
export function writtenLikeLao(name: string, lexicon: LaoLexicon, inPairs = false): boolean {
  return nameSyllables(name).every((word) =>
    word.every((s, i) => lexicon.syllable(s) > 0 && (!inPairs || i === 0 || lexicon.pair(word[i - 1]!, s))),
  );
}

/**
 * The spelling of a name closest to Lao writing that differs from it only in what the Latin line
 * cannot see (latinNeutralVariants), each change costing `NAME_WEIGHTS.edit`: per word, the best
 * path through its syllables and their variants (pairs in a row score too).
 */
export function bestSpelling(name: string, lexicon: LaoLexicon): { value: string; edits: number } {
  let edits = 0;
  const words = nameSyllables(name).map((syllables) => {
    type Path = { text: string[]; score: number; edits: number };
    let paths: Map<string, Path> = new Map([['', { text: [], score: 0, edits: 0 }]]);
    for (const syllable of syllables) {
      const options = [syllable, ...latinNeutralVariants(syllable).filter((v) => lexicon.syllable(v) > 0)];
      const next = new Map<string, Path>();
      for (const option of options) {
        const own = Math.log2(lexicon.syllable(option) + 0.5) - (option === syllable ? 0 : NAME_WEIGHTS.edit);
        let best: Path | undefined;
        for (const [last, path] of paths) {
          const score = path.score + own + (last && lexicon.pair(last, option) ? NAME_WEIGHTS.pair : 0);
          if (!best || score > best.score)
            best = { text: [...path.text, option], score, edits: path.edits + Number(option !== syllable) };
        }
        next.set(option, best!);
      }
      paths = next;
    }
    const best = [...paths.values()].sort((a, b) => b.score - a.score)[0]!;
    edits += best.edits;
    return best.text.join('');
  });
  return { value: words.join(' '), edits };
}

/**
 * A letter bears one tone mark at most: two read in a row on it are the recogniser's two guesses
 * at one mark (ແກ໋່ວ for ແກ້ວ). The name with each of them alone, for the Latin line and the
 * lexicon to weigh.
 */
export function singleTones(name: string): string[] {
  const out = new Set<string>();
  for (const match of name.matchAll(new RegExp(`[${TONE}]{2,}`, 'gu'))) {
    for (const tone of new Set(match[0]))
      out.add(name.slice(0, match.index) + tone + name.slice(match.index + match[0].length));
  }
  return [...out];
}

/**
 * The name with one of a consonant written twice in a row dropped, where the first cannot close a
 * syllable (nothing but a consonant, a leading vowel or the word's start before it) and the second
 * takes a vowel or mark (ໄຊຍຍະ, ບບູນ): Lao writes no such pair. Two bare ones (ບບຜາ) are rather a
 * syllable whose vowel was lost (ບຸບຜາ), left as read.
 */
export function undoubled(name: string): string[] {
  const chars = [...name];
  const out: string[] = [];
  const vowelOrMark = new RegExp(`[\u0eb0-\u0ebb\u0ebd${TONE}\u0ecc\u0ecd]`, 'u');
  chars.forEach((c, i) => {
    if (i === 0 || c !== chars[i - 1] || !CONSONANT.test(c) || !vowelOrMark.test(chars[i + 1] ?? '')) return;
    if (vowelOrMark.test(chars[i - 2] ?? '')) return;
    out.push([...chars.slice(0, i), ...chars.slice(i + 1)].join(''));
  });
  return out;
}

/**
 * A word ending in the short ິ where its Latin word ends in Y: Lao names end a word with the long
 * ີ, which cards transcribe Y (CHANTHAVY ຈັນທະວີ, MALY ມາລີ), and the Latin line says so even
 * though its letters cannot tell ິ from ີ elsewhere.
 */
function shortFinalI(name: string, latinName: string | undefined): boolean {
  if (!latinName) return false;
  return name
    .split(' ')
    .some((word) => /\u0eb4[\u0ec8-\u0ecb]?$/u.test(word) && /Y$/i.test(nearestLatinWord(word, latinName) ?? ''));
}

/**
 * The Lao name out of several readings of its crop (at different sizes), with the Latin name line
 * of the card as a second opinion (latin-match.ts) and the Lao lexicon as a third (lao-lexicon.ts).
 * The candidates are the readings, the recogniser's next guesses at single symbols and, when there
 * is a Latin line, look-alikes (one or two letters the model confuses, read the other way). Those
 * whose transcription is closest to the Latin line stay, but for spellings Lao never has. With the
 * lexicon, each of them may change what the Latin line cannot see (a tone mark, ຸ/ູ, ໄ/ໃ, ຍ/ຢ,
 * ໜ/ນ …) to a likelier Lao spelling, and the candidate with the best balance of likely spelling,
 * few changes and many readings wins. Without it: what was actually read over a look-alike, then
 * the one read most often, then the surest. `corrected` tells the value is not what a reading
 * said (to be checked).
 */
export function laoNameOf(
  readings: readonly NameReading[],
  latinName?: string,
  lexicon?: LaoLexicon,
): { value?: string; unanimous: boolean; corrected: boolean } {
  const candidates = new Map<string, Candidate>();
  const add = (value: string | undefined, cost: number, reading?: NameReading) => {
    if (!value) return;
    const candidate = candidates.get(value) ?? { value, votes: 0, confidence: 0, cost };
    candidate.cost = Math.min(candidate.cost, cost);
    if (reading) {
      candidate.votes += 1;
      candidate.confidence = Math.max(candidate.confidence, reading.confidence);
    }
    candidates.set(value, candidate);
  };
  for (const reading of readings) add(laoNameFrom(reading.text), 0, reading);
  for (const reading of readings)
    for (const text of choiceVariants(reading)) add(laoNameFrom(text), NAME_WEIGHTS.choice);
  // A letter read twice: the same consonant twice in a row, the second taking a vowel, the first
  // after no vowel of its own (so neither a final, as in ສັນນິ, nor a syllable): the candidate
  // without one of them, for the Latin line and the lexicon to weigh (before look-alikes, which
  // would make such pairs out of a lost vowel: ບບຜາ from ບຸບຜາ).
  for (const c of [...candidates.values()])
    for (const text of undoubled(c.value)) add(laoNameFrom(text), c.cost + NAME_WEIGHTS.edit);
  // Two tone marks on one letter: each alone, as the recogniser's next guess would be.
  for (const c of [...candidates.values()])
    for (const text of singleTones(c.value)) add(laoNameFrom(text), c.cost + NAME_WEIGHTS.choice);
  // Look-alikes of every candidate too, when a Latin line can tell them apart.
  if (latinName) {
    for (const c of [...candidates.values()]) {
      const once = lookAlikes(c.value, 1);
      for (const text of once) add(laoNameFrom(text), c.cost + NAME_WEIGHTS.edit);
      if (c.cost === 0)
        for (const text of once.flatMap((t) => lookAlikes(t, 1))) add(laoNameFrom(text), 2 * NAME_WEIGHTS.edit);
    }
  }
  const ranked = [...candidates.values()]
    .map((c) => ({ ...c, distance: latinDistance(c.value, latinName), impossible: impossibleSpelling(c.value) }))
    .sort(
      (a, b) =>
        (a.distance === b.distance ? 0 : a.distance - b.distance) ||
        Number(a.impossible) - Number(b.impossible) ||
        Number(a.votes === 0) - Number(b.votes === 0) ||
        b.votes - a.votes ||
        b.confidence - a.confidence,
    );
  const top = ranked[0];
  if (!top) return { unanimous: false, corrected: false };
  let best: { value: string; votes: number } = top;
  if (lexicon) {
    // Among the candidates as close to the Latin line (and possible), the likeliest Lao spelling.
    // One that Lao cannot write (໋ on ໜ) is weighed too when the lexicon's spelling of it can be
    // written: what makes it impossible is often a mark the lexicon changes (ບົວໜ໋ອຍ, ບົວໜ້ອຍ).
    const close = ranked.filter(
      (c) => c.distance === top.distance && (c.impossible === top.impossible || c.impossible),
    );
    const weighed = close.flatMap((c) => {
      const spelt = bestSpelling(c.value, lexicon);
      const cost = c.cost + NAME_WEIGHTS.edit * spelt.edits;
      const votes = spelt.edits ? 0 : c.votes;
      const own = {
        value: c.value,
        votes: c.votes,
        score: spellingScore(c.value, lexicon) - c.cost + NAME_WEIGHTS.vote * Math.max(0, c.votes - 1),
      };
      const mended = { value: spelt.value, votes, score: spellingScore(spelt.value, lexicon) - cost };
      if (c.impossible && !top.impossible) return spelt.edits && !impossibleSpelling(spelt.value) ? [mended] : [];
      if (!spelt.edits || impossibleSpelling(spelt.value)) return [own];
      return [own, mended];
    });
    // The model reads ໜ as ນ (its ຫ part lost) or as a lone ຫ, never ນ as ຫ: a ນ where a reading
    // saw ຫ, the other letters read alike (vowels and marks aside, which it loses), is a ໜ.
    const letters = (value: string) => value.match(/[ກ-ຮໜໝ]ຼ?|\s/gu) ?? [];
    const read = [...candidates.values()].filter((c) => c.votes > 0).map((c) => letters(c.value));
    const contradicted = (value: string) =>
      letters(value).some(
        (ch, i, chars) =>
          ch === 'ນ' &&
          read.some((r) => r.length === chars.length && r[i] === 'ຫ' && r.every((x, j) => j === i || x === chars[j])),
      );
    const possible = weighed.filter((w) => !contradicted(w.value) && !shortFinalI(w.value, latinName));
    best = (possible.length ? possible : weighed).sort((a, b) => b.score - a.score)[0]!;
  }
  return { value: best.value, unanimous: best.votes === readings.length, corrected: best.votes === 0 };
}

/**
 * The address as printed, rows joined: commas the reading took for full stops (or dropped the
 * space after) restored, Latin noise dropped.
 */
export function addressFrom(rows: string[]): string | undefined {
  const text = rows
    .map((row) => normalizeOcrText(row).replace(/[^\u0e80-\u0eff\d ,.-]/gu, ' '))
    .join(' ')
    .replace(/\s*[.,;]+\s*(?=[\u0e80-\u0eff\d])/gu, ', ')
    .replace(/^[\s,.-]+|[\s,.-]+$/g, '')
    .replace(/\s+/g, ' ');
  // The address starts at the village (ບ້ານ): letters before it with no digit (a house number) or
  // comma are its label read with the Lao letters only ("ຈ ຄດ ຈອ ຜ ບ້ານ …").
  const value = laoOrder(toLaoSpelling(text)).replace(/^[^\d,]*?\s(?=ບ້ານ\s)/u, '');
  return isValidAddress(value) && /[\u0e81-\u0eae]/u.test(value) ? value : undefined;
}
