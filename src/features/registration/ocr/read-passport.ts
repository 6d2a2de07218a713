/**
 * Reads a passport's data page (some citizens register with one instead of the ID card), once the
 * whole-page English reading has shown its machine-readable lines (passport-mrz.ts):
 *
 * 1. the MRZ band at the page's foot is read again on its own, with only the MRZ's characters
 *    allowed and as one block (the lines are OCR-B, all of a size); each value is taken from the
 *    first of the two readings whose check digit holds — the passport number, the date of birth —
 *    and the Latin name, sure when both readings spell it alike;
 * 2. the Lao name, printed under its label, is read with the Lao model and filled only when the
 *    MRZ's Latin names spell it (field-values.ts, the ID card's test for a single reading) — or,
 *    read at two more sizes, when the readings weighed together are sure of it or read it alike
 *    and a black-and-white look confirms it (name-by-content.ts); otherwise it is left to type.
 *
 * Import lazily, with the reader: it pulls in tesseract.js and the mrz parser.
 */
import { PSM } from 'tesseract.js';
import { MIN_WORD_CONFIDENCE, type IdCardFields } from './extract-id-card';
import { laoNameFrom, nameConfirmed, type NameReading } from './field-values';
import { binarise, cropLevel, isolateRow, union, type Box, type GrayImage } from './gray-image';
import { loadLaoLexicon } from './lao-lexicon';
import { latinDistance } from './latin-match';
import { nameByContent } from './name-by-content';
import { combineReadings, findMrzLines, mrzCharacters, readMrz, type PassportReading } from './passport-mrz';
import { recognise, SETTINGS } from './recognise';
import { engine } from './reader-engine';

/** The page as the first (English, whole-page) reading read it, in the photo's working pixels. */
interface PageReading {
  text: string;
  words: { text: string; confidence: number; bbox: Box; line: number }[];
}

/** The MRZ's cap height the band is scaled to: the recogniser's sweet spot, as for the card's fields. */
const MRZ_TEXT_HEIGHT = 30;
/** The name's cap height: as the ID card's Lao fields. */
const NAME_TEXT_HEIGHT = 30;
/** The sizes the name is read at once more when one reading is not enough, as the ID card's names. */
const VOTE_TEXT_HEIGHTS = [24, 38];
/** Its looks in black and white (as the ID card's: read-id-card.ts), at sizes no other reading used. */
const LOOK_TEXT_HEIGHTS = [36, 42] as const;
const LOOK_DEPTH = 0.12;
const CLEAN_LOOK_DEPTH = 0.3;
const MARGIN = 12;
const MRZ_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Where the MRZ is: the words of the reading that look like its lines (fillers, or a long run of
 * capitals and digits), from the first line's top to room for the second below it.
 */
function mrzBand(page: PageReading, gray: GrayImage): { box: Box; height: number } {
  const words = page.words.filter((w) => {
    const chars = mrzCharacters(w.text);
    return chars.length >= 20 && (chars.includes('<<') || /\d{6}/.test(chars));
  });
  if (!words.length) {
    const height = gray.height * 0.04;
    return { box: { x0: 0, y0: gray.height * 0.7, x1: gray.width, y1: gray.height }, height };
  }
  const box = union(words.map((w) => w.bbox));
  const height = median(words.map((w) => w.bbox.y1 - w.bbox.y0));
  return {
    box: {
      x0: Math.max(0, box.x0 - 2 * height),
      y0: Math.max(0, box.y0 - 0.8 * height),
      x1: Math.min(gray.width, box.x1 + 2 * height),
      y1: Math.min(gray.height, Math.max(box.y1, box.y0 + 3.2 * height) + 0.8 * height),
    },
    height,
  };
}

/**
 * Where the Lao name is printed: the row under its label ("Name in Lao", beside the Lao "ຊື່ ແລະ
 * ນາມສະກຸນ" the English model reads as something else) — the next line the English reading saw
 * (as Latin nonsense, but in its place), with room for the marks above and below; or, when it saw
 * none, the height of two lines under the label.
 */
function laoNameRow(page: PageReading, gray: GrayImage, textHeight: number): Box | undefined {
  const byLine = new Map<number, PageReading['words']>();
  for (const w of page.words) byLine.set(w.line, [...(byLine.get(w.line) ?? []), w]);
  const lines = [...byLine.values()].map((words) => ({ words, box: union(words.map((w) => w.bbox)) }));
  const label = lines.find((l) => /\bname\b.*\blao\b/i.test(l.words.map((w) => w.text).join(' ')));
  if (!label) return undefined;
  const value = lines
    .filter((l) => l.box.y0 > label.box.y1 - 0.2 * textHeight && l.box.y0 < label.box.y1 + 3 * textHeight)
    .sort((a, b) => a.box.y0 - b.box.y0)[0];
  if (value) {
    const h = value.box.y1 - value.box.y0;
    return {
      x0: Math.max(0, value.box.x0 - textHeight),
      y0: Math.max(label.box.y1, value.box.y0 - 0.5 * h),
      x1: Math.min(gray.width, value.box.x1 + 2 * textHeight),
      y1: Math.min(gray.height, value.box.y1 + 0.5 * h),
    };
  }
  return {
    x0: Math.max(0, label.box.x0 - textHeight),
    y0: label.box.y1 + 0.1 * textHeight,
    x1: gray.width,
    y1: Math.min(gray.height, label.box.y1 + 2.6 * textHeight),
  };
}

/** The Lao given name and surname, each only when the MRZ's Latin spells it. */
async function laoNames(
  gray: GrayImage,
  angle: number,
  row: Box,
  textHeight: number,
  mrz: PassportReading,
): Promise<{ fields: IdCardFields; text: string }> {
  const lao = await engine('lao');
  const crop = (height: number) => isolateRow(cropLevel(gray, row, angle, height / textHeight, MARGIN), MARGIN);
  /** The row read at a size (as prepared, or black and white by `depth`): the given name its first word, the surname the rest. */
  const readAt = async (height: number, depth?: number) => {
    const image = depth === undefined ? crop(height) : binarise(crop(height), height * 1.2, depth);
    const read = await recognise(lao, image, SETTINGS.name);
    const aligned = read.choices?.length === read.words.length;
    // A single letter is no name: a speck at the row's edge read as one (ຈ before the names).
    const kept = read.words.flatMap((w, i) => ([...(laoNameFrom(w.text) ?? '')].length > 1 ? [{ w, i }] : []));
    const part = (mine: typeof kept): NameReading => ({
      text: mine.map(({ w }) => w.text).join(' '),
      confidence: mine.length ? Math.min(...mine.map(({ w }) => w.confidence)) : 0,
      choices: aligned ? mine.map(({ i }) => read.choices![i]!) : undefined,
    });
    // One word only (the other lost): it may be either name — the MRZ tells which (below).
    const one = kept.length === 1;
    return { text: read.text, one, first: part(kept.slice(0, 1)), last: part(one ? kept : kept.slice(1)) };
  };
  const read = await readAt(NAME_TEXT_HEIGHT);
  if (!read.first.text) return { fields: {}, text: read.text };
  const lexicon = await loadLaoLexicon();
  const fields: IdCardFields = {};
  const parts = [
    ['firstNameLao', 'first', mrz.givenNames],
    ['lastNameLao', 'last', mrz.surname],
  ] as const;
  let more: Awaited<ReturnType<typeof readAt>>[] | undefined;
  for (const [field, part, latin] of parts) {
    if (!latin) continue;
    const reading = read[part];
    // The one word read is this name only if the MRZ spells it so and not as the other name.
    const other = part === 'first' ? mrz.surname : mrz.givenNames;
    if (read.one && latinDistance(laoNameFrom(reading.text) ?? '', other) === 0) continue;
    const value = laoNameFrom(reading.text);
    if (value && reading.confidence >= MIN_WORD_CONFIDENCE && nameConfirmed(reading, latin, lexicon)) {
      fields[field] = { value, confidence: 'ok' };
      continue;
    }
    // Not sure of it from one reading: the row read at two more sizes, weighed as an ID card's
    // name found by its lines is (name-by-content.ts) against the MRZ's spelling of it. Sure, it
    // is filled; read alike (two readings at least, not surely), only when the row in black and
    // white says it too, or, where that says otherwise, both clean looks (ink much darker than
    // around it) do.
    more ??= await Promise.all(VOTE_TEXT_HEIGHTS.map((height) => readAt(height)));
    const decision = nameByContent([reading, ...more.map((r) => r[part])], [], latin, lexicon);
    const name = decision.value;
    if (!name || decision.mended || latinDistance(name, latin) !== 0 || (!decision.sure && !decision.alike)) continue;
    const says = async (height: number, depth: number) =>
      laoNameFrom((await readAt(height, depth))[part].text) === name;
    if (
      (await says(LOOK_TEXT_HEIGHTS[0], LOOK_DEPTH)) ||
      (await says(LOOK_TEXT_HEIGHTS[1], LOOK_DEPTH)) ||
      ((await says(LOOK_TEXT_HEIGHTS[0], CLEAN_LOOK_DEPTH)) && (await says(LOOK_TEXT_HEIGHTS[1], CLEAN_LOOK_DEPTH)))
    )
      fields[field] = { value: name, confidence: 'ok' };
  }
  return { fields, text: read.text };
}

export async function readPassportPage(
  gray: GrayImage,
  angle: number,
  page: PageReading,
  today: Date,
): Promise<{ fields: IdCardFields; raw: Partial<Record<string, string>> }> {
  const eng = await engine('eng');
  const band = mrzBand(page, gray);
  const image = cropLevel(gray, band.box, angle, MRZ_TEXT_HEIGHT / band.height, MARGIN);
  const bandRead = await recognise(eng, image, { model: 'eng', psm: PSM.SINGLE_BLOCK, whitelist: MRZ_CHARACTERS });
  // The page's rows of Latin capitals (its printed surname and given names among them), but the
  // MRZ's own (with a filler, or one long run).
  const rows = new Map<number, string[]>();
  const mrzRows = new Set(page.words.filter((w) => /</.test(w.text) || w.text.length > 24).map((w) => w.line));
  for (const w of page.words)
    if (/^[A-Z]{2,}$/.test(w.text) && !mrzRows.has(w.line)) rows.set(w.line, [...(rows.get(w.line) ?? []), w.text]);
  const readings = [bandRead.text, page.text].map((text) => {
    const lines = findMrzLines(text);
    return lines ? readMrz(lines, today, [...rows.values()]) : { fields: {} };
  });
  const mrz = combineReadings(readings);
  const row = mrz.fields.latinName ? laoNameRow(page, gray, band.height) : undefined;
  const names = row ? await laoNames(gray, angle, row, band.height, mrz) : undefined;
  return {
    fields: { ...names?.fields, ...mrz.fields },
    raw: { layout: page.text, mrz: bandRead.text, laoName: names?.text ?? '', document: 'passport' },
  };
}
