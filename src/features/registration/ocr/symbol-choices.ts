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
