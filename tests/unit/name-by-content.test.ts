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

/** The recogniser's guesses at each symbol of `text` (one word), a ໜ/ໝ rated `margin` above its twin. */
const guesses = (text: string, margin: number) => [
  [...text].map((symbol, i) =>
    text[i - 1] === 'ຫ' && (symbol === 'ນ' || symbol === 'ມ')
      ? [
          { text: symbol, confidence: 95 },
          { text: symbol === 'ນ' ? 'ມ' : 'ນ', confidence: 95 - margin },
        ]
      : [{ text: symbol, confidence: 95 }],
  ),
];

describe('nameByContent', () => {
  it('fills a name every reading says surely, on a card without a Latin line', () => {
    const { crops, whole } = alike('ສຸລິສັກ', 95, 96, 94);
    expect(nameByContent(crops, whole, undefined, lexicon)).toMatchObject({ value: 'ສຸລິສັກ', sure: true });
  });

  it('fills a name every reading says when two crops read it very surely, whatever the third crop scored', () => {
    const blownUp = alike('ສຸລິສັກ', 96, 95, 20);
    expect(nameByContent(blownUp.crops, blownUp.whole, undefined, lexicon)).toMatchObject({
      value: 'ສຸລິສັກ',
      sure: true,
    });
    const onceSure = alike('ສຸລິສັກ', 96, 60, 20);
    expect(nameByContent(onceSure.crops, onceSure.whole, undefined, lexicon).sure).toBe(false);
  });

  it('leaves ໜ and ໝ to type without a Latin line where Lao writes the syllable both ways and the recogniser gave no clear preference: it reads one for the other at every size', () => {
    // ລັດສະໝີ on the card, read ລັດສະຫນີ (ໜ) by every reading: ໜີ and ໝີ are both common.
    const { crops, whole } = alike('ລັດສະຫນີ', 95, 94, 95);
    expect(nameByContent(crops, whole, undefined, lexicon).sure).toBe(false);
    const mouse = alike('ຫນູພັນ', 95, 96, 95);
    expect(nameByContent(mouse.crops, mouse.whole, undefined, lexicon).sure).toBe(false);
    // Nor where the recogniser rated the letter only a little above its twin at one of the sizes.
    const margins = [75, 45, 80];
    const unsure = mouse.crops.map((crop, i) => ({ ...crop, choices: guesses('ຫນູພັນ', margins[i]!) }));
    expect(nameByContent(unsure, mouse.whole, undefined, lexicon).sure).toBe(false);
    // With a Latin line, N or M tells them apart.
    expect(nameByContent(crops, whole, 'LATSANY INTHAVONG', lexicon)).toMatchObject({ value: 'ລັດສະໜີ', sure: true });
    expect(nameByContent(crops, whole, 'LATSAMY INTHAVONG', lexicon).sure).toBe(false);
  });

  it('fills ໜ or ໝ without a Latin line where Lao writes the syllable with that letter many times more often than with the other', () => {
    const little = alike('ບົວຫນ້ອຍ', 95, 96, 94);
    expect(nameByContent(little.crops, little.whole, undefined, lexicon)).toMatchObject({ value: 'ບົວໜ້ອຍ', sure: true });
    const firm = alike('ຄຳຫມັ້ນ', 95, 96, 94);
    expect(nameByContent(firm.crops, firm.whole, undefined, lexicon)).toMatchObject({ value: 'ຄຳໝັ້ນ', sure: true });
    // The rare twin read (ຄຳໜັ້ນ) is no name Lao writes so: left to type.
    const rare = alike('ຄຳຫນັ້ນ', 95, 96, 94);
    expect(nameByContent(rare.crops, rare.whole, undefined, lexicon).sure).toBe(false);
  });

  it('fills ໜ or ໝ without a Latin line where Lao writes the syllable both ways and the recogniser rated the letter well above its twin at every size', () => {
    const mouse = alike('ຫນູພັນ', 95, 96, 95);
    const crops = mouse.crops.map((crop) => ({ ...crop, choices: guesses('ຫນູພັນ', 70) }));
    expect(nameByContent(crops, mouse.whole, undefined, lexicon)).toMatchObject({ value: 'ໜູພັນ', sure: true });
    // Never against a syllable Lao hardly writes, however sure the recogniser (ໜັ້ນ for ໝັ້ນ).
    const rare = alike('ຄຳຫນັ້ນ', 95, 96, 94);
    const sure = rare.crops.map((crop) => ({ ...crop, choices: guesses('ຄຳຫນັ້ນ', 90) }));
    expect(nameByContent(sure, rare.whole, undefined, lexicon).sure).toBe(false);
  });

  it('takes a final ກ written CK in the Latin line for the same name', () => {
    const { crops, whole } = alike('ສຸລິສັກ', 95, 96, 94);
    expect(nameByContent(crops, whole, 'SOULISACK PHOMMALATH', lexicon)).toMatchObject({ value: 'ສຸລິສັກ', sure: true });
  });
});
