/**
 * A field's value out of the text read on its own crop. Pure: unit-tested on recorded readings.
 * A value is returned only when it passes the same rule as a typed one; otherwise the citizen types it.
 */
import { isValidAddress, isValidIdNumber, isValidName, normalizeOcrText, toIsoDate, toLaoSpelling } from './extract-id-card';
import { impossibleSpelling, latinDistance, lookAlikes } from './latin-match';

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
  const digits = normalizeOcrText(text).replace(/[^\d]/g, '');
  return isValidIdNumber(digits) ? digits : undefined;
}

const DATE = /(\d{1,2})\s*[/.,-]\s*(\d{1,2})\s*[/.,-]\s*(\d{4})/u;

/** A day/month/year date as ISO, when it is a real date in the past. */
export function dateFrom(text: string, today: Date): string | undefined {
  const match = DATE.exec(normalizeOcrText(text));
  return match ? toIsoDate(Number(match[1]), Number(match[2]), Number(match[3]), today) : undefined;
}

/** A Lao name: the Lao letters and marks read, in typing order; stray Latin or signs dropped. */
export function laoNameFrom(text: string): string | undefined {
  const lao = normalizeOcrText(text).replace(/[^\u0e80-\u0eff ]/gu, ' ').replace(/\s+/g, ' ').trim();
  // Marks cannot start a word: a mark read alone (noise above the line) is dropped.
  // Nor is a letter alone, with no vowel or mark, a Lao word: a speck read as a letter.
  const words = lao.replace(new RegExp(`(^| )[${TONE}${MARK}]+`, 'gu'), '$1').split(' ').filter((w) => !/^[\u0e81-\u0eae]$/u.test(w)).join(' ');
  const value = laoOrder(toLaoSpelling(words))
    // ຼ is written under ຫ only (ຫຼ); the reading sometimes takes ຫ for ທ or ຖ next to it.
    .replace(/[\u0e81-\u0eae]\u0ebc/gu, '\u0eab\u0ebc');
  return value && /[\u0e81-\u0eae\u0edc-\u0edf]/u.test(value) && isValidName(value) ? value : undefined;
}

export interface NameReading {
  text: string;
  /** The lowest word confidence of the reading, 0–100. */
  confidence: number;
}

/**
 * The Lao name out of several readings of its crop (at different sizes), with the Latin name line
 * of the card as a second opinion (latin-match.ts). The candidates are the readings and, when there
 * is a Latin line, their look-alikes (one or two letters the model confuses, read the other way).
 * The candidate whose transcription is closest to the Latin line wins; then a spelling Lao can
 * have, then what was actually read over a look-alike, then the one read most often, then the
 * surest. `corrected` tells the value is a look-alike, not what a reading said (to be checked).
 */
export function laoNameOf(readings: readonly NameReading[], latinName?: string): { value?: string; unanimous: boolean; corrected: boolean } {
  const candidates = new Map<string, { votes: number; confidence: number }>();
  for (const reading of readings) {
    const value = laoNameFrom(reading.text);
    if (!value) continue;
    const candidate = candidates.get(value) ?? { votes: 0, confidence: 0 };
    candidate.votes += 1;
    candidate.confidence = Math.max(candidate.confidence, reading.confidence);
    candidates.set(value, candidate);
  }
  // Look-alikes of every reading too, when a Latin line can tell them apart.
  const read = [...candidates].map(([value, c]) => ({ value, ...c, corrected: false }));
  const all = latinName ? [...read, ...read.flatMap((c) => lookAlikes(c.value, 2))
    .map((text) => laoNameFrom(text))
    .filter((value): value is string => value !== undefined && !candidates.has(value))
    .map((value) => ({ value, votes: 0, confidence: 0, corrected: true }))] : read;
  const ranked = [...new Map(all.map((c) => [c.value, c])).values()]
    .map((c) => ({ ...c, distance: latinDistance(c.value, latinName), impossible: impossibleSpelling(c.value) }))
    .sort((a, b) => (a.distance === b.distance ? 0 : a.distance - b.distance) || Number(a.impossible) - Number(b.impossible)
      || Number(a.corrected) - Number(b.corrected) || b.votes - a.votes || b.confidence - a.confidence);
  const best = ranked[0];
  if (!best) return { unanimous: false, corrected: false };
  return { value: best.value, unanimous: best.votes === readings.length, corrected: best.corrected };
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
  const value = laoOrder(toLaoSpelling(text));
  return isValidAddress(value) && /[\u0e81-\u0eae]/u.test(value) ? value : undefined;
}
