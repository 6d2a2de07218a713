import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLaoLexicon } from '../../src/features/registration/ocr/lao-lexicon';
import { nameByContent } from '../../src/features/registration/ocr/name-by-content';

const lexicon = parseLaoLexicon(
  readFileSync(new URL('../../src/features/registration/ocr/lao-lexicon.txt', import.meta.url), 'utf8'),
);
/** Three crop readings and the whole card's, all alike, the crops this sure. */
const alike = (text: string, ...confidences: number[]) => ({
  crops: confidences.map((confidence) => ({ text, confidence })),
  whole: [{ text, confidence: 0 }],
});

describe('nameByContent', () => {
  it('fills a name every reading says surely, on a card without a Latin line', () => {
    const { crops, whole } = alike('ສຸລິສັກ', 95, 96, 94);
    expect(nameByContent(crops, whole, undefined, lexicon)).toMatchObject({ value: 'ສຸລິສັກ', sure: true });
  });

  it('leaves ໜ and ໝ to type without a Latin line: the recogniser reads one for the other at every size', () => {
    // ລັດສະໝີ on the card, read ລັດສະຫນີ (ໜ) by every reading.
    const { crops, whole } = alike('ລັດສະຫນີ', 95, 94, 95);
    expect(nameByContent(crops, whole, undefined, lexicon).sure).toBe(false);
    // With a Latin line, N or M tells them apart.
    expect(nameByContent(crops, whole, 'LATSANY INTHAVONG', lexicon)).toMatchObject({ value: 'ລັດສະໜີ', sure: true });
    expect(nameByContent(crops, whole, 'LATSAMY INTHAVONG', lexicon).sure).toBe(false);
  });

  it('takes a final ກ written CK in the Latin line for the same name', () => {
    const { crops, whole } = alike('ສຸລິສັກ', 95, 96, 94);
    expect(nameByContent(crops, whole, 'SOULISACK PHOMMALATH', lexicon)).toMatchObject({ value: 'ສຸລິສັກ', sure: true });
  });
});
