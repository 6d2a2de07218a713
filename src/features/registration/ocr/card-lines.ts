/**
 * What each line of an ID card is, from what it says and what is around it — not from where one
 * card design prints it. Real Lao cards differ: labels in Lao only, English only or both, beside
 * their value or above it (or none), the name on two lines or one "ຊື່ ແລະ ນາມສະກຸນ" line, with a
 * title (ທ້າວ, ນາງ) or without, with or without a Latin name line, a 12-digit number or a 15-digit
 * personal number grouped 3-4-4-4, with spaces or dashes.
 *
 * The card is read twice as a whole (tesseract's own layout analysis): with the English model,
 * which reads digits, dates, Latin capitals and English labels, and with the Lao model, which reads
 * Lao labels and the Lao name. Each printed line then has both readings (with word boxes), and:
 * - a run of 12 or 15 digits (grouped by spaces or dashes) is the ID number;
 * - a date is the date of birth by its label (birth / ເກີດ, on its line or the line above), else the
 *   earliest date on the card not labelled otherwise nor in a row of two (the card's validity);
 * - two to four Latin capital words (not printed card words) are the Latin name;
 * - Lao words after a name label — Lao or English, beside the value or on the line above it — are
 *   a name; a "name and surname" value is split in two, a title before it dropped; a Lao label's
 *   English half ("/ Name and surname") is part of the label;
 * - a label is the words up to a colon, else an English label at the line's start (to its shortest
 *   start that names a field), else the longest start the Lao reading makes a label of;
 * - with one name's label misread, the other name is the one-word line next to the found one (what
 *   follows a colon, on a line whose label was misread past knowing), or the Lao word near it that
 *   the two-word Latin line's other word spells;
 * - with no name label at all, the Lao lines between the number and the Latin line (or the date)
 *   are the name (one line: name and surname; two: each apart).
 * Pure functions: unit-tested on synthetic lines.
 */
import { isLatinNameWord } from './card-layout';
import { LAO_LETTER, PRINTED_DATE, toIsoDate, type IdCardFields } from './extract-id-card';
import { union, type Box } from './gray-image';
import { LATIN_DISTANCE_MAX, latinDistance, latinWordsOf } from './latin-match';

export interface CardWord {
  text: string;
  confidence: number;
  box: Box;
  /** The text line the recogniser put the word on (per reading). */
  line: number;
}

export interface CardLine {
  box: Box;
  /** The English model's reading of the line: digits, dates, Latin letters. */
  latin: CardWord[];
  /** The Lao model's reading of the same line. */
  lao: CardWord[];
}

export type NameField = 'firstNameLao' | 'lastNameLao';

export interface CardFields {
  idNumber?: { value: string; box: Box; confidence: number };
  /** The number as each whole-card reading read it (English model, Lao model). */
  idNumbers: string[];
  /**
   * Where a row of digits as long as a number is printed when neither whole-card reading made a
   * number of it (a digit read twice or lost): read again on its own there.
   */
  numberRow?: Box;
  dateOfBirth?: { value: string; box: Box; confidence: number };
  /**
   * Where a date is printed when no whole-card reading made a date of it (a slash lost or read as
   * a letter: 3112/1979, 1ນ1ນ1977): read again on its own there.
   */
  dateRow?: Box;
  latinName?: { text: string; confidence: number };
  /** Where each name is printed, to be read again on its own. */
  names: Partial<Record<NameField, Box>>;
  /** Where a "name and surname" line is printed: read whole and split into the two names. */
  fullName?: Box;
  /**
   * The names whose field a label read on the card decides (its own label, or a "name and
   * surname" label before the row). A name found only by the layout's order — next to the other
   * name's label, or on a card with no name label read — may be the other name: the digital card
   * prints the surname first.
   */
  labelled: NameField[];
  /** What the whole-card Lao reading read there: one more reading of the name. */
  nameTexts: Partial<Record<NameField, string>>;
  /** Height of the card's digits and capitals, px: the print size of the values (20 when none was read). */
  textHeight: number;
  /** That height as measured: none when no digit or capital was read. */
  printHeight?: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function groupLines(words: readonly CardWord[]): CardWord[][] {
  const byLine = new Map<number, CardWord[]>();
  for (const word of words) {
    if (!word.text.trim()) continue;
    byLine.set(word.line, [...(byLine.get(word.line) ?? []), word]);
  }
  return [...byLine.values()].map((list) => list.sort((a, b) => a.box.x0 - b.box.x0));
}

/** How much two boxes share vertically, as a share of the lower one's height. */
function verticalOverlap(a: Box, b: Box): number {
  const shared = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return shared / Math.max(1, Math.min(a.y1 - a.y0, b.y1 - b.y0));
}

/**
 * The printed lines, each with both readings: lines of the two readings that lie on the same row
 * (and overlap horizontally) are one line.
 */
export function mergeReadings(latinWords: readonly CardWord[], laoWords: readonly CardWord[]): CardLine[] {
  const lines: CardLine[] = [];
  // A label and its value far apart may come back as two lines (or blocks): one row is one line.
  const add = (words: CardWord[], reading: 'latin' | 'lao') => {
    const box = union(words.map((w) => w.box));
    const same = lines
      .filter((l) => verticalOverlap(l.box, box) > 0.5)
      .sort((a, b) => verticalOverlap(b.box, box) - verticalOverlap(a.box, box))[0];
    if (same) {
      same[reading].push(...words);
      same[reading].sort((a, b) => a.box.x0 - b.box.x0);
      same.box = union([same.box, box]);
    } else lines.push({ box, latin: reading === 'latin' ? [...words] : [], lao: reading === 'lao' ? [...words] : [] });
  };
  for (const words of groupLines(latinWords)) add(words, 'latin');
  for (const words of groupLines(laoWords)) add(words, 'lao');
  return lines.sort((a, b) => a.box.y0 - b.box.y0);
}

// ---------------------------------------------------------------------------

/** Lao letters without vowel signs and tone marks: what the Lao model reads reliably in a label. */
const skeleton = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\u0eb1\u0eb4-\u0ebc\u0ec8-\u0ecd]/gu, '')
    .replace(/[^\u0e81-\u0eb3\u0ec0-\u0ec4\u0edc-\u0edfA-Za-z]/gu, '');

const textOf = (words: CardWord[]) => words.map((w) => w.text).join(' ');

type LabelKind = 'full' | 'first' | 'last' | 'birth' | 'other';

/** Name labels in both languages, on the label's words (tone marks and vowels optional). */
function labelKind(lao: string, latin: string): LabelKind | undefined {
  const s = skeleton(lao);
  // "Surname" with a letter misread (Surmame, Sumame) is still the surname's label.
  const surname =
    /ນາມສະກ|ສະກນ|ນາມສກ/u.test(s) ||
    /\bsur\s?name\b|\bfamily\s+name\b|\blast\s+name\b/i.test(latin) ||
    latin.split(/[^A-Za-z]+/).some((w) => w.length >= 6 && editDistance(w.toLowerCase(), 'surname') <= 1);
  const given = /(^|[^ສ])ຊ(?!າ)/u.test(s.replace(/ນາມສະກນ|ສະກນ/gu, '')) || /\bname\b/i.test(latin);
  const both = /ແລະ|ແລ/u.test(s) || /\bname\s+and\s+surname\b|\bfull\s+name\b/i.test(latin);
  if (surname && (given || both)) return 'full';
  if (surname) return 'last';
  if (/\bname\b/i.test(latin) || /^ຊ$/u.test(s) || /^ຊ[^ສ]?$/u.test(s)) return 'first';
  // ວັນເດືອນປີເກີດ, ເກີດວັນທີ: not a name that has ເກດ or ເດືອນ in it (ເກດສະໜາ, ແສງເດືອນ).
  if (/ວນເດອນປ|ເດອນປເກ|ປເກດ|ເກດວນ|^ເກດ$/u.test(s) || /\bbirth\b/i.test(latin)) return 'birth';
  // "No" only with its stop or colon ("No.", "ID No:" has its ID): the English model reads the title
  // ທ້າວ as "no", and a name line taken for a label was lost (both names empty on no-label cards).
  if (/ອອກ|ອາຍ|ທຢ|ເລກ/u.test(s) || /issue|expir|valid|address|\bid\b|\bno[.:]/i.test(latin)) return 'other';
  return undefined;
}

/** How many letters must be added, dropped or changed to make one word the other. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    row = next;
  }
  return row[y.length]!;
}

/**
 * Which name a label read on its own names (its crop beside or above a name whose label the whole
 * card's reading missed, read at a size fit for it, by both models): the given name (ຊື່, Given
 * name, Name), the surname (ນາມສະກຸນ, Surname, Family name) or both ("name and surname"). A small
 * label's letters are misread as easily as its words are lost, so its words may be an edit or two
 * from the label's ("Sumame", ນາມສະກູນ): the long words only — a short one that near is any word.
 * The given name's Lao label is one letter: only a word that is that letter (and its marks) alone.
 */
export function nameLabelIn(lao: string, latin: string): NameField | 'full' | undefined {
  const english = latin
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const laoWords = lao
    .split(/[\s/]+/)
    .map(skeleton)
    .filter((w) => /[\u0e81-\u0edf]/u.test(w));
  const surname =
    english.some((w) => editDistance(w, 'surname') <= 2 || w === 'family' || editDistance(w, 'lastname') <= 1) ||
    laoWords.some((w) => editDistance(w, 'ນາມສະກນ') <= 2 || /ສະກນ/u.test(w));
  const given =
    english.some((w) => editDistance(w, 'given') <= 1 || w === 'name' || w === 'first' || w === 'givenname') ||
    /^ຊ[^ສ]?$/u.test(laoWords[0] ?? '');
  const both =
    (english.includes('and') && english.includes('name')) ||
    english.includes('full') ||
    laoWords.some((w) => w === 'ແລະ' || w === 'ແລ');
  if (surname && (given || both)) return 'full';
  if (surname) return 'lastNameLao';
  if (given) return 'firstNameLao';
  return undefined;
}

interface Labelled {
  kind: LabelKind;
  /** Where the label ends: the value starts right of it. */
  end: number;
}

/** A word of an English label ("Name and surname:") or the slash between a label's two languages. */
const ENGLISH_LABEL_WORD = /^\/?(?:name|and|surname|family|given|full)?[:;]?$/i;

/**
 * A Lao label followed by its English one ("ຊື່ ແລະ ນາມສະກຸນ / Name and surname"): the label ends
 * after the English words, not at the slash or at a colon misread inside it (the Lao model reads
 * the English words as Lao letters, which are no name). Only name-label words may stand between
 * the label read so far and the slash.
 */
function throughEnglishLabel(line: CardLine, end: number): number {
  const slash = [...line.latin, ...line.lao]
    .filter((w) => /^\//.test(w.text) && w.box.x1 >= end)
    .sort((a, b) => a.box.x0 - b.box.x0)[0];
  if (!slash) return end;
  const between = line.lao.filter((w) => w.box.x0 >= end && w.box.x1 <= slash.box.x0 + 2);
  if (!between.every((w) => isNameLabel(w.text))) return end;
  end = Math.max(end, slash.box.x1);
  for (const word of line.latin.filter((w) => w.box.x0 >= slash.box.x0).sort((a, b) => a.box.x0 - b.box.x0)) {
    if (!ENGLISH_LABEL_WORD.test(word.text)) break;
    end = Math.max(end, word.box.x1);
  }
  return end;
}

/** The label, run on through its English half when it has one. */
function fullLabel(line: CardLine, label: Labelled): Labelled {
  const end = throughEnglishLabel(line, label.end);
  if (end === label.end) return label;
  const before = (words: CardWord[]) => textOf(words.filter((w) => w.box.x1 <= end + 2));
  return { kind: labelKind(before(line.lao), before(line.latin)) ?? label.kind, end };
}

/**
 * The label at the start of a line, if any: the words up to the first that ends with a colon (in
 * either reading), else the first words that name a field.
 */
function labelOf(line: CardLine): Labelled | undefined {
  const colon = [...line.latin, ...line.lao].filter((w) => /[:;]$/.test(w.text)).sort((a, b) => a.box.x0 - b.box.x0)[0];
  if (colon) {
    const before = (words: CardWord[]) => words.filter((w) => w.box.x0 <= colon.box.x0);
    const kind = labelKind(textOf(before(line.lao)), textOf(before(line.latin)));
    if (kind) return fullLabel(line, { kind, end: colon.box.x1 });
  }
  // No colon read. An English label at the line's start ("Given name", "Surname" before the value)
  // is as long as its shortest start that reads as one — the English model reads the name beside
  // it as letters too — unless the Lao words under it are a Lao label of a name or the birth date
  // themselves (a bilingual label: the Lao one decides, below). Its Lao reading is letters that
  // say nothing, or a short label by chance (ອອກ in ແບອອກ, the ຊ of a name after it).
  const english = line.latin.slice(0, 4);
  const kinds = english.map((_, k) => labelKind('', textOf(english.slice(0, k + 1))));
  const n = kinds.findIndex(Boolean);
  if (n >= 0) {
    const end = english[n]!.box.x1;
    const lao = labelKind(textOf(line.lao.filter((w) => w.box.x1 <= end + 2)), '');
    if (lao === undefined || lao === 'other') return fullLabel(line, { kind: kinds[n]!, end });
  }
  // Else the longest start of the line that reads as a label ("ຊື່ ແລະ ນາມສະກຸນ", or "ຊື່ / Given
  // name" with its English half read as Lao letters).
  for (let k = Math.min(4, line.lao.length); k >= 1; k--) {
    const words = line.lao.slice(0, k);
    const end = words[words.length - 1]!.box.x1;
    const kind = labelKind(textOf(words), textOf(line.latin.filter((w) => w.box.x1 <= end + 2)));
    if (kind) return fullLabel(line, { kind, end });
  }
  return undefined;
}

/** A word of a name label (ຊື່, ນາມສະກຸນ, ແລະ, or one ending in a colon): never part of a name. */
export function isNameLabel(word: string): boolean {
  if (/[:;]$/.test(word)) return true;
  const s = skeleton(word);
  return (
    /^ຊື?[\u0ec8\u0ec9]?$/u.test(word.normalize('NFKC')) ||
    /^(?:ນາມສະກນ|ນາມສກນ|ສະກນ|ນາມ|ແລະ|ແລ)$/u.test(s) ||
    /^(?:name|surname|and)$/i.test(word)
  );
}

/** The Lao words right of `from`: letters only, no digits, no label word (a name). */
const laoValue = (line: CardLine, from: number) =>
  line.lao.filter((w) => w.box.x0 > from && LAO_LETTER.test(w.text) && !/\d/.test(w.text) && !isNameLabel(w.text));

/** ທ້າວ, ນາງ, ທ່ານ, ທ່ານນາງ, ເຈົ້າ… as the Lao model reads them (marks optional). */
const TITLE = /^(?:ທາວ|ທາວ|ນາງ|ທານ|ທານນາງ|ທາງ|ນາງສາວ|ເຈາ|ດຣ)$/u;
export const isTitle = (word: string) => TITLE.test(skeleton(word));

/** Heading words some layouts print beside the card's own words: never part of the Latin name either. */
const HEADING_WORDS = new Set(['IDENTITY', 'AND']);

/** 12 or 15 digits in groups (spaces or dashes between them), as the English model read them. */
function findNumber(line: CardLine): { value: string; box: Box; confidence: number } | undefined {
  return numberIn(line.latin) ?? numberIn(line.lao);
}

/** A word's digits (dashes inside it dropped, stray marks at its ends too), if it is a group of digits. */
function digitsOf(word: CardWord): string | undefined {
  const part = word.text.replace(/^[^\d]+|[^\d]+$/g, '');
  return /^\d[\d-]*$/.test(part) ? part.replace(/-/g, '') : undefined;
}

function numberIn(words: CardWord[]): { value: string; box: Box; confidence: number } | undefined {
  for (let i = 0; i < words.length; i++) {
    let digits = '';
    for (let j = i; j < words.length && j < i + 6; j++) {
      const part = digitsOf(words[j]!);
      if (part === undefined) break;
      digits += part;
      if (digits.length === 12 || digits.length === 15) {
        const next = words[j + 1]?.text ?? '';
        if (/^\d/.test(next) && (digits + next.replace(/\D/g, '')).length <= 15) continue;
        const used = words.slice(i, j + 1);
        return {
          value: digits,
          box: union(used.map((w) => w.box)),
          confidence: Math.min(...used.map((w) => w.confidence)),
        };
      }
      if (digits.length > 15) break;
    }
  }
  return undefined;
}

/** Words of digits (dashes between), 10 to 16 in all: a number misread by a digit or two. */
function digitRunIn(words: CardWord[]): Box | undefined {
  for (let i = 0; i < words.length; i++) {
    let digits = 0;
    let j = i;
    for (; j < words.length && j < i + 6; j++) {
      const part = digitsOf(words[j]!);
      if (part === undefined) break;
      digits += part.length;
    }
    if (digits >= 10 && digits <= 16) return union(words.slice(i, j).map((w) => w.box));
  }
  return undefined;
}

function findDate(line: CardLine, today: Date): { value: string; box: Box; confidence: number } | undefined {
  for (const word of [...line.latin, ...line.lao]) {
    const m = PRINTED_DATE.exec(word.text);
    const value = m && toIsoDate(Number(m[1]), Number(m[2]), Number(m[3]), today);
    if (value) return { value, box: word.box, confidence: word.confidence };
  }
  return undefined;
}

/**
 * A word shaped like a date whose separators were lost or misread (as letters or digits):
 * 3112/1979, 1ນ1ນ1977, 1171171977 — 5 to 10 digits in all, ending in a year.
 */
const DATE_SHAPED = /^\D?\d[^\s]{2,7}(?:19|20)\d\d\D?$/u;
const dateShaped = (text: string) => DATE_SHAPED.test(text) && text.replace(/\D/g, '').length <= 10;

/** How many dates a line's English reading holds. */
const datesIn = (line: CardLine) => line.latin.filter((w) => PRINTED_DATE.test(w.text)).length;

/**
 * Two to four Latin capital words. Marks of one character (a security line or the photo's edge read
 * as | _ ~ — or a lone letter in a black-and-white reading) are no word of it.
 */
function findLatinName(line: CardLine): { text: string; confidence: number } | undefined {
  const words = line.latin.filter((w) => [...w.text].length > 1);
  const texts = words.map((w) => w.text);
  if (texts.length < 2 || texts.length > 4) return undefined;
  if (!texts.every((t) => isLatinNameWord(t) && !HEADING_WORDS.has(t.replace(/,$/, '')))) return undefined;
  return {
    text: texts.map((t) => t.replace(/,$/, '')).join(' '),
    confidence: Math.min(...words.map((w) => w.confidence)),
  };
}

type Found = Partial<Record<NameField, CardWord[]>>;

/** A "name and surname" value: the title dropped, the first word the given name, the rest the surname. */
function splitFullName(words: CardWord[]): Found {
  const rest = words.length > 1 && isTitle(words[0]!.text) ? words.slice(1) : words;
  if (rest.length < 2) return {};
  return { firstNameLao: rest.slice(0, 1), lastNameLao: rest.slice(1) };
}

/**
 * A line that holds one name and nothing else: a title before it, or a label misread as a short
 * word (ຊື່ read as ຫຼ), dropped; where the line has a colon, what stands before it is a label
 * misread past knowing (ຊື່: read as ຫຽງ : under a security line), and only what follows it counts.
 */
function loneName(line: CardLine): CardWord[] | undefined {
  const colon = line.lao.find((w) => /[:;]$/.test(w.text));
  let words = laoValue(line, colon ? colon.box.x1 - 1 : -1);
  if (words.length > 1 && isTitle(words[0]!.text)) words = words.slice(1);
  if (words.length === 2 && [...words[0]!.text].length <= 2) words = words.slice(1);
  return words.length === 1 ? words : undefined;
}

/** A given name's value: a title before it dropped. */
function givenName(words: CardWord[]): CardWord[] | undefined {
  const rest = words.length > 1 && isTitle(words[0]!.text) ? words.slice(1) : words;
  return rest.length ? rest : undefined;
}

/** A label of the card's number (ເລກທີ, ເລກບັດ, ID No., Card No.). */
function numberLabel(line: CardLine, label: Labelled): boolean {
  const before = (words: CardWord[]) => textOf(words.filter((w) => w.box.x1 <= label.end + 2));
  return (
    label.kind === 'other' &&
    (/ເລກ/u.test(skeleton(before(line.lao))) || /\b(?:id|no|card)\b/i.test(before(line.latin)))
  );
}

/**
 * Where the value of the first label `is` finds is printed, when no reading made a value of it: its
 * words with a digit right of the label, else those of the line under it (a label above its value).
 */
function valueAfterLabel(
  lines: readonly CardLine[],
  labels: readonly (Labelled | undefined)[],
  is: (i: number) => boolean,
): Box | undefined {
  const i = labels.findIndex((label, k) => label !== undefined && is(k));
  if (i < 0) return undefined;
  const digits = (words: CardWord[]) => words.filter((w) => /\d/.test(w.text));
  const beside = digits(lines[i]!.latin.filter((w) => w.box.x0 > labels[i]!.end));
  const under = lines[i + 1] && !labels[i + 1] ? digits(lines[i + 1]!.latin) : [];
  const words = beside.length ? beside : under;
  return words.length ? union(words.map((w) => w.box)) : undefined;
}

export function classifyCardLines(lines: readonly CardLine[], today: Date): CardFields {
  const fields: CardFields = { names: {}, nameTexts: {}, idNumbers: [], textHeight: 20, labelled: [] };
  /** The names a read label placed in their field. */
  const labelled = new Set<NameField>();
  const names: Found = {};
  const labels = lines.map(labelOf);

  // The number on the first line where the English reading (digits are its strength) finds one;
  // only failing that where the Lao reading does (it may read a row of the header as digits).
  let numberLine = lines.findIndex((line) => numberIn(line.latin));
  if (numberLine < 0) numberLine = lines.findIndex((line) => numberIn(line.lao));
  const line = lines[numberLine];
  const found = line && findNumber(line);
  if (line && found) {
    // The number ends its line: what the readings cut off at its end is read again with it.
    fields.idNumber = { ...found, box: { ...found.box, x1: Math.max(found.box.x1, line.box.x1) } };
    fields.idNumbers = [numberIn(line.latin)?.value, numberIn(line.lao)?.value].filter((v) => v !== undefined);
  }
  if (!fields.idNumber)
    fields.numberRow =
      lines
        .map((l) => {
          // The run ends its line, as the number does: what the reading cut off at its end is read with it.
          const run = datesIn(l) ? undefined : digitRunIn(l.latin);
          return run && { ...run, x1: Math.max(run.x1, l.box.x1) };
        })
        .find(Boolean) ?? valueAfterLabel(lines, labels, (i) => numberLabel(lines[i]!, labels[i]!));
  // Digits are as tall as capitals: the print size of the card's values.
  const digitHeights = fields.idNumber
    ? lines[numberLine]!.latin.filter((w) => /\d{3}/.test(w.text)).map((w) => w.box.y1 - w.box.y0)
    : lines.flatMap((l) => l.latin.filter((w) => /^[A-Z0-9]{3,}$/.test(w.text)).map((w) => w.box.y1 - w.box.y0));
  fields.printHeight = median(digitHeights);
  fields.textHeight = fields.printHeight ?? 20;

  // Dates: the one labelled as the birth date (its line or the line above), else the earliest —
  // never one labelled otherwise (issued, expires) nor one of a row of two dates (the card's
  // validity, printed without labels): with the birth date's own row unread, the earliest left
  // was the issue date.
  const dates = lines.flatMap((line, i) => {
    const above = labels[i - 1]?.kind;
    const kind = labels[i]?.kind ?? (above === 'birth' || above === 'other' ? above : undefined);
    const date = findDate(line, today);
    if (!date || kind === 'other' || datesIn(line) > 1) return [];
    return [{ ...date, birth: kind === 'birth' }];
  });
  const dob = dates.find((d) => d.birth) ?? [...dates].sort((a, b) => a.value.localeCompare(b.value))[0];
  if (dob) fields.dateOfBirth = { value: dob.value, box: dob.box, confidence: dob.confidence };
  else {
    // A date misread past parsing: the birth date's labelled line first, else the one line with
    // a word shaped like one (day, month, a year) — in either reading, but not two in one (the
    // validity row).
    const misread = lines.map((line, i) => {
      const latin = line.latin.filter((w) => dateShaped(w.text));
      const lao = line.lao.filter((w) => dateShaped(w.text));
      const kind = labels[i]?.kind ?? labels[i - 1]?.kind;
      const two = datesIn(line) > 1 || latin.length > 1 || lao.length > 1;
      return i === numberLine || kind === 'other' || two
        ? undefined
        : { words: [...latin, ...lao], birth: kind === 'birth' };
    });
    const shaped = misread.filter((m) => m?.words.length);
    const row = shaped.find((m) => m!.birth) ?? (shaped.length === 1 ? shaped[0] : undefined);
    if (row) fields.dateRow = row.words[0]!.box;
    // Nothing shaped like a date (a glare spot on it, its digits read as letters): where the birth
    // date's label says it is, beside it or under it.
    else fields.dateRow = valueAfterLabel(lines, labels, (i) => labels[i]!.kind === 'birth');
  }

  let latinLine = -1;
  lines.forEach((line, i) => {
    if (fields.latinName || i === numberLine) return;
    const found = findLatinName(line);
    if (found) {
      fields.latinName = found;
      latinLine = i;
    }
  });

  // Names after their labels: beside (the rest of the line) or above (the next line).
  /** The line each name's label is on (for the name whose label was misread, next to it). */
  const labelLine: Partial<Record<NameField, number>> = {};
  lines.forEach((line, i) => {
    const label = labels[i];
    if (!label || !['full', 'first', 'last'].includes(label.kind)) return;
    let words = laoValue(line, label.end);
    if (!words.length && lines[i + 1] && !labels[i + 1]) words = laoValue(lines[i + 1]!, -1);
    if (!words.length) return;
    if (label.kind === 'full') {
      const split = splitFullName(words);
      for (const field of ['firstNameLao', 'lastNameLao'] as const)
        if (!names[field] && split[field]) labelled.add(field);
      Object.assign(names, { ...split, ...names });
      fields.fullName ??= union(words.map((w) => w.box));
    } else if (label.kind === 'first' && !names.firstNameLao) {
      names.firstNameLao = givenName(words);
      labelLine.firstNameLao = i;
      labelled.add('firstNameLao');
    } else if (label.kind === 'last' && !names.lastNameLao) {
      names.lastNameLao = words;
      labelLine.lastNameLao = i;
      labelled.add('lastNameLao');
    }
  });

  const dateLine = dob ? lines.findIndex((l) => [...l.latin, ...l.lao].some((w) => w.box === dob.box)) : -1;
  // One name's label misread (ຊື່ read as ຫຼ, "Surname" as Lao letters): the given name and the
  // surname are printed one after the other, so the other name is the one-word Lao line next to
  // the found one — before the surname's label, after the given name (a label line between them
  // passed over).
  const taken = new Set([numberLine, latinLine, dateLine]);
  const nextName = (from: number, step: 1 | -1) => {
    for (let k = from, seen = 0; k >= 0 && k < lines.length && seen < 2; k += step, seen++) {
      if (taken.has(k) || labels[k]) return undefined;
      const name = laoValue(lines[k]!, -1).length ? loneName(lines[k]!) : undefined;
      // One letter and its marks (ຫຼ) is a misread label's remains, not a name: looked past.
      if (name && name[0]!.text.match(/\p{L}/gu)!.length < 2) continue;
      if (laoValue(lines[k]!, -1).length) return name;
    }
    return undefined;
  };
  // After a name's value: on its label's line (beside) or the next (above).
  const after = (label: number) => (laoValue(lines[label]!, labels[label]!.end).length ? label : label + 1) + 1;
  // Cards that print the surname first (the digital card) have the given name after it, and the
  // surname before the given name: the other side is looked at when the usual one has no name.
  if (labelLine.lastNameLao !== undefined && !names.firstNameLao)
    names.firstNameLao = nextName(labelLine.lastNameLao - 1, -1) ?? nextName(after(labelLine.lastNameLao), 1);
  if (labelLine.firstNameLao !== undefined && !names.lastNameLao)
    names.lastNameLao = nextName(after(labelLine.firstNameLao), 1) ?? nextName(labelLine.firstNameLao - 1, -1);
  // One name found and the other not (its row lost to a security line, its label misread past
  // knowing): where the Latin line is two words and spells the found name by one, the other name
  // is the Lao word near it that the other word spells. Its crops then read it; its field is
  // decided only by the found name's read label with the Latin line spelling the two apart
  // (read-id-card.ts).
  if (!names.firstNameLao !== !names.lastNameLao && fields.latinName) {
    const found = names.firstNameLao ? 'firstNameLao' : 'lastNameLao';
    const missing = found === 'firstNameLao' ? 'lastNameLao' : 'firstNameLao';
    const word = otherNameSpelt(lines, names[found]!, fields.latinName.text, taken);
    if (word) names[missing] = [word];
  }
  // A given name's label with two words beside or under it, no surname label and no surname line
  // after it: the "name and surname" label misread (its ແລະ ນາມສະກຸນ lost), the row holds both.
  if (names.firstNameLao?.length === 2 && !names.lastNameLao && labelLine.lastNameLao === undefined) {
    const row = names.firstNameLao;
    Object.assign(names, splitFullName(row));
    fields.fullName ??= union(row.map((w) => w.box));
  }

  // No name label: the Lao lines between the number and the Latin line or the date are the name.
  if (!names.firstNameLao && !names.lastNameLao && numberLine >= 0) {
    const end = [latinLine, dateLine].filter((i) => i > numberLine).sort((a, b) => a - b)[0] ?? lines.length;
    const nameLines = lines
      .slice(numberLine + 1, end)
      .map((line, k) => ({ line, label: labels[numberLine + 1 + k] }))
      .filter(({ line, label }) => !label && laoValue(line, -1).length > 0)
      .map(({ line }) => laoValue(line, -1));
    if (nameLines.length === 1) {
      Object.assign(names, splitFullName(nameLines[0]!));
      fields.fullName = union(nameLines[0]!.map((w) => w.box));
    }
    if (nameLines.length === 2) {
      names.firstNameLao = givenName(nameLines[0]!);
      names.lastNameLao = nameLines[1]!;
    }
  }
  for (const field of ['firstNameLao', 'lastNameLao'] as const) {
    const words = names[field];
    if (!words) continue;
    fields.names[field] = union(words.map((w) => w.box));
    fields.nameTexts[field] = textOf(words);
    if (labelled.has(field)) fields.labelled.push(field);
  }
  return fields;
}

/** How many rows from the found name the other is looked for, above or below it. */
const OTHER_NAME_ROWS = 2;

/**
 * The Lao word on a row near `found` (not the found name's row, nor one `taken` by another field)
 * that the word of the two-word Latin line not spelling the found name spells: the nearest row,
 * then the closest spelling.
 */
function otherNameSpelt(
  lines: readonly CardLine[],
  found: CardWord[],
  latinName: string,
  taken: ReadonlySet<number>,
): CardWord | undefined {
  const words = latinWordsOf(latinName);
  // The found name's row may hold a security line's remains read as a word: any of its words.
  const spelt = words.filter((w) => found.some((f) => latinDistance(f.text, w) <= LATIN_DISTANCE_MAX));
  if (words.length !== 2 || spelt.length !== 1) return undefined;
  const other = words.find((w) => w !== spelt[0])!;
  const foundLine = lines.findIndex((l) => l.lao.includes(found[0]!));
  if (foundLine < 0) return undefined;
  const candidates = lines.flatMap((line, k) =>
    k === foundLine || taken.has(k) || Math.abs(k - foundLine) > OTHER_NAME_ROWS
      ? []
      : laoValue(line, -1)
          .filter((w) => [...w.text].filter((c) => LAO_LETTER.test(c)).length >= 2)
          .map((w) => ({ w, rows: Math.abs(k - foundLine), distance: latinDistance(w.text, other) }))
          .filter((c) => c.distance <= LATIN_DISTANCE_MAX),
  );
  return candidates.sort((a, b) => a.rows - b.rows || a.distance - b.distance)[0]?.w;
}

/**
 * A Lao given name or surname is one word: a name of two words is a whole "name and surname" row
 * read as one name. It is split when the surname is unread or the same as its second word; any
 * other name with a space is left to type. The halves carry the "unclear" mark (a name no Latin
 * line spells has it) where the row or the surname read apart carried it.
 */
export function oneWordNames(fields: IdCardFields): void {
  const row = fields.firstNameLao;
  const words = row?.value.split(' ') ?? [];
  if (row && words.length > 1) {
    delete fields.firstNameLao;
    const [given, surname] = words as [string, string];
    const same = !fields.lastNameLao || fields.lastNameLao.value === surname;
    if (words.length === 2 && same && !isTitle(given)) {
      const confidence = row.confidence === 'ok' && fields.lastNameLao?.confidence !== 'check' ? 'ok' : 'check';
      fields.firstNameLao = { value: given, confidence };
      fields.lastNameLao = { value: surname, confidence };
    }
  }
  if (fields.lastNameLao?.value.includes(' ')) delete fields.lastNameLao;
}
