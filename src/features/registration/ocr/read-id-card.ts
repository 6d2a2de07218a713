/**
 * Reads a Lao ID card photo on the device — the code the registration screen runs.
 *
 * 1. The photo is turned grey, its contrast stretched and its tilt measured.
 * 2. A quick English reading of the levelled card finds the labels (card-layout.ts) — or, on a
 *    passport's data page, its two machine-readable lines (read-passport.ts takes over). When every
 *    label of the classic layout and its Latin name line are there, each value is cut out where its
 *    label says and read on its own (digits for the number and date, Lao for the names); a name
 *    one sure reading spelt like the Latin line, or every reading at three sizes alike, is taken.
 * 3. Whatever that did not make sure of (or everything, on another layout) is found by what the
 *    card's lines say (card-lines.ts, on a Lao reading of the whole card too) and read again; a
 *    name is filled only when sure (field-values.ts, latin-match.ts, lao-lexicon.ts) and not read
 *    otherwise by step 2 — unsure means empty, for the citizen to type. Sure without the "unclear"
 *    mark only where the card's Latin line spells it: without one, nothing but the Lao recogniser
 *    vouches for its letters, and it is filled with the mark.
 *
 * Import this module lazily: it pulls in tesseract.js.
 */
import { findCardLayout, type CardLayout, type LayoutWord } from './card-layout';
import { knowsLayout, regionsOf, type Region } from './card-regions';
import {
  classifyCardLines,
  isNameLabel,
  isTitle,
  mergeReadings,
  nameLabelIn,
  oneWordNames,
  type CardFields,
  type CardWord,
} from './card-lines';
import {
  extractIdCard,
  MIN_WORD_CONFIDENCE,
  type FieldConfidence,
  type IdCardFields,
  type OcrWord,
} from './extract-id-card';
import {
  addressFrom,
  dateFrom,
  dateWithoutSeparators,
  digitwise,
  idNumberFrom,
  idNumberLoosely,
  laoNameFrom,
  laoNameOf,
  nameConfirmed,
  writtenLikeLao,
  type NameReading,
} from './field-values';
import {
  binarise,
  cropLevel,
  isolateRow,
  rightmostInk,
  skewAngle,
  stretchContrast,
  type Box,
  type GrayImage,
} from './gray-image';
import { loadLaoLexicon } from './lao-lexicon';
import { impossibleSpelling, LATIN_DISTANCE_MAX, latinDistance, markUnspeltNames } from './latin-match';
import { nameByContent } from './name-by-content';
import { placeNames } from './place-names';
import { looksLikeMrz } from './passport-mrz';
import { decode, lowest, recognise, scaledBack, SETTINGS, sureOf, type Recognised } from './recognise';
import { readPassportPage } from './read-passport';
import { engine, releaseLater } from './reader-engine';

export interface IdCardReading {
  fields: IdCardFields;
  /** What was read, field by field (for the benchmark and for bug reports). */
  raw: Partial<Record<string, string>>;
  /** Time spent reading, without downloading or starting the engines. */
  durationMs: number;
  /**
   * The card's print is small in the photo (SMALL_PRINT): its Lao names are not read surely, and a
   * photo taken closer reads what this one could not.
   */
  smallPrint?: boolean;
}

/** Capital-letter height the fields are scaled to: the recogniser's sweet spot for these fonts. */
export const FIELD_TEXT_HEIGHT = 30;
/** The sizes a name is read at once more, to vote. */
const VOTE_TEXT_HEIGHTS = [24, 38];
/** The size a name is read at once more where one crop of three was read otherwise. */
const TIE_TEXT_HEIGHT = 34;
/** Digits read best a little larger: the ID number is read at these three sizes (Phetsarath's 3 looks like 8 when small). */
const DIGIT_TEXT_HEIGHTS = [38, 34, 44];
/**
 * A date is read again this large when the first reading is not the whole card's: larger than the
 * number (at 38 px, 4 of 1,344 development cards got a birth date wrong and sure — a bold 11 read 01,
 * 28 read 26 — at 52 px 1, and 6 fewer dates were missed; the number itself read worse this large).
 */
const DATE_AGAIN_TEXT_HEIGHT = 52;
/** Where still no two readings of the date agree, it is read at these sizes too, until one confirms. */
const DATE_LAST_TEXT_HEIGHTS = [44, 60];
const MARGIN = 12;
/**
 * The size of the second look at a value (looksAgain): one no other reading of it used, so that a
 * misreading the sizes near it repeat is not repeated here too.
 */
const SECOND_LOOK_TEXT_HEIGHT = { idNumber: 41, dateOfBirth: 41, name: 36 } as const;
/**
 * Where the second look says otherwise, a third, prepared the same way at a size no reading used:
 * a card's fine security lines, which the neighbourhood's level makes ink as it makes faint letters
 * ink, cross a letter at one size and not at the other. The value stays sure only when it says the value.
 */
const THIRD_LOOK_TEXT_HEIGHT = { idNumber: 48, dateOfBirth: 48, name: 42 } as const;
/** How much darker than around it a pixel must be to be ink in the second and third looks (binarise)… */
const LOOK_DEPTH = 0.12;
/**
 * …and in the clean looks that follow where both said otherwise: as in the whole card's black and
 * white reading (CLEAN_DEPTH), the faint security lines a card maker prints across the text stay paper.
 */
const CLEAN_LOOK_DEPTH = 0.3;
/**
 * A name label read on its own: the label's letters are scaled to this height, taking them to be
 * about 0.7 of the card's digits (labels are printed smaller than the values).
 */
const LABEL_TEXT_HEIGHT = 30;
/**
 * Digits and capitals lower than this (px, in the photo as taken): the Lao names printed beside them
 * are too small to read surely, and a value left empty asks for a photo taken closer.
 */
const SMALL_PRINT = 12;
/** Width the whole card is read at to find its lines (capitals ~20 px high). */
const LAYOUT_WIDTH = 1000;

/**
 * One name out of the reading of a "name and surname" row: labels, a title and specks dropped, the
 * words split at the widest gap between them (the space between the names; a word the recogniser
 * cut in two has a narrower one). Nothing when fewer than two words are left.
 */
function partOf(read: Recognised, part: 'first' | 'last'): Recognised {
  const kept = read.words
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => !isNameLabel(w.text) && laoNameFrom(w.text) !== undefined);
  if (kept.length > 2 && isTitle(kept[0]!.w.text)) kept.shift();
  if (kept.length < 2) return { text: '', words: [] };
  let split = 0;
  for (let k = 1; k < kept.length - 1; k++) {
    const gap = kept[k + 1]!.w.bbox.x0 - kept[k]!.w.bbox.x1;
    if (gap > kept[split + 1]!.w.bbox.x0 - kept[split]!.w.bbox.x1) split = k;
  }
  const mine = part === 'first' ? kept.slice(0, split + 1) : kept.slice(split + 1);
  const aligned = read.choices?.length === read.words.length;
  return {
    text: mine.map(({ w }) => w.text).join(' '),
    words: mine.map(({ w }) => w),
    choices: aligned ? mine.map(({ i }) => read.choices![i]!) : undefined,
  };
}

/** The reading without a title (ທ້າວ, ນາງ …) before the name or a label, when the crop caught one. */
function withoutTitle(text: string): string {
  // A label the crop caught (ຊື່:, ນາມສະກຸນ) is no part of the name either.
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => !isNameLabel(w));
  return words.length > 1 && isTitle(words[0]!) ? words.slice(1).join(' ') : words.join(' ');
}

/**
 * A crop's reading of a name. Its confidence is that of the words the name is made of: a title, a
 * label or a speck at the crop's edge (dropped from the name) says nothing about the name's letters.
 */
function nameReadingOf(read: Recognised): NameReading {
  const kept = read.words.filter((w) => !isTitle(w.text) && !isNameLabel(w.text) && laoNameFrom(w.text));
  return {
    text: withoutTitle(read.text),
    confidence: kept.length ? Math.min(...kept.map((w) => w.confidence)) : 0,
    choices: read.choices,
  };
}

/** What else on the card tells a field's value: the Latin name line, the first pass's ID number. */
interface Hints {
  latinName?: string;
  /** The number as the whole-card readings read it. */
  idNumbers?: string[];
  /** The names as the whole-card Lao reading read them. */
  names?: Partial<Record<string, string>>;
  idNumber?: string;
  dateOfBirth?: string;
  /** The areas were found by the card's labels (card-layout.ts): names are read as on the classic cards. */
  byLabels?: boolean;
}

/** Reads one field's crop(s) with the settings that suit it. */
async function readRegion(
  gray: GrayImage,
  angle: number,
  region: Region,
  today: Date,
  hints: Hints,
  options: ReadOptions,
  cache: Map<string, Promise<Recognised>>,
): Promise<{ value?: string; confidence: FieldConfidence; raw: string; mended?: boolean; alike?: boolean }> {
  const setting =
    region.field === 'idNumber'
      ? SETTINGS.digits
      : region.field === 'dateOfBirth'
        ? SETTINGS.date
        : region.field === 'address'
          ? SETTINGS.address
          : SETTINGS.name;
  const worker = await engine(setting.model);
  const crop = (row: Box, height: number) =>
    isolateRow(cropLevel(gray, row, angle, height / region.textHeight, MARGIN), MARGIN);
  // A row both names are printed on is read once for the two of them.
  const readRow = async (row: Box, height: number, debugName?: string) => {
    const key = `${setting.model}|${setting.psm}|${JSON.stringify(row)}|${height}`;
    let read = cache.get(key);
    if (!read) {
      const image = crop(row, height);
      if (debugName) options.debug?.(debugName, image);
      read = recognise(worker, image, setting);
      cache.set(key, read);
    }
    return region.part ? partOf(await read, region.part) : read;
  };
  const reads: Recognised[] = [];
  const height = setting === SETTINGS.digits ? DIGIT_TEXT_HEIGHTS[0]! : FIELD_TEXT_HEIGHT;
  for (const row of region.rows) reads.push(await readRow(row, height, `${region.field}-${reads.length}`));
  const texts = reads.map((r) => r.text.trim());

  if (setting === SETTINGS.name && hints.byLabels) {
    // The card's own layout, found by its labels: one sure reading the Latin line spells the same,
    // in syllables Lao writes, is taken as it is; otherwise the name is read at two more sizes and
    // is sure only when every reading says it, nothing mended (the reading of the classic cards).
    const lexicon = await loadLaoLexicon();
    const once = nameReadingOf(reads[0]!);
    const confirmed = nameConfirmed(once, hints.latinName, lexicon);
    const used = [reads[0]!];
    if (!confirmed) for (const size of VOTE_TEXT_HEIGHTS) used.push(await readRow(region.rows[0]!, size));
    const readings = used.map(nameReadingOf);
    options.record?.(`${region.field}ByLabels`, readings);
    const name = laoNameOf(readings, hints.latinName, lexicon);
    const sure =
      name.value !== undefined &&
      name.unanimous &&
      !name.corrected &&
      !impossibleSpelling(name.value) &&
      used.every((r) => sureOf(r) === 'ok');
    return {
      value: name.value,
      confidence: sure ? 'ok' : 'check',
      raw: readings.map((r) => r.text).join(' / '),
      mended: name.corrected,
    };
  }

  if (setting === SETTINGS.name) {
    // The name is read at three sizes (a misread letter rarely repeats at every size) and the
    // readings, the recogniser's other guesses and the letters the Lao model confuses are weighed
    // against the Latin line and the Lao syllables (name-by-content.ts). (Taking one reading that the
    // whole card and the Latin line agree with filled names without their tone marks: the Latin
    // line does not show them, and the small whole-card reading loses them as easily.)
    const lexicon = await loadLaoLexicon();
    const layoutText = hints.names?.[region.field];
    const whole: NameReading[] = layoutText ? [{ text: withoutTitle(layoutText), confidence: 0 }] : [];
    const all = [reads[0]!];
    for (const size of VOTE_TEXT_HEIGHTS) all.push(await readRow(region.rows[0]!, size));
    const used = all.map(nameReadingOf);
    options.record?.(region.field, [...used, ...whole]);
    let name = nameByContent(used, whole, hints.latinName, lexicon);
    // Unsure with one crop read otherwise than the others: read at one more size. Where that
    // reading says what the others say, the odd crop was the size's misreading (ຟ for ພ at one
    // size): it takes its place, and the name is weighed again.
    const said = used.map((r) => laoNameFrom(r.text));
    const odd = said.flatMap((read, i) => (read !== name.value ? [i] : []));
    if (!name.sure && name.value !== undefined && odd.length === 1) {
      const extra = nameReadingOf(await readRow(region.rows[0]!, TIE_TEXT_HEIGHT));
      options.record?.(`${region.field}Extra`, [extra]);
      if (laoNameFrom(extra.text) === name.value)
        name = nameByContent(
          used.map((r, i) => (i === odd[0] ? extra : r)),
          whole,
          hints.latinName,
          lexicon,
        );
    }
    return {
      value: name.value,
      confidence: name.sure ? 'ok' : 'check',
      raw: [...used.map((r) => `${r.text.trim()} ${r.confidence}`), ...whole.map((r) => `[${r.text}]`)].join(' / '),
      mended: name.mended,
      alike: name.alike,
    };
  }

  if (setting === SETTINGS.digits) {
    // The first pass read the number too, on the whole card: when both agree, that is enough.
    // Otherwise it is read at two more sizes and the digits read most often win (ties: the surest).
    const all = [reads[0]!];
    if (!hints.idNumber || idNumberFrom(texts[0]!) !== hints.idNumber) {
      for (const size of DIGIT_TEXT_HEIGHTS.slice(1)) all.push(await readRow(region.rows[0]!, size));
    }
    // The whole card's readings of the number vote too.
    const whole = hints.idNumbers ?? [];
    const key = (r: Recognised) => idNumberFrom(r.text) ?? r.text.replace(/\s+/g, '');
    const ranked = all
      .map((r) => ({
        r,
        votes: all.filter((o) => key(o) === key(r)).length + whole.filter((v) => v === key(r)).length,
        sure: lowest(r),
      }))
      .sort((a, b) => b.votes - a.votes || b.sure - a.sure);
    // The number is sure when two readings of it agree (the first pass counts as one): then it is
    // filled without a warning. Readings that disagreed ask the citizen to look. When the readings
    // most alike are no number (a digit read twice: 13 digits), the likeliest reading that is one
    // is filled, to check.
    const best = ranked.find((b) => idNumberFrom(b.r.text.trim()) !== undefined);
    const value = best && idNumberFrom(best.r.text.trim());
    // (Two crop readings agreeing count as much: the whole card is read small, its digits less surely.)
    // A crop read as another number of the right length is a doubt the vote does not settle: the
    // crops share their edges, and one cut in the same place repeats a number's lost first digits
    // at every size (922435237685202 read 435237685202 twice and 135237685202 once).
    const dissent = all.some((r) => {
      const other = idNumberFrom(r.text.trim());
      return other !== undefined && other !== value;
    });
    const confidence: FieldConfidence =
      value && !dissent && best === ranked[0] && best.votes >= 2 && best.votes * 2 > all.length + whole.length
        ? 'ok'
        : 'check';
    if (value === undefined) {
      // No grey crop read a number: the crop in black and white, to check (a glare spot or a
      // security line over a digit reads otherwise there; an empty field helps the citizen less).
      const other = await inBlackAndWhite(gray, angle, region, today);
      if (other)
        return { value: other, confidence: 'check', raw: `${all.map((r) => r.text.trim()).join(' / ')} / bw ${other}` };
    }
    return { value, confidence, raw: all.map((r) => r.text.trim()).join(' / ') };
  }

  if (region.field === 'dateOfBirth') {
    // Two of the three readings (the crop at two sizes, the whole card) saying it: its check has passed.
    const first = dateFrom(texts[0]!, today);
    let again: string | undefined;
    if (first === undefined || first !== hints.dateOfBirth)
      again = dateFrom((await readRow(region.rows[0]!, DATE_AGAIN_TEXT_HEIGHT)).text, today);
    const votes = [first, again, hints.dateOfBirth].filter((d) => d !== undefined);
    let agreed = votes.find((d, i) => votes.indexOf(d) !== i);
    const raw = [texts[0], again];
    // Still no two alike: more sizes, each of which may confirm the first reading or the whole
    // card's — not the one at 52 px alone, whose misreading the sizes near it repeat (28 read 26).
    for (const size of DATE_LAST_TEXT_HEIGHTS) {
      if (agreed !== undefined) break;
      const text = (await readRow(region.rows[0]!, size)).text;
      raw.push(text);
      const more = dateFrom(text, today);
      if (more !== undefined) votes.push(more);
      if (more !== undefined && (more === first || more === hints.dateOfBirth)) agreed = more;
    }
    const sure = agreed !== undefined;
    // No two readings alike: each digit as most readings read it (each misread a different digit),
    // to check; neither crop a date (a slash read as 1): the whole card's, to check.
    const value = agreed ?? digitwise(votes, today) ?? first ?? again ?? hints.dateOfBirth;
    if (value === undefined) {
      const other = await inBlackAndWhite(gray, angle, region, today);
      if (other) return { value: other, confidence: 'check', raw: `${raw.filter(Boolean).join(' / ')} / bw ${other}` };
    }
    return { value, confidence: sure ? 'ok' : 'check', raw: raw.filter(Boolean).join(' / ') };
  }
  const confidence: FieldConfidence = reads.every((r) => sureOf(r) === 'ok') ? 'ok' : 'check';
  return { value: addressFrom(texts), confidence, raw: texts.join(' / ') };
}

/**
 * A value the reader is about to fill as sure, read once more from a differently prepared image:
 * the field's crop at another size, black and white by each pixel's neighbourhood (binarise) rather
 * than grey. What that reading makes of it (nothing when it is no number, date or name).
 */
async function looksAgain(
  gray: GrayImage,
  angle: number,
  region: Region,
  today: Date,
  heights: Record<'idNumber' | 'dateOfBirth' | 'name', number> = SECOND_LOOK_TEXT_HEIGHT,
  debug?: DebugSink,
  depth = LOOK_DEPTH,
): Promise<string | undefined> {
  const setting =
    region.field === 'idNumber' ? SETTINGS.digits : region.field === 'dateOfBirth' ? SETTINGS.date : SETTINGS.name;
  const height = region.field === 'idNumber' || region.field === 'dateOfBirth' ? heights[region.field] : heights.name;
  const crop = isolateRow(cropLevel(gray, region.rows[0]!, angle, height / region.textHeight, MARGIN), MARGIN);
  // The neighbourhood: about a letter's height, so a stroke is judged against the paper around it.
  const image = binarise(crop, height * 1.2, depth);
  debug?.(`${region.field}-look-${height}${depth === LOOK_DEPTH ? '' : '-clean'}`, image);
  const read = await recognise(await engine(setting.model), image, setting);
  if (region.field === 'idNumber') return idNumberFrom(read.text.trim());
  if (region.field === 'dateOfBirth') return dateFrom(read.text, today);
  const text = region.part ? partOf(read, region.part).text : read.text;
  return laoNameFrom(withoutTitle(text));
}

/**
 * The label of a name whose field no label read on the whole card decided (the whole card is read
 * small, and a card's labels are printed smaller than its values): read on its own, from crops at a
 * size fit for it — beside the name (before it on its row), then above it (between it and the row
 * above) — by the Lao and the English model. Which name that label names, if it is one.
 */
async function nameLabelNear(gray: GrayImage, angle: number, region: Region, raw: Record<string, string | undefined>) {
  const h = region.textHeight;
  const row = region.rows[0]!;
  const beside: Box = { x0: Math.max(0, row.x0 - 8 * h), y0: row.y0, x1: row.x0 + 0.1 * h, y1: row.y1 };
  const above: Box = {
    x0: Math.max(0, row.x0 - 0.5 * h),
    y0: row.y0 - 1.2 * h,
    x1: row.x0 + 10 * h,
    y1: row.y0 + 0.3 * h,
  };
  const scale = LABEL_TEXT_HEIGHT / (0.7 * h);
  const said: string[] = [];
  try {
    for (const box of [beside, above]) {
      if (box.y0 < 0 || box.x1 - box.x0 < h) continue;
      // Beside the name, only the label: what stands further left past a gap (the photo's edge) is cut off.
      const level = isolateRow(cropLevel(gray, box, angle, scale, MARGIN), MARGIN);
      const crop = box === beside ? rightmostInk(level, Math.round(1.5 * LABEL_TEXT_HEIGHT)) : level;
      const lao = await recognise(await engine('lao'), crop, SETTINGS.labelLao);
      const eng = await recognise(await engine('eng'), crop, SETTINGS.labelEng);
      said.push(`${lao.text.trim()} | ${eng.text.trim()}`);
      const kind = nameLabelIn(lao.text, eng.text);
      if (kind) return kind;
    }
    return undefined;
  } finally {
    raw[`${region.field}Label`] = said.join(' // ');
  }
}

/** The whole card read again in black and white: the neighbourhood (px at the layout's scale) and how much darker ink is. */
const CLEAN_WINDOW = 31;
const CLEAN_DEPTH = 0.3;

/** What the lines' reading did not find: the number, the date of birth, a name. */
function lacks(card: CardFields): string[] {
  return [
    !card.idNumber && !card.numberRow ? 'idNumber' : '',
    !card.dateOfBirth && !card.dateRow ? 'dateOfBirth' : '',
    !card.names.firstNameLao && !card.fullName ? 'firstNameLao' : '',
    !card.names.lastNameLao && !card.fullName ? 'lastNameLao' : '',
  ].filter(Boolean);
}

/**
 * The first reading's findings, with what it lacks taken from another reading of the card: the
 * number, the date, the Latin line; a name only where it is not on a row the first took for
 * the other name, and placed by a label only where the other reading read one.
 */
function withWhatItLacks(card: CardFields, other: CardFields): CardFields {
  const merged: CardFields = {
    ...card,
    names: { ...card.names },
    nameTexts: { ...card.nameTexts },
    labelled: [...card.labelled],
  };
  if (!card.idNumber && !card.numberRow) {
    merged.idNumber = other.idNumber;
    merged.idNumbers = other.idNumbers;
    merged.numberRow = other.numberRow;
    if (other.idNumber) {
      merged.textHeight = other.textHeight;
      merged.printHeight = other.printHeight;
    }
  }
  if (!card.dateOfBirth && !card.dateRow) {
    merged.dateOfBirth = other.dateOfBirth;
    merged.dateRow = other.dateRow;
  }
  merged.latinName ??= other.latinName;
  merged.printHeight ??= other.printHeight;
  if (!card.fullName) {
    const overlaps = (a: Box, b: Box) => Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);
    for (const field of ['firstNameLao', 'lastNameLao'] as const) {
      const box = other.names[field];
      if (card.names[field] || !box) continue;
      if (Object.values(card.names).some((mine) => mine && overlaps(mine, box))) continue;
      merged.names[field] = box;
      merged.nameTexts[field] = other.nameTexts[field];
      if (other.labelled.includes(field)) merged.labelled.push(field);
    }
    if (!card.names.firstNameLao && !card.names.lastNameLao && other.fullName) merged.fullName = other.fullName;
  }
  return merged;
}

/** The sizes a number or date no grey crop could read is read at in black and white. */
const BLACK_AND_WHITE_TEXT_HEIGHTS = [38, 46];

/**
 * A number or date read in black and white (as the second look reads it, then as the clean looks)
 * at two sizes, where no grey crop made one of it: the first that makes one, filled only with the
 * "unclear" mark.
 */
async function inBlackAndWhite(gray: GrayImage, angle: number, region: Region, today: Date) {
  // Then ink only where much darker than around it: a security line across the digits stays paper.
  for (const depth of [LOOK_DEPTH, CLEAN_LOOK_DEPTH])
    for (const size of BLACK_AND_WHITE_TEXT_HEIGHTS) {
      const sizes = { idNumber: size, dateOfBirth: size, name: size };
      const value = await looksAgain(gray, angle, region, today, sizes, undefined, depth);
      if (value !== undefined) return value;
    }
  return undefined;
}

/**
 * Reads an ID card photo. `onStage` tells the screen how far it is (0–1) once the engines run.
 */
export type DebugSink = (name: string, image: GrayImage) => void;

/** For the benchmark: the crops made, every reading of the names. */
export interface ReadOptions {
  debug?: DebugSink;
  /**
   * Every reading of the names is handed here: by the labels' path as `${field}ByLabels`; by the
   * lines' content as `field`, the crops' three readings then the whole card's (confidence 0).
   */
  record?: (field: string, readings: NameReading[]) => void;
}

export async function readIdCard(
  image: Blob,
  onStage: (fraction: number) => void = () => {},
  today = new Date(),
  options: ReadOptions = {},
): Promise<IdCardReading> {
  const { debug } = options;
  try {
    const [eng] = await Promise.all([engine('eng'), engine('lao')]);
    const started = performance.now();
    const photo = await decode(image);
    const gray = stretchContrast(photo.gray);
    const angle = skewAngle(gray);
    // The whole card is read smaller than the crops: its lines only need to be told apart, and the
    // recogniser's page analysis costs in proportion to the pixels.
    const layoutScale = Math.min(1, LAYOUT_WIDTH / gray.width);
    const levelled = cropLevel(gray, { x0: 0, y0: 0, x1: gray.width, y1: gray.height }, angle, layoutScale);
    onStage(0.2);
    debug?.('levelled', levelled);
    const t0 = performance.now();
    // The whole card, read by the English model: its labels place the fields on the layout the
    // classic cards have (card-layout.ts), its digits, dates and Latin name vote.
    const first = scaledBack(await recognise(eng, levelled, SETTINGS.layout), layoutScale);
    // A passport's data page instead of the card: read by its machine-readable lines (read-passport.ts).
    if (looksLikeMrz(first.text)) {
      const passport = await readPassportPage(gray, angle, first, today);
      // An ID card whose Latin name, with brackets misread around it, only looked like an MRZ line
      // gives no passport field: it is read on as a card.
      if (Object.keys(passport.fields).length) {
        onStage(1);
        return { ...passport, durationMs: Math.round(performance.now() - started) };
      }
    }
    const layoutWords: LayoutWord[] = first.words.map((w) => ({
      text: w.text,
      confidence: w.confidence,
      line: w.line,
      box: w.bbox,
    }));
    const layout: CardLayout = findCardLayout(layoutWords, gray.width);
    const firstPass = extractIdCard(
      first.words.map((w): OcrWord => ({ text: w.text, confidence: w.confidence, line: w.line })),
      today,
    );
    const fields: IdCardFields = {};
    const raw: IdCardReading['raw'] = { layout: first.text, angle: String((angle * 180) / Math.PI) };
    const cache = new Map<string, Promise<Recognised>>();
    /** Names no reading said as they are (look-alikes, the lexicon's spelling): `${field}${ByLabels}`. */
    const mended = new Set<string>();
    /** Names the lines' content read alike but not surely (NameDecision.alike). */
    const alike = new Set<string>();
    /** Where each value was read, by the labels' path and by the lines' content: to look again. */
    const readAt = { labels: new Map<string, Region>(), content: new Map<string, Region>() };
    const read = async (regions: Region[], hints: Hints) => {
      const found: IdCardFields = {};
      const at = hints.byLabels ? readAt.labels : readAt.content;
      await Promise.all(
        regions.map(async (region) => {
          const one = await readRegion(gray, angle, region, today, hints, options, cache);
          const key = `${region.field}${hints.byLabels ? 'ByLabels' : ''}`;
          raw[key] = one.raw;
          if (one.mended) mended.add(key);
          if (one.alike) alike.add(key);
          if (one.value) {
            found[region.field] = { value: one.value, confidence: one.confidence };
            at.set(region.field, region);
          }
        }),
      );
      return found;
    };

    // 1. Every label of the classic layout found: its fields read where the labels say.
    const byLabels: IdCardFields = knowsLayout(layout)
      ? await read(layout.regions, {
          byLabels: true,
          latinName: layout.latinName?.text,
          idNumber: firstPass.idNumber?.value,
          dateOfBirth: firstPass.dateOfBirth?.value,
          idNumbers: firstPass.idNumber ? [firstPass.idNumber.value] : undefined,
        })
      : {};
    onStage(0.5);
    /** The region each filled value was read from. */
    const source = new Map<string, Region>();
    for (const field of ['idNumber', 'dateOfBirth', 'firstNameLao', 'lastNameLao', 'address'] as const)
      if (byLabels[field]?.confidence === 'ok' || (field === 'address' && byLabels[field])) {
        fields[field] = byLabels[field];
        source.set(field, readAt.labels.get(field)!);
      }

    // 2. What the labels did not make sure of, found by the lines' content (card-lines.ts): the
    // whole card read by the Lao model too, its lines classified.
    const pending = (['idNumber', 'dateOfBirth', 'firstNameLao', 'lastNameLao', 'address'] as const).filter(
      (field) => !fields[field],
    );
    let card: CardFields | undefined;
    if (pending.length) {
      const lexicon = await loadLaoLexicon();
      const firstLao = scaledBack(await recognise(await engine('lao'), levelled, SETTINGS.laoLayout), layoutScale);
      raw.layoutLao = firstLao.text;
      const cardWords = (r: Recognised): CardWord[] =>
        r.words.map((w) => ({ text: w.text, confidence: w.confidence, line: w.line, box: w.bbox }));
      card = classifyCardLines(mergeReadings(cardWords(first), cardWords(firstLao)), today);
      // Something not found (a number, a date, a name): the whole card's reading may have lost
      // lines to fine security lines printed across the text, which its one grey level makes ink
      // on a photo (the table around the card darkens the level). Read once more in black and white
      // by each pixel's neighbourhood, deep enough that those faint lines are paper and the print
      // ink; what that reading finds fills only what the first did not.
      if (lacks(card).length) {
        const clean = binarise(levelled, CLEAN_WINDOW, CLEAN_DEPTH);
        const engAgain = scaledBack(await recognise(eng, clean, SETTINGS.layout), layoutScale);
        const laoAgain = scaledBack(await recognise(await engine('lao'), clean, SETTINGS.laoLayout), layoutScale);
        raw.layoutAgain = `${lacks(card).join(',')}: ${engAgain.text} // ${laoAgain.text}`;
        card = withWhatItLacks(card, classifyCardLines(mergeReadings(cardWords(engAgain), cardWords(laoAgain)), today));
      }
      const byContent = await read(
        regionsOf(card, layout, gray.width).filter((r) => (pending as readonly string[]).includes(r.field)),
        {
          latinName: (card.latinName ?? layout.latinName)?.text,
          idNumber: card.idNumber?.value ?? firstPass.idNumber?.value,
          dateOfBirth: card.dateOfBirth?.value ?? firstPass.dateOfBirth?.value,
          names: card.nameTexts,
          idNumbers: card.idNumbers.length ? card.idNumbers : undefined,
        },
      );
      for (const field of pending) {
        const value = byContent[field] ?? byLabels[field];
        if (field !== 'firstNameLao' && field !== 'lastNameLao') {
          if (value) fields[field] = value;
          const at = byContent[field] ? readAt.content : readAt.labels;
          if (value && at.has(field)) source.set(field, at.get(field)!);
          continue;
        }
        // Sure by the lines' content and not read otherwise where the labels say, or read alike by
        // the two ways (both unsure of it) in a spelling Lao has, as some reading of each said it
        // or as the Latin line spells it — two ways of mending the same misreading agree as easily
        // (ທົບພະວົງ for ທິບພະວົງ, THIPPHAVONG). Anything else is left to type. What the labels'
        // path read counts only when it is Lao writing: on a card whose values are not beside their
        // labels its crops cut label and background, whose letters say nothing against the name.
        // Nor, against the name, when no reading said it (the lexicon's likelier spelling of what
        // was read: ລາດສະວົງ for ລາດຊະວົງ read three times, both spelt LATSAVONG): that is no second
        // reading. (Mended alike by both ways, as the Latin line spells it, it still agrees.)
        const mine = byContent[field];
        const labelsMended = mended.has(`${field}ByLabels`);
        const said = byLabels[field]?.value;
        const other =
          said !== undefined && !(labelsMended && said !== mine?.value) && lexicon && writtenLikeLao(said, lexicon)
            ? said
            : undefined;
        const asRead = !mended.has(field) && !labelsMended;
        const latinText = (card?.latinName ?? layout.latinName)?.text;
        if (
          mine?.value !== undefined &&
          (other === undefined
            ? mine.confidence === 'ok'
            : other === mine.value &&
              !impossibleSpelling(mine.value) &&
              (asRead || latinDistance(mine.value, latinText) === 0))
        ) {
          fields[field] = { value: mine.value, confidence: 'ok' };
          source.set(field, readAt.content.get(field)!);
        } else if (mine?.value !== undefined && alike.has(field) && (other === undefined || other === mine.value)) {
          // Read alike by the crops, not surely: taken as sure only if the black-and-white looks
          // below say it too (as every sure value must), its field placed by a label as any name's.
          fields[field] = { value: mine.value, confidence: 'ok' };
          source.set(field, readAt.content.get(field)!);
          raw[`${field}Alike`] = mine.value;
        }
      }
    }
    // Sure means right: a name the Latin line spells otherwise is no one's; every value about to
    // be filled as sure is read once more from a differently prepared image. Where that reading
    // says otherwise (or nothing), an ID number or date is filled with the "unclear" mark and a
    // name is left for the citizen to type.
    const latinLine = card?.latinName ?? layout.latinName;
    await placeNames(fields, source, latinLine?.text, (region) => nameLabelNear(gray, angle, region, raw), raw);
    for (const field of ['firstNameLao', 'lastNameLao'] as const) {
      const name = fields[field]?.value;
      if (name && latinLine && latinDistance(name, latinLine.text) > LATIN_DISTANCE_MAX) {
        raw[`${field}Latin`] = `${name} is not ${latinLine.text}`;
        delete fields[field];
      }
    }
    await Promise.all(
      (['idNumber', 'dateOfBirth', 'firstNameLao', 'lastNameLao'] as const).map(async (field) => {
        const filled = fields[field];
        const region = source.get(field);
        if (filled?.confidence !== 'ok' || !region) return;
        const again = await looksAgain(gray, angle, region, today, SECOND_LOOK_TEXT_HEIGHT, debug);
        raw[`${field}Again`] = again ?? '';
        if (again === filled.value) return;
        const third = await looksAgain(gray, angle, region, today, THIRD_LOOK_TEXT_HEIGHT, debug);
        raw[`${field}Again`] += ` / ${third ?? ''}`;
        if (third === filled.value) return;
        // Both said otherwise. This preparation makes ink of whatever is a little darker than
        // around it, a card's faint security lines too, which then join the letters they cross (a
        // first letter lost, a line read as a mark). Looked at once more at both sizes, ink only
        // where much darker than around it (the lines stay paper): the value stays sure only if
        // both of these say it. Such a look drops what the grey crops drop too, so it repeats their
        // misreadings more readily: a name is given it only where the Latin line spells the name
        // (without one, nothing else on the card checks its letters), and a number or date not
        // where both looks read one other value alike — two preparations agreeing against the crops
        // are a doubt, not security lines joined to the digits, and nothing else on the card checks
        // them (601… read 501… by every grey crop and both clean looks, 601… by both of these).
        const spelt = latinLine !== undefined && latinDistance(filled.value, latinLine.text) === 0;
        const digits = field === 'idNumber' || field === 'dateOfBirth';
        const otherAlike = again !== undefined && again === third;
        const clean =
          (digits && otherAlike) || (!digits && !spelt)
            ? []
            : [
                await looksAgain(gray, angle, region, today, SECOND_LOOK_TEXT_HEIGHT, debug, CLEAN_LOOK_DEPTH),
                await looksAgain(gray, angle, region, today, THIRD_LOOK_TEXT_HEIGHT, debug, CLEAN_LOOK_DEPTH),
              ];
        raw[`${field}Again`] += ` / clean ${clean.map((v) => v ?? '').join(' / ')}`;
        if (clean.length && clean.every((v) => v === filled.value)) return;
        if (field === 'idNumber' || field === 'dateOfBirth') fields[field] = { ...filled, confidence: 'check' };
        else delete fields[field];
      }),
    );
    // Sure of a name means something besides the Lao recogniser says it: without a Latin line that
    // spells it, every check above is that recogniser's (a second-maker card without one: a name
    // read alike at every size and by a black-and-white look, wrong). Such a name is filled with
    // the "unclear" mark; one the reader is not sure of, or a look read otherwise, stays empty.
    for (const field of markUnspeltNames(fields, latinLine?.text)) raw[`${field}Unspelt`] = fields[field]!.value;
    const latinName = card?.latinName ?? layout.latinName;
    if (latinName) {
      fields.latinName = {
        value: latinName.text,
        confidence: latinName.confidence >= MIN_WORD_CONFIDENCE ? 'ok' : 'check',
      };
    }
    // Not read on its own: take what the whole-card reading found, to check.
    const idNumber = card?.idNumber?.value ?? firstPass.idNumber?.value;
    const dateOfBirth = card?.dateOfBirth?.value ?? firstPass.dateOfBirth?.value;
    if (!fields.idNumber && idNumber) fields.idNumber = { value: idNumber, confidence: 'check' };
    if (!fields.dateOfBirth && dateOfBirth) fields.dateOfBirth = { value: dateOfBirth, confidence: 'check' };
    // Still nothing, but its crops were read: a number with a speck joined to it, a date whose
    // separators were lost — filled only to check (an empty field helps the citizen less).
    const readings = (field: string) => [raw[field], raw[`${field}ByLabels`]].join(' / ').split(' / ');
    const loose = (field: string, parse: (text: string) => string | undefined) =>
      readings(field)
        .map(parse)
        .find((value) => value !== undefined);
    if (!fields.idNumber) {
      const value = loose('idNumber', idNumberLoosely);
      if (value) fields.idNumber = { value, confidence: 'check' };
    }
    if (!fields.dateOfBirth) {
      const value = loose('dateOfBirth', (text) => dateWithoutSeparators(text, today));
      if (value) fields.dateOfBirth = { value, confidence: 'check' };
    }
    oneWordNames(fields);
    onStage(1);
    raw.fieldsMs = String(Math.round(performance.now() - t0));
    // The print's height in the photo as taken (the reader works on it enlarged or shrunk).
    const printHeight = card?.printHeight && card.printHeight / photo.scale;
    raw.printHeight = printHeight ? printHeight.toFixed(1) : '';
    return {
      fields,
      raw,
      durationMs: Math.round(performance.now() - started),
      smallPrint: printHeight !== undefined && printHeight < SMALL_PRINT,
    };
  } finally {
    releaseLater();
  }
}
