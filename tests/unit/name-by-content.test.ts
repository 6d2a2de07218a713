import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { IdCardFields } from '../../src/features/registration/ocr/extract-id-card';
import { parseLaoLexicon } from '../../src/features/registration/ocr/lao-lexicon';
import { markUnspeltNames, spelledApart } from '../../src/features/registration/ocr/latin-match';
import { nameByContent } from '../../src/features/registration/ocr/name-by-content';
import { twinMarkOf } from '../../src/features/registration/ocr/symbol-choices';

const lexicon = parseLaoLexicon(
  readFileSync(new URL('../../src/features/registration/ocr/lao-lexicon.txt', import.meta.url), 'utf8'),
);
/**
 * The recogniser's guesses at each symbol of `text`: a ໜ/ໝ (ຫ then ນ or ມ) rated `hoMargin` above its
 * twin, a ິ/ີ, ຸ/ູ or ຶ/ື `markMargin` above its own.
 */
const guesses = (text: string, hoMargin: number, markMargin = 90) => [
  [...text].map((symbol, i) => {
    const twin =
      text[i - 1] === 'ຫ' && (symbol === 'ນ' || symbol === 'ມ')
        ? { text: symbol === 'ນ' ? 'ມ' : 'ນ', margin: hoMargin }
        : twinMarkOf(symbol) && { text: twinMarkOf(symbol)!, margin: markMargin };
    return twin
      ? [
          { text: symbol, confidence: 95 },
          { text: twin.text, confidence: 95 - twin.margin },
        ]
      : [{ text: symbol, confidence: 95 }];
  }),
];

/** A crop's reading this sure: each vowel mark rated well above its twin, a ໜ/ໝ no more than its twin. */
const crop = (text: string, confidence: number) => ({ text, confidence, choices: guesses(text, 0) });

/** Three crop readings (crop) and the whole card's, all alike, the crops this sure. */
const alike = (text: string, ...confidences: number[]) => ({
  crops: confidences.map((confidence) => crop(text, confidence)),
  whole: [{ text, confidence: 0 }],
});

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
    const onceSure = alike('ສຸລິສັກ', 85, 60, 20);
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
    const unsure = mouse.crops.map((reading, i) => ({ ...reading, choices: guesses('ຫນູພັນ', margins[i]!) }));
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
    const crops = mouse.crops.map((reading) => ({ ...reading, choices: guesses('ຫນູພັນ', 70) }));
    expect(nameByContent(crops, mouse.whole, undefined, lexicon)).toMatchObject({ value: 'ໜູພັນ', sure: true });
    // Never against a syllable Lao hardly writes, however sure the recogniser (ໜັ້ນ for ໝັ້ນ).
    const rare = alike('ຄຳຫນັ້ນ', 95, 96, 94);
    const sure = rare.crops.map((reading) => ({ ...reading, choices: guesses('ຄຳຫນັ້ນ', 90) }));
    expect(nameByContent(sure, rare.whole, undefined, lexicon).sure).toBe(false);
  });

  it('takes a final ກ written CK in the Latin line for the same name', () => {
    const { crops, whole } = alike('ສຸລິສັກ', 95, 96, 94);
    expect(nameByContent(crops, whole, 'SOULISACK PHOMMALATH', lexicon)).toMatchObject({ value: 'ສຸລິສັກ', sure: true });
  });

  it('takes a final ດ written D in the Latin line for the same name', () => {
    const { crops, whole } = alike('ບຸນລອດ', 95, 96, 94);
    expect(nameByContent(crops, whole, 'BOUNLOT CHANTHAVIXAY', lexicon)).toMatchObject({ value: 'ບຸນລອດ', sure: true });
    expect(nameByContent(crops, whole, 'BOUNLOD CHANTHAVIXAY', lexicon)).toMatchObject({ value: 'ບຸນລອດ', sure: true });
  });

  it('reads KEO before a syllable in OU as KEO and OU (KEOUDOM ແກ້ວອຸດົມ)', () => {
    const { crops, whole } = alike('ແກ້ວອຸດົມ', 95, 96, 94);
    expect(nameByContent(crops, whole, 'MONSAVANH KEOUDOM', lexicon)).toMatchObject({ value: 'ແກ້ວອຸດົມ', sure: true });
  });

  it('takes ຽ written IE in the Latin line (VIENG) as IA', () => {
    const town = alike('ວຽງສະໄຫມ', 95, 96, 94);
    expect(nameByContent(town.crops, town.whole, 'VIENGSAMAY SOULIVONG', lexicon)).toMatchObject({
      value: 'ວຽງສະໄໝ',
      sure: true,
    });
  });

  it('leaves to type, with a Latin line, a ຸ/ູ or ິ/ີ every reading may have got wrong: the recogniser rated it barely above its twin, and Lao writes both', () => {
    // ຄູນວິເສດ on a Phetsarath OT card, read ຄຸນວິເສດ at every size; KHOUN is ຄຸນ and ຄູນ alike.
    const read = alike('ຄຸນວິເສດ', 84, 80, 96);
    const unsure = read.crops.map((reading, i) => ({ ...reading, choices: guesses('ຄຸນວິເສດ', 0, [21, 13, 72][i]) }));
    expect(nameByContent(unsure, read.whole, 'SOMVANG KHOUNVISETH', lexicon).sure).toBe(false);
    // Rated well above it at every size: filled.
    expect(nameByContent(read.crops, read.whole, 'SOMVANG KHOUNVISETH', lexicon)).toMatchObject({
      value: 'ຄຸນວິເສດ',
      sure: true,
    });
  });

  it('leaves to type, with a Latin line, a syllable read without the tone mark Lao mostly writes it with', () => {
    // ເລື່ອນໄຊ read ເລືອນໄຊ by every reading: LEUAN shows no tone, and Lao writes ເລື່ອນ far more often.
    const lost = alike('ເລືອນໄຊ', 92, 94, 93);
    expect(nameByContent(lost.crops, lost.whole, 'KHAMNOU LEUANXAY', lexicon).sure).toBe(false);
    const kept = alike('ເລື່ອນໄຊ', 92, 94, 93);
    expect(nameByContent(kept.crops, kept.whole, 'KHAMNOU LEUANXAY', lexicon)).toMatchObject({
      value: 'ເລື່ອນໄຊ',
      sure: true,
    });
  });

  it('lets three crops read alike surely outvote the small whole-card reading where the Latin line spells both alike', () => {
    const crops = [crop('ວິໄລວັນ', 96), crop('ວິໄລວັນ', 94), crop('ວິໄລວັນ', 95)];
    const whole = [{ text: 'ວີໄລວັນ', confidence: 0 }];
    expect(nameByContent(crops, whole, 'VILAYVANH PHIMMASANE', lexicon)).toMatchObject({ value: 'ວິໄລວັນ', sure: true });
    // Crops less sure: the dissent leaves the name in doubt.
    const lessSure = crops.map((reading) => ({ ...reading, confidence: 75 }));
    expect(nameByContent(lessSure, whole, 'VILAYVANH PHIMMASANE', lexicon).sure).toBe(false);
  });

  it('lets three readings alike, one crop of them sure, outvote a fourth with a tone mark a speck made', () => {
    const speck = [crop('ສຸລິນທອນ', 93), crop('ສຸລິນທ່ອນ', 92), crop('ສຸລິນທອນ', 96)];
    const whole = [{ text: 'ສຸລິນທອນ', confidence: 0 }];
    expect(nameByContent(speck, whole, 'VONGDEUANE SOULINTHONE', lexicon)).toMatchObject({
      value: 'ສຸລິນທອນ',
      sure: true,
    });
    // None of the three sure: left to type.
    const unsure = speck.map((reading) => ({ ...reading, confidence: 80 }));
    expect(nameByContent(unsure, whole, 'VONGDEUANE SOULINTHONE', lexicon).sure).toBe(false);
  });

  it('fills a name every reading says nearly very surely without a Latin line when its marks were rated well above their twins', () => {
    const { crops, whole } = alike('ສຸດທຳມະວົງ', 89, 89, 90);
    expect(nameByContent(crops, whole, undefined, lexicon)).toMatchObject({ value: 'ສຸດທຳມະວົງ', sure: true });
    // One crop nearly very sure, another blown up from a small crop: filled too; none: left to type.
    const blownUp = alike('ມະນີລາ', 96, 0, 96);
    expect(nameByContent(blownUp.crops, blownUp.whole, undefined, lexicon)).toMatchObject({
      value: 'ມະນີລາ',
      sure: true,
    });
    const once = alike('ມະນີລາ', 80, 0, 60);
    expect(nameByContent(once.crops, once.whole, undefined, lexicon).sure).toBe(false);
    // The ຸ rated barely above ູ (ສູດ is a syllable too): left to type.
    const unsure = crops.map((reading) => ({ ...reading, choices: guesses('ສຸດທຳມະວົງ', 0, 4) }));
    expect(nameByContent(unsure, whole, undefined, lexicon).sure).toBe(false);
  });

  it('fills a name three readings say surely without a Latin line when the fourth is a crop the recogniser was not very sure of', () => {
    const { crops, whole } = alike('ອິນທະຈັກ', 96, 96, 96);
    const speck = [crop('ອື່ນີທີຮໍຈັກ', 0), ...crops.slice(1)];
    expect(nameByContent(speck, whole, undefined, lexicon)).toMatchObject({ value: 'ອິນທະຈັກ', sure: true });
    const fairlySure = [crop('ອິນທະຈັນ', 85), ...crops.slice(1)];
    expect(nameByContent(fairlySure, whole, undefined, lexicon)).toMatchObject({ value: 'ອິນທະຈັກ', sure: true });
    // A fourth reading the recogniser was very sure of is a competitor: left to type.
    const rival = [crop('ອິນທະຈັນ', 94), ...crops.slice(1)];
    expect(nameByContent(rival, whole, undefined, lexicon).sure).toBe(false);
  });

  it('takes, without a Latin line, what three readings of four say over one in commoner syllables', () => {
    const { crops, whole } = alike('ພົມມະໄຊ', 95, 95, 95);
    const speck = [crops[0]!, crop('ມີມີ', 4), crops[2]!];
    expect(nameByContent(speck, whole, undefined, lexicon)).toMatchObject({ value: 'ພົມມະໄຊ', sure: true });
  });

  it('weighs a name without capitals no reading comes near: labels read as a Latin line on a card without one', () => {
    const { crops, whole } = alike('ທອງວັນ', 96, 96, 96);
    expect(nameByContent(crops, whole, 'NEY TEEERI', lexicon)).toMatchObject({ value: 'ທອງວັນ', sure: true });
    // A Latin line near the readings is the name's: one it spells otherwise leaves the name to type.
    expect(nameByContent(crops, whole, 'THONGVAN SISOMBATH', lexicon).sure).toBe(true);
    expect(nameByContent(crops, whole, 'THONGDANH SISOMBATH', lexicon).sure).toBe(false);
  });

  it('marks a name two crops or more read alike, at scores too low to be sure, as read alike where the Latin line spells it, the marks told', () => {
    // Read at 40–50 (spelt by the Latin line is enough from 50 up): read alike; spelt otherwise, not.
    const { crops, whole } = alike('ວິໄລວັນ', 48, 45, 42);
    expect(nameByContent(crops, whole, 'VILAYVANH PHIMMASANE', lexicon)).toMatchObject({ sure: false, alike: true });
    expect(nameByContent(crops, whole, 'VILAYPHONE PHIMMASANE', lexicon).alike).toBe(false);
    // Without a Latin line, never: crops of a light face read alike at 35–81 may all be wrong alike.
    const light = [crop('ໄຊຍະວົງ', 79), crop('ໄຊຍະວົງ', 81), crop('ໄຊຍະວົງ', 35)];
    expect(nameByContent(light, [], undefined, lexicon)).toMatchObject({ value: 'ໄຊຍະວົງ', sure: false, alike: false });
    // Too unsure a crop (the surest below 40), or a single crop saying it: not alike.
    const faint = alike('ວິໄລວັນ', 39, 30, 35);
    expect(nameByContent(faint.crops, faint.whole, 'VILAYVANH PHIMMASANE', lexicon).alike).toBe(false);
    const once = [crop('ວິໄລວັນ', 45), crop('ວິໄລ', 30), crop('ລວັນ', 35)];
    expect(nameByContent(once, [], 'VILAYVANH PHIMMASANE', lexicon).alike).toBe(false);
    // A ຸ/ູ or ິ/ີ the recogniser rated barely above its twin where Lao writes both: not alike.
    const read = alike('ຄຸນວິເສດ', 48, 45, 42);
    expect(nameByContent(read.crops, read.whole, 'SOMVANG KHOUNVISETH', lexicon).alike).toBe(true);
    const blind = read.crops.map((reading) => ({ ...reading, choices: guesses('ຄຸນວິເສດ', 0, 4) }));
    expect(nameByContent(blind, read.whole, 'SOMVANG KHOUNVISETH', lexicon).alike).toBe(false);
    // A sure name is not "alike": it is sure.
    const sure = alike('ສຸລິສັກ', 95, 96, 94);
    expect(nameByContent(sure.crops, sure.whole, 'SOULISACK PHOMMA', lexicon)).toMatchObject({
      sure: true,
      alike: false,
    });
  });

  it('never fills a name out of an address row (a village, district or province word)', () => {
    const { crops, whole } = alike('ແຂວງ ອຸດົມໄຊ', 95, 96, 96);
    expect(nameByContent(crops, whole, undefined, lexicon).sure).toBe(false);
  });
});

describe('a sure name needs the Latin line', () => {
  const ok = (value: string) => ({ value, confidence: 'ok' as const });
  const check = (value: string) => ({ value, confidence: 'check' as const });

  it('fills with the "unclear" mark a name the Lao readings alone make sure, on a card without a Latin line', () => {
    // Every reading alike and very sure: as much as the recogniser can say, and all of it the
    // recogniser's (a second-maker card so read was wrong). The citizen checks it.
    const { crops, whole } = alike('ສຸລິສັກ', 95, 96, 94);
    const decided = nameByContent(crops, whole, undefined, lexicon);
    expect(decided).toMatchObject({ value: 'ສຸລິສັກ', sure: true });
    const fields: IdCardFields = { idNumber: ok('011508831742'), lastNameLao: ok(decided.value!) };
    expect(markUnspeltNames(fields, undefined)).toEqual(['lastNameLao']);
    expect(fields).toEqual({ idNumber: ok('011508831742'), lastNameLao: check('ສຸລິສັກ') });
  });

  it('keeps sure a name the Latin line spells, within two letters of its nearest word', () => {
    for (const line of ['SOULISACK PHOMMA', 'SOULISEK PHOMMA']) {
      const fields: IdCardFields = { firstNameLao: ok('ສຸລິສັກ') };
      expect(markUnspeltNames(fields, line)).toEqual([]);
      expect(fields).toEqual({ firstNameLao: ok('ສຸລິສັກ') });
    }
    // A line that spells someone else vouches for nothing.
    const fields: IdCardFields = { firstNameLao: ok('ສຸລິສັກ') };
    expect(markUnspeltNames(fields, 'PHOMMA SOULIPHANH')).toEqual(['firstNameLao']);
  });

  it('leaves a name already marked as it is', () => {
    const fields: IdCardFields = { firstNameLao: check('ສຸລິສັກ') };
    expect(markUnspeltNames(fields, undefined)).toEqual([]);
    expect(fields).toEqual({ firstNameLao: check('ສຸລິສັກ') });
  });

  it("places a name by the other name's label only where the Latin line spells the two apart", () => {
    // Either order of the line: each name has its own word.
    expect(spelledApart('ສົມສັກ', 'ດວງມາລາ', 'DOUANGMALA SOMSACK')).toBe(true);
    expect(spelledApart('ສົມສັກ', 'ດວງມາລາ', 'SOMSACK DOUANGMALA')).toBe(true);
    // The guessed name is the other one, spelt right: it shares the other's word.
    expect(spelledApart('ດວງມາລາ', 'ດວງມາລາ', 'DOUANGMALA SOMSACK')).toBe(false);
    // A name the line does not spell, a line of one word or of three: nothing placed.
    expect(spelledApart('ສົມພອນ', 'ດວງມາລາ', 'DOUANGMALA SOMSACK')).toBe(false);
    expect(spelledApart('ສົມສັກ', 'ດວງມາລາ', 'DOUANGMALA')).toBe(false);
    expect(spelledApart('ສົມສັກ', 'ດວງມາລາ', 'DOUANGMALA SOMSACK SOMSACK')).toBe(false);
  });
});
