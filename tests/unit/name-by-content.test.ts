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

  it('leaves ໜ and ໝ to type without a Latin line where Lao writes the syllable both ways: the recogniser reads one for the other at every size', () => {
    // ລັດສະໝີ on the card, read ລັດສະຫນີ (ໜ) by every reading: ໜີ and ໝີ are both common.
    const { crops, whole } = alike('ລັດສະຫນີ', 95, 94, 95);
    expect(nameByContent(crops, whole, undefined, lexicon).sure).toBe(false);
    const mouse = alike('ຫນູພັນ', 95, 96, 95);
    expect(nameByContent(mouse.crops, mouse.whole, undefined, lexicon).sure).toBe(false);
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

  it('takes a final ກ written CK in the Latin line for the same name', () => {
    const { crops, whole } = alike('ສຸລິສັກ', 95, 96, 94);
    expect(nameByContent(crops, whole, 'SOULISACK PHOMMALATH', lexicon)).toMatchObject({ value: 'ສຸລິສັກ', sure: true });
  });
});
