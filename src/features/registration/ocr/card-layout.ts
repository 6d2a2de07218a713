/**
 * Where each field's value is printed, found from the card's labels and their positions.
 *
 * A first, quick reading of the whole (levelled) card finds the printed labels — the English ones
 * ("ID No", "Name", "Surname", "Date of birth", "Address") read reliably whatever Lao typeface the
 * card uses, the Lao ones are matched too. A value is printed right of its label on the same row;
 * a long address wraps onto the rows under it. Pure functions: unit-tested on recorded layouts.
 */
import { union, type Box } from './gray-image';

export interface LayoutWord {
  text: string;
  confidence: number;
  box: Box;
  /** Index of the text line the word belongs to. */
  line: number;
}

export type LaidOutField = 'idNumber' | 'firstNameLao' | 'lastNameLao' | 'dateOfBirth' | 'address';

export interface FieldRegion {
  field: LaidOutField;
  /** The value's area (rows of it, for an address that wraps). */
  rows: Box[];
  /** Height of the label's capital letters, px: the print size of the row. */
  textHeight: number;
  /**
   * A name whose field no label read on the card decides (its label taken by place, its row by the
   * layout's order): its value may be read right and still be the other name. Never filled as sure.
   */
  guessed?: boolean;
}

export interface CardLayout {
  regions: FieldRegion[];
  /** The Latin name as the first reading saw it (printed in capitals under the Lao names). */
  latinName?: { text: string; confidence: number };
}

// The last word of each label, as the recogniser returns it (tolerating a lost or extra letter, and
// "rn" read as "m" or "r" as "m": "Sumame", "Sumname").
const ENGLISH_LABEL: Record<LaidOutField, RegExp> = {
  idNumber: /^(?:n[o0]|i[dl1]n[o0])[.:;]?$/i,
  lastNameLao: /^s[uo](?:[rm][nm]|m)a[nm]e[.:;]?$/i,
  firstNameLao: /^[nm]a[nm]e[.:;]?$/i,
  dateOfBirth: /^bi[rn]t[hn][.:;]?$/i,
  address: /^add?ress?[.:;]?$/i,
};
// Lao labels, tone marks optional: the value starts after the English one when both are printed.
const LAO_LABEL: Record<LaidOutField, RegExp> = {
  idNumber: /^ເລກບັ?ດ/u,
  lastNameLao: /^ນາມສະກຸ?ນ|^ສະກຸນ/u,
  firstNameLao: /^ຊື[່້]?$/u,
  dateOfBirth: /ເດືອນ|ປີເກີ?ດ/u,
  address: /^ທີ[່້]?ຢູ[່້]?/u,
};
/** Rows after the address that are never part of it: the card's own dates. */
const FOOTER = /^(?:issued?|expires?|valid)[.:;]?$|ອອກບັດ|ອາຍຸ/iu;
const LATIN_NAME_WORD = /^[A-Z][A-Z'-]+,?$/;
/**
 * Printed words of the card that are never part of the Latin name: its labels, and the state's
 * name in the heading ("LAO PEOPLE'S DEMOCRATIC REPUBLIC", read with its L lost as "BAO PEOPLE'S …":
 * a line of capitals taken for the name, whose every Lao reading it then refused).
 */
export const CARD_WORDS = new Set([
  'PEOPLE’S',
  "PEOPLE'S",
  'PEOPLES',
  'DEMOCRATIC',
  'REPUBLIC',
  'IDENTITY',
  'GIVEN',
  'LAO',
  'PDR',
  'ID',
  'CARD',
  'NO',
  'NAME',
  'SURNAME',
  'DATE',
  'OF',
  'BIRTH',
  'ADDRESS',
  'ISSUED',
  'EXPIRES',
  'SEX',
]);

/**
 * A word of a Latin name: capitals (an apostrophe or hyphen inside) with a vowel (a Lao name spelt in
 * Latin letters has one in every word; "BT" is Lao script misread as capitals), not one of the
 * card's own words.
 */
export const isLatinNameWord = (word: string) =>
  LATIN_NAME_WORD.test(word) && /[AEIOUY]/.test(word) && !CARD_WORDS.has(word.replace(/,$/, ''));

const ORDER: LaidOutField[] = ['idNumber', 'firstNameLao', 'lastNameLao', 'dateOfBirth', 'address'];

interface Line {
  words: LayoutWord[];
  box: Box;
}

function linesOf(words: readonly LayoutWord[]): Line[] {
  const byLine = new Map<number, LayoutWord[]>();
  for (const word of words) {
    if (!word.text.trim()) continue;
    byLine.set(word.line, [...(byLine.get(word.line) ?? []), word]);
  }
  return [...byLine.values()]
    .map((list) => {
      list.sort((a, b) => a.box.x0 - b.box.x0);
      return { words: list, box: union(list.map((w) => w.box)) };
    })
    .sort((a, b) => a.box.y0 - b.box.y0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The label word a field's value follows, on its line: English first, else the Lao one. */
function findLabel(
  lines: Line[],
  field: LaidOutField,
  taken: Set<LayoutWord>,
): { line: Line; word: LayoutWord } | undefined {
  for (const pattern of [ENGLISH_LABEL[field], LAO_LABEL[field]]) {
    for (const line of lines) {
      const word = line.words.find((w, i) => {
        // "/Name:", "8/Name:" — the slash between the Lao and English labels (and what the Lao
        // label was read as) often sticks to the word.
        if (taken.has(w) || !pattern.test(w.text.replace(/^.*[/|]/u, '').replace(/^[^\p{L}]+/u, ''))) return false;
        // "Name" also ends "Surname" when the recogniser splits it ("Sur name").
        if (field === 'firstNameLao' && /^su[rn]$/i.test(line.words[i - 1]?.text ?? '')) return false;
        // "No" is only the ID label's when "ID" or the Lao label is before it.
        if (
          field === 'idNumber' &&
          /^n[o0]/i.test(w.text) &&
          i > 0 &&
          !/^[il1|][dl1]$|ເລກ|ບັດ/iu.test(line.words[i - 1]!.text)
        )
          return false;
        return true;
      });
      if (word) return { line, word };
    }
  }
  return undefined;
}

/**
 * The surname's label when neither its English nor its Lao word was recognised: the row under the
 * "Name" row (not the Latin name) whose label, like every label, ends with a colon.
 */
function surnameByPlace(lines: Line[], taken: Set<LayoutWord>): { line: Line; word: LayoutWord } | undefined {
  const name = lines.findIndex((line) =>
    line.words.some(
      (w, i) =>
        !taken.has(w) &&
        ENGLISH_LABEL.firstNameLao.test(w.text.replace(/^.*[/|]/u, '').replace(/^[^\p{L}]+/u, '')) &&
        !/^su[rn]$/i.test(line.words[i - 1]?.text ?? ''),
    ),
  );
  const line = name >= 0 ? lines[name + 1] : undefined;
  if (!line || line.words.some((w) => taken.has(w))) return undefined;
  const word = line.words.find((w) => /\p{L}{3,}[.:;]$/u.test(w.text));
  return word && { line, word };
}

/**
 * The value areas of the card in `words` (a reading of the levelled card). `width` is the image
 * width: a value runs from its label to the card's right edge.
 */
export function findCardLayout(words: readonly LayoutWord[], width: number): CardLayout {
  const lines = linesOf(words);
  const taken = new Set<LayoutWord>();
  const found = new Map<LaidOutField, { line: Line; word: LayoutWord }>();
  /** Fields whose label was not read but taken by its place (the surname's, under "Name"). */
  const byPlace = new Set<LaidOutField>();
  // Surname before Name, so "Name" never claims the surname's label.
  for (const field of ['idNumber', 'lastNameLao', 'firstNameLao', 'dateOfBirth', 'address'] as LaidOutField[]) {
    let label = findLabel(lines, field, taken);
    if (!label && field === 'lastNameLao') {
      label = surnameByPlace(lines, taken);
      if (label) byPlace.add(field);
    }
    if (!label) continue;
    taken.add(label.word);
    found.set(field, label);
  }
  // "Name and surname:" — both labels on one line: the card prints the two names on one row, which
  // is not the classic layout's; the line classifier (card-lines.ts) splits that row.
  const first = found.get('firstNameLao');
  if (first && first.line === found.get('lastNameLao')?.line) {
    found.delete('firstNameLao');
    found.delete('lastNameLao');
  }

  const labelHeights = [...found.values()].map(({ line, word }) => {
    // Capital height: the English label's letters, else the line's median word height.
    const latin = line.words.filter((w) => /^[A-Za-z]{2,}/.test(w.text)).map((w) => w.box.y1 - w.box.y0);
    return latin.length ? median(latin) : word.box.y1 - word.box.y0;
  });
  const textHeight = median(labelHeights) || 20;
  const right = Math.min(width, Math.max(...lines.map((l) => l.box.x1), 0) + textHeight);

  const regions: FieldRegion[] = [];
  // Lao marks stand well above and below the letters: room for them (what reaches into the next
  // row is cleared before reading).
  const rowAt = (centre: number, from: number): Box => ({
    x0: from,
    y0: centre - textHeight * 1.3,
    x1: right,
    y1: centre + textHeight * 1.2,
  });
  for (const field of ORDER) {
    const label = found.get(field);
    if (!label) continue;
    // The value starts at the word after the label (the first pass saw its ink, if not its letters).
    const next = label.line.words.find((w) => w.box.x0 > label.word.box.x1);
    const beside = next !== undefined && next.box.x0 - label.word.box.x1 < textHeight * 3;
    // A name label with nothing beside it has its value above or under it: not this layout (the
    // line classifier finds such names; a crop right of the label would read only background).
    if (!beside && (field === 'firstNameLao' || field === 'lastNameLao')) continue;
    const from = beside ? next.box.x0 - textHeight * 0.25 : label.word.box.x1 + textHeight * 0.4;
    const centre = (label.word.box.y0 + label.word.box.y1) / 2;
    const rows = [rowAt(centre, from)];
    if (field === 'address') {
      // Rows under the address, until a labelled row, the card's dates, or a gap.
      let previous = label.line;
      for (const line of lines) {
        if (line.box.y0 <= previous.box.y0 + textHeight * 0.5) continue;
        const labelled =
          [...found.values()].some((f) => f.line === line) || line.words.some((w) => FOOTER.test(w.text));
        if (labelled || line.box.y0 - previous.box.y1 > textHeight * 1.6 || rows.length >= 3) break;
        rows.push(
          rowAt(
            centre +
              rows.length * (line.box.y0 - previous.box.y0 > 0 ? line.box.y0 - previous.box.y0 : textHeight * 2.2),
            Math.min(line.box.x0, label.word.box.x0) - textHeight * 0.3,
          ),
        );
        previous = line;
      }
    }
    // The card's dates under the address: their ink must not reach into its last row.
    const footer = lines.find(
      (line) => line.box.y0 > centre && line.words.some((w) => FOOTER.test(w.text.replace(/^[^\p{L}]+/u, ''))),
    );
    if (field === 'address' && footer)
      for (const row of rows) row.y1 = Math.min(row.y1, footer.box.y0 + textHeight * 0.1);
    regions.push(byPlace.has(field) ? { field, rows, textHeight, guessed: true } : { field, rows, textHeight });
  }

  const latin = lines.find((line) => {
    const texts = line.words.map((w) => w.text);
    return texts.length >= 2 && texts.length <= 4 && texts.every(isLatinNameWord);
  });
  return {
    regions,
    latinName: latin && {
      text: latin.words.map((w) => w.text.replace(/,$/, '')).join(' '),
      confidence: Math.min(...latin.words.map((w) => w.confidence)),
    },
  };
}
