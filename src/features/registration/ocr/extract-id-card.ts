/**
 * Reads the registration fields out of the OCR result of a Lao ID card.
 * Pure functions: no DOM, no tesseract, so they run in unit tests and workers.
 *
 * OCR of Lao drops or swaps tone marks and vowel signs, and often mangles the
 * Lao label while reading the English one fine (or the other way round), so a
 * field is found by either label, matched loosely, and its value is only
 * returned when it passes the same validation as a typed value.
 */

import { CARD_WORDS } from './card-layout';

export interface OcrWord {
  text: string;
  /** Tesseract's word confidence, 0–100. */
  confidence: number;
  /** Index of the text line the word belongs to. */
  line: number;
}

export type FieldConfidence = 'ok' | 'check';

export interface ReadField {
  value: string;
  /** 'check' asks the person to look at the value before submitting. */
  confidence: FieldConfidence;
}

export type IdCardFieldName = 'idNumber' | 'firstNameLao' | 'lastNameLao' | 'latinName' | 'dateOfBirth' | 'address';

export type IdCardFields = Partial<Record<IdCardFieldName, ReadField>>;

/** Words below this confidence make the field 'check'. */
export const MIN_WORD_CONFIDENCE = 80;
export const MAX_NAME_LENGTH = 50;
export const MAX_ADDRESS_LENGTH = 100;

const LAO_DIGIT_ZERO = 0x0ed0;

/** NFKC, Lao digits ໐–໙ to 0–9, whitespace collapsed to single spaces. */
export function normalizeOcrText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u0ed0-\u0ed9]/g, (d) => String(d.charCodeAt(0) - LAO_DIGIT_ZERO))
    .replace(/[\u200b-\u200d\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * NFKC splits ຳ into ໍ + າ and ໜ/ໝ into ຫ + ນ/ມ. People (and Lao keyboards)
 * write the composed letters, so values are handed back in that spelling.
 */
export function toLaoSpelling(text: string): string {
  return text
    .replace(/\u0ecd\u0eb2/g, '\u0eb3')
    .replace(/\u0eab\u0e99/g, '\u0edc')
    .replace(/\u0eab\u0ea1/g, '\u0edd');
}

/** Words of plain text (e.g. pasted or recorded) with one confidence for all. */
export function wordsFromText(text: string, confidence = 100): OcrWord[] {
  return text.split(/\r?\n/).flatMap((lineText, line) =>
    normalizeOcrText(lineText)
      .split(' ')
      .filter(Boolean)
      .map((word) => ({ text: word, confidence, line })),
  );
}

export function isValidIdNumber(value: string): boolean {
  // 12 digits (older cards) or the 15-digit personal number of the newer ones (3-4-4-4).
  return /^(?:\d{12}|\d{15})$/.test(value);
}

/** Letters, combining marks (Lao vowels and tones), spaces and . , - only. */
export function isValidName(value: string): boolean {
  return (
    value.length > 0 && value.length <= MAX_NAME_LENGTH && /^[\p{L}\p{M} .,-]+$/u.test(value) && /\p{L}/u.test(value)
  );
}

export function isValidAddress(value: string): boolean {
  return value.length > 0 && value.length <= MAX_ADDRESS_LENGTH && /\p{L}/u.test(value);
}

/** Day, month and year to ISO, if that is a real calendar date before `today`. */
export function toIsoDate(day: number, month: number, year: number, today: Date): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < 1900 || date.getTime() >= today.getTime()) return undefined;
  return date.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------

interface Line {
  text: string;
  words: { word: OcrWord; start: number; end: number }[];
}

// Labels as the OCR returns them: tone marks optional, Lao and English side by side.
const LABELS = {
  idNumber: [/ເລກ\s*ບັ?ດ|ເລກ/u, /\bI[Dd1l]\s*No\b\.?|\bNo\b\.?|\bI[D1]\b/i],
  lastNameLao: [/ນາມ\s*ສະ\s*ກຸ?ນ|ສະ\s*ກຸ?ນ/u, /\bsur\s*name\b/i],
  firstNameLao: [/ຊື[່້]?/u, /\bname\b/i],
  dateOfBirth: [/ວັນ\s*ເດືອນ\s*ປີ\s*ເກີດ|ເກີ?ດ/u, /\bdate\s+of\s+birth\b|\bbirth\b|\bdate\s+of\b|\bd\.?o\.?b\b/i],
  address: [/ທີ[່້]?\s*ຢູ[່້]?/u, /\baddress\b/i],
} satisfies Partial<Record<IdCardFieldName, RegExp[]>>;

type LabelledField = keyof typeof LABELS;

// Checked in this order so "Surname" is taken before "Name" can claim it.
const LABEL_ORDER: LabelledField[] = ['idNumber', 'lastNameLao', 'firstNameLao', 'dateOfBirth', 'address'];

/** Lines with the card's own dates, never the birth date. */
const CARD_DATES = /issue|expir|valid|ອອກ|ອາຍຸ/iu;
/** Other printed lines that may follow the address. */
const NOT_ADDRESS = /\d{1,2}[/.-]\d{1,2}[/.-]\d{2}|issue|expir|valid|\bsex\b|ອອກ|ອາຍຸ|ເພດ/iu;
/** A Lao consonant (ໜ and ໝ among them), not a vowel sign, mark or digit. */
export const LAO_LETTER = /[\u0e81-\u0eae\u0edc-\u0edf]/u;
/** A day/month/year date as a card prints it (a space at most around a separator), not in a longer number. */
export const PRINTED_DATE = /(?<!\d)(\d{1,2})\s?[/.-]\s?(\d{1,2})\s?[/.,-]\s?(\d{4})(?!\d)/u;
const DATE = new RegExp(PRINTED_DATE.source, 'gu');

function toLines(words: readonly OcrWord[]): Line[] {
  const byLine = new Map<number, OcrWord[]>();
  for (const word of words) {
    const text = normalizeOcrText(word.text);
    if (!text) continue;
    const list = byLine.get(word.line) ?? [];
    list.push({ ...word, text });
    byLine.set(word.line, list);
  }
  return [...byLine.keys()]
    .sort((a, b) => a - b)
    .map((key) => {
      const line: Line = { text: '', words: [] };
      for (const word of byLine.get(key) ?? []) {
        if (line.text) line.text += ' ';
        line.words.push({ word, start: line.text.length, end: line.text.length + word.text.length });
        line.text += word.text;
      }
      return line;
    });
}

/** Confidence of a value taken from `line.text[start, end)`. */
function confidenceOf(line: Line, start: number, end: number, sure = true): FieldConfidence {
  const used = line.words.filter((w) => w.end > start && w.start < end);
  const low = used.some((w) => w.word.confidence < MIN_WORD_CONFIDENCE);
  return sure && used.length > 0 && !low ? 'ok' : 'check';
}

/** Where the label ends: after the English label if both are present. */
function labelEnd(line: Line, field: LabelledField): number | undefined {
  let end: number | undefined;
  for (const pattern of LABELS[field]) {
    const match = pattern.exec(line.text);
    if (match) end = Math.max(end ?? 0, match.index + match[0].length);
  }
  return end;
}

function findId(line: Line, from: number, sure: boolean): ReadField | undefined {
  // Groups of digits may be split by OCR ("13041 9720583") or printed apart.
  const digits = /(?<!\d)\d[\d -]{10,18}\d(?!\d)/gu;
  digits.lastIndex = from;
  for (let m = digits.exec(line.text); m; m = digits.exec(line.text)) {
    let value = '';
    let length = 0;
    for (const group of m[0].split(/([ -]+)/)) {
      if (value.length >= 12) break;
      length += group.length;
      value += group.replace(/[ -]/g, '');
    }
    if (isValidIdNumber(value)) {
      return { value, confidence: confidenceOf(line, m.index, m.index + length, sure) };
    }
  }
  return undefined;
}

function findDate(line: Line, from: number, today: Date, sure: boolean): ReadField | undefined {
  DATE.lastIndex = from;
  for (let m = DATE.exec(line.text); m; m = DATE.exec(line.text)) {
    const value = toIsoDate(Number(m[1]), Number(m[2]), Number(m[3]), today);
    if (value) return { value, confidence: confidenceOf(line, m.index, m.index + m[0].length, sure) };
  }
  return undefined;
}

/** The first run of Lao words right of the label (a Lao name is one word or a few). */
function findLaoName(line: Line, from: number): ReadField | undefined {
  const rest = line.text.slice(from);
  const match = /[\u0e80-\u0eff][\u0e80-\u0eff .-]*/u.exec(rest);
  if (!match || !LAO_LETTER.test(match[0])) return undefined;
  const value = toLaoSpelling(match[0].replace(/[ .-]+$/, ''));
  if (!isValidName(value)) return undefined;
  const start = from + match.index;
  return { value, confidence: confidenceOf(line, start, start + match[0].length) };
}

/** Address from the label to the end of the line, plus continuation lines. */
function findAddress(lines: Line[], index: number, from: number, labelled: Set<number>): ReadField | undefined {
  const first = lines[index]!;
  const start = first.text.slice(from).search(/[\u0e80-\u0eff\d]/u);
  if (start < 0) return undefined;
  const parts = [first.text.slice(from + start)];
  let confidence = confidenceOf(first, from + start, first.text.length);
  // A long address wraps onto the next line, which carries no label of its own.
  for (let i = index + 1; i < lines.length && i <= index + 2; i++) {
    const next = lines[i]!;
    if (labelled.has(i) || !LAO_LETTER.test(next.text) || NOT_ADDRESS.test(next.text)) break;
    if (parts.join(' ').length + next.text.length + 1 > MAX_ADDRESS_LENGTH) break;
    parts.push(next.text);
    if (confidenceOf(next, 0, next.text.length) === 'check') confidence = 'check';
  }
  const value = toLaoSpelling(parts.join(' ').replace(/[\s,;:]+$/, ''));
  return isValidAddress(value) ? { value, confidence } : undefined;
}

/** Two to four capitalised Latin words that are not printed card text. */
function findLatinName(lines: Line[], labelled: Set<number>, near: number | undefined): ReadField | undefined {
  const candidates = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line, index }) => {
      if (labelled.has(index)) return false;
      const words = line.text.split(' ');
      return (
        words.length >= 2 &&
        words.length <= 4 &&
        words.every((w) => /^[A-Z][A-Z'.-]+,?$/.test(w) && !CARD_WORDS.has(w.replace(/[,.]$/, '')))
      );
    });
  // The Latin name is printed right under the Lao names.
  candidates.sort((a, b) => Math.abs(a.index - (near ?? a.index)) - Math.abs(b.index - (near ?? b.index)));
  const best = candidates[0];
  if (!best) return undefined;
  const value = best.line.text.replace(/,/g, '');
  if (!isValidName(value)) return undefined;
  return { value, confidence: confidenceOf(best.line, 0, best.line.text.length) };
}

/**
 * Extracts the card fields from OCR words. A field is left out when nothing
 * valid was found: the person types it instead.
 */
export function extractIdCard(words: readonly OcrWord[], today: Date = new Date()): IdCardFields {
  const lines = toLines(words);
  // Lines with any label on them: never a continuation of the address.
  const labelled = new Set(
    lines.flatMap((line, i) => (LABEL_ORDER.some((f) => labelEnd(line, f) !== undefined) ? [i] : [])),
  );
  const claimed = new Set<number>();
  const readers: Record<LabelledField, (index: number, from: number) => ReadField | undefined> = {
    idNumber: (i, from) => findId(lines[i]!, from, true),
    lastNameLao: (i, from) => findLaoName(lines[i]!, from),
    firstNameLao: (i, from) => findLaoName(lines[i]!, from),
    dateOfBirth: (i, from) => findDate(lines[i]!, from, today, true),
    address: (i, from) => findAddress(lines, i, from, labelled),
  };

  const fields: IdCardFields = {};
  const labelLine: Partial<Record<LabelledField, number>> = {};
  for (const field of LABEL_ORDER) {
    // A label can also match printed text ("LAO PDR ID CARD"): the right line
    // is the first whose value reads valid.
    for (let i = 0; i < lines.length && !fields[field]; i++) {
      const end = claimed.has(i) ? undefined : labelEnd(lines[i]!, field);
      if (end === undefined) continue;
      // Nothing right of the label: other layouts print the value underneath.
      const alone = !/[\p{L}\p{N}]/u.test(lines[i]!.text.slice(end));
      const below = alone && i + 1 < lines.length && !labelled.has(i + 1);
      const value = below ? readers[field](i + 1, 0) : readers[field](i, end);
      if (value) {
        fields[field] = value;
        labelLine[field] = i;
        claimed.add(i);
      }
    }
  }

  // Label unreadable: any 12-digit number on the card, to be checked.
  fields.idNumber ??= lines.map((line) => findId(line, 0, false)).find((v) => v !== undefined);
  // Likewise the earliest date that is not the card's issue or expiry date (labelled so, or a row of
  // two dates: the validity printed without labels).
  fields.dateOfBirth ??= lines
    .filter((line) => !CARD_DATES.test(line.text) && (line.text.match(DATE) ?? []).length < 2)
    .map((line) => findDate(line, 0, today, false))
    .filter((d): d is ReadField => d !== undefined)
    .sort((a, b) => a.value.localeCompare(b.value))[0];

  const nameLine = labelLine.lastNameLao ?? labelLine.firstNameLao;
  fields.latinName = findLatinName(lines, labelled, nameLine === undefined ? undefined : nameLine + 1);

  for (const key of Object.keys(fields) as IdCardFieldName[]) {
    if (fields[key] === undefined) delete fields[key];
  }
  return fields;
}
