/**
 * The recogniser's other guesses for each symbol it read, out of its hOCR output (tesseract's
 * `lstm_choice_mode` 2 writes, after every symbol of a word, the symbols it weighed there with a
 * score). Pure: unit-tested on recorded output.
 */

export interface SymbolChoice {
  text: string;
  /** 0–100, as the recogniser gives it. */
  confidence: number;
}

const SYMBOL = /<span class='ocrx_cinfo' id='lstm_choices_[^']*'>([\s\S]*?<\/span>)\s*<\/span>/gu;
const CHOICE = /<span class='ocrx_cinfo' id='choice_[^']*' title='x_confs ([\d.]+)'>([^<]*)<\/span>/gu;

function unescape(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * For every word of the hOCR, in reading order, the choices at each of its symbols, best first.
 * Empty when the output has no choices (the setting was off).
 */
export function symbolChoicesOf(hocr: string): SymbolChoice[][][] {
  const words: SymbolChoice[][][] = [];
  for (const word of hocr.split("<span class='ocrx_word'").slice(1)) {
    const symbols: SymbolChoice[][] = [];
    for (const symbol of word.matchAll(SYMBOL)) {
      const choices = [...symbol[1]!.matchAll(CHOICE)]
        .map((c) => ({ text: unescape(c[2]!), confidence: Number(c[1]) }))
        .filter((c) => c.text.trim() !== '' || c.confidence > 0);
      if (choices.length) symbols.push(choices.sort((a, b) => b.confidence - a.confidence));
    }
    if (symbols.length) words.push(symbols);
  }
  return words;
}

/**
 * For each ໜ or ໝ of a word, as the recogniser sees it (ຫ, then ນ or ມ: docs/ocr-model.md), the
 * letter it rates first there and by how much more than the other (0–100; the other unrated: all of
 * the first's score).
 */
export function hoLetterMargins(symbols: SymbolChoice[][]): { letter: string; margin: number }[] {
  const found: { letter: string; margin: number }[] = [];
  symbols.forEach((choices, i) => {
    const top = choices[0];
    if (i === 0 || symbols[i - 1]![0]?.text !== 'ຫ' || (top?.text !== 'ນ' && top?.text !== 'ມ')) return;
    const other = choices.find((c) => c.text === (top.text === 'ນ' ? 'ມ' : 'ນ'))?.confidence ?? 0;
    found.push({ letter: top.text === 'ນ' ? 'ໜ' : 'ໝ', margin: top.confidence - other });
  });
  return found;
}

/**
 * Whether every ໜ or ໝ of `text` is the letter the recogniser rated first there (`margins`, from
 * hoLetterMargins), at least `least` above its twin.
 */
export function hoLettersRated(text: string, margins: { letter: string; margin: number }[], least: number): boolean {
  const letters = [...text].filter((c) => c === 'ໜ' || c === 'ໝ');
  return margins.length === letters.length && margins.every((m, i) => m.letter === letters[i] && m.margin >= least);
}

/** Vowel marks the Latin line spells alike (I, OU, EU) and that differ in print by a stroke. */
const TWIN_MARK: Record<string, string> = { 'ິ': 'ີ', 'ີ': 'ິ', 'ຸ': 'ູ', 'ູ': 'ຸ', 'ຶ': 'ື', 'ື': 'ຶ' };
export const twinMarkOf = (mark: string): string | undefined => TWIN_MARK[mark];

/**
 * For each of `text`'s marks that have a twin (ິ/ີ, ຸ/ູ, ຶ/ື), in order, how far (0–100) above its
 * twin the recogniser rated it (`symbols`, the reading's guesses); undefined when the reading's
 * marks are not the text's (it read another mark, or a label the crop caught has some).
 */
export function twinMarkMargins(text: string, symbols: SymbolChoice[][]): number[] | undefined {
  const read = symbols.flatMap((choices) => {
    const top = choices[0];
    const twin = top && twinMarkOf(top.text);
    if (!top || !twin) return [];
    return [{ mark: top.text, margin: top.confidence - (choices.find((c) => c.text === twin)?.confidence ?? 0) }];
  });
  const marks = [...text].filter((c) => twinMarkOf(c));
  if (read.length !== marks.length || read.some((r, i) => r.mark !== marks[i])) return undefined;
  return read.map((r) => r.margin);
}
