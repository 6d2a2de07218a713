import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bestSpelling,
  laoNameFrom,
  type NameReading,
  laoNameOf,
  nameConfirmed,
  singleTones,
  spellingScore,
  undoubled,
  writtenLikeLao,
} from '../../src/features/registration/ocr/field-values';
import { formatLaoLexicon, parseLaoLexicon } from '../../src/features/registration/ocr/lao-lexicon';
import { laoSyllables } from '../../src/features/registration/ocr/lao-syllables';
import { foldLatin, latinNeutralVariants, lookAlikes, romanise } from '../../src/features/registration/ocr/latin-match';
import { symbolChoicesOf } from '../../src/features/registration/ocr/symbol-choices';

/** The lexicon the reader downloads (made from Tesseract's Lao word list, lao-lexicon.SOURCE.md). */
const lexicon = parseLaoLexicon(
  readFileSync(new URL('../../src/features/registration/ocr/lao-lexicon.txt', import.meta.url), 'utf8'),
);
const read = (...texts: string[]) => texts.map((text) => ({ text, confidence: 80 }));
/** Readings of names recorded on generated cards (`npm run bench:ocr -- --record`), with the recogniser's next guesses. */
const recorded: { card: string; field: string; latinName: string; expected: string; readings: NameReading[] }[] =
  JSON.parse(readFileSync(new URL('../fixtures/id-cards/name-readings.json', import.meta.url), 'utf8'));
const recording = (card: string, field: string) => recorded.find((r) => r.card === card && r.field === field)!;

describe('Lao syllables', () => {
  it('cuts words into syllables by the shape of the writing, and gives the word back', () => {
    const cases: [string, string][] = [
      ['ວົງສະຫວັນ', 'ວົງ|ສະ|ຫວັນ'],
      ['ເພັດສະໝອນ', 'ເພັດ|ສະ|ໝອນ'],
      ['ແສງອາລຸນ', 'ແສງ|ອາ|ລຸນ'],
      ['ນ້ອຍ', 'ນ້ອຍ'],
      ['ຄວາມ', 'ຄວາມ'],
      ['ໜ່ວຍງານ', 'ໜ່ວຍ|ງານ'],
      ['ເຄື່ອງກີລາ', 'ເຄື່ອງ|ກີ|ລາ'],
      ['ດວງໃຈ', 'ດວງ|ໃຈ'],
    ];
    for (const [word, cut] of cases) {
      expect(laoSyllables(word).join('|')).toBe(cut);
      expect(laoSyllables(word).join('')).toBe(word);
    }
  });
});

describe('Lao lexicon', () => {
  it('keeps how often a syllable is written and which pairs come in a row', () => {
    const made = parseLaoLexicon(
      formatLaoLexicon(
        new Map([
          ['ສົມ', 1000],
          ['ສັກ', 40],
          ['ພອນ', 6],
        ]),
        [['ສົມ', 'ສັກ']],
      ),
    );
    // Kept to within a factor of √2.
    expect(made.syllable('ສົມ')).toBeGreaterThan(700);
    expect(made.syllable('ສົມ')).toBeLessThan(1420);
    expect(made.syllable('ສັກ')).toBeGreaterThan(28);
    expect(made.syllable('ສັກ')).toBeLessThan(57);
    expect(made.syllable('ຂອງ')).toBe(0);
    expect(made.pair('ສົມ', 'ສັກ')).toBe(true);
    expect(made.pair('ສັກ', 'ສົມ')).toBe(false);
    expect(made.pair('ສົມ', 'ພອນ')).toBe(false);
  });

  it('ships the common syllables and pairs of Lao writing', () => {
    for (const s of ['ການ', 'ສະ', 'ບຸນ', 'ໄຊ', 'ແກ້ວ', 'ວົງ']) expect(lexicon.syllable(s)).toBeGreaterThan(100);
    expect(lexicon.syllable('ຫຍຼຶ')).toBe(0);
    expect(lexicon.pair('ປະ', 'ເທດ')).toBe(true);
    expect(spellingScore('ໄຊຍະ', lexicon)).toBeGreaterThan(spellingScore('ໃຊຢະ', lexicon));
  });

  it('tells names written as Lao writes from misreadings whose syllables are never written together', () => {
    for (const name of ['ສຸພາພອນ ຈັນທະວີ', 'ບຸດສະດີ', 'ແສງສຸລິຍາ', 'ນ້ອຍ'])
      expect(writtenLikeLao(name, lexicon, true), name).toBe(true);
    // ໝ read as ຫ: every syllable exists, but not these two in a row.
    expect(writtenLikeLao('ວຽງສະໄຫ', lexicon)).toBe(true);
    expect(writtenLikeLao('ວຽງສະໄຫ', lexicon, true)).toBe(false);
    expect(writtenLikeLao('ຫຍຼຶ', lexicon)).toBe(false);
  });
});

describe('what the Latin line cannot tell apart', () => {
  it('changes one mark or look-alike letter that transcribes the same', () => {
    expect(latinNeutralVariants('ອຸນ')).toEqual(expect.arrayContaining(['ອູນ', 'ອຸ່ນ', 'ອຸ້ນ']));
    expect(latinNeutralVariants('ໃຊ')).toEqual(expect.arrayContaining(['ໄຊ', 'ໃສ', 'ໃຊ້']));
    expect(latinNeutralVariants('ນໍ')).toEqual(expect.arrayContaining(['ໜໍ', 'ນໍ່']));
    // The model reads ໜ as ນ, never the other way: a ໜ stays.
    expect(latinNeutralVariants('ໜໍ')).toEqual(expect.arrayContaining(['ໜໍ່']));
    expect(latinNeutralVariants('ໜໍ')).not.toContain('ນໍ');
    expect(latinNeutralVariants('ແກ້ວ')).toEqual(expect.arrayContaining(['ແກວ', 'ແກ່ວ']));
    // A final letter stays (ໜ and ຢ never end a syllable); ຫ that only gives the tone stays.
    expect(latinNeutralVariants('ອຸນ')).not.toContain('ອຸໜ');
    expect(latinNeutralVariants('ຫວັນ')).not.toContain('ຮວັນ');
    for (const syllable of ['ອຸນ', 'ໃຊ', 'ໜໍ', 'ແກ້ວ', 'ຫວັນ', 'ຍະ', 'ຂີ', 'ທຶນ']) {
      for (const variant of latinNeutralVariants(syllable))
        expect(foldLatin(romanise(variant))).toBe(foldLatin(romanise(syllable)));
    }
  });

  it('finds the likeliest Lao spelling among them', () => {
    expect(bestSpelling('ໃຊຢະສານ', lexicon)).toEqual({ value: 'ໄຊຍະສານ', edits: 2 });
    expect(bestSpelling('ສົມສັກ', lexicon)).toEqual({ value: 'ສົມສັກ', edits: 0 });
  });
});

describe("the recogniser's next guesses", () => {
  // hOCR of one word as tesseract writes it with lstm_choice_mode 2 (a generated Noto Sans Lao card).
  const hocr = `
    <span class='ocrx_word' id='word_1_15' title='bbox 405 206 457 231; x_wconf 55'>ນ້້ອຍ
     <span class='ocrx_cinfo' id='lstm_choices_1_15_1'>
      <span class='ocrx_cinfo' id='choice_1_15_1' title='x_confs 90.262329'> </span></span>
     <span class='ocrx_cinfo' id='lstm_choices_1_15_2'>
      <span class='ocrx_cinfo' id='choice_1_15_2' title='x_confs 85.028961'>ນ</span>
      <span class='ocrx_cinfo' id='choice_1_15_3' title='x_confs 61.953617'>ມ</span>
      <span class='ocrx_cinfo' id='choice_1_15_4' title='x_confs 41.248356'>ຟ</span>
      <span class='ocrx_cinfo' id='choice_1_15_5' title='x_confs 37.151329'>ງ</span>
      <span class='ocrx_cinfo' id='choice_1_15_6' title='x_confs 27.127142'>ປ</span>
      <span class='ocrx_cinfo' id='choice_1_15_7' title='x_confs 24.41856'>.</span></span>
     <span class='ocrx_cinfo' id='lstm_choices_1_15_3'>
      <span class='ocrx_cinfo' id='choice_1_15_8' title='x_confs 81.156479'>້</span>
      <span class='ocrx_cinfo' id='choice_1_15_9' title='x_confs 80.153275'>ັ</span>
      <span class='ocrx_cinfo' id='choice_1_15_10' title='x_confs 67.625237'>ື</span>
      <span class='ocrx_cinfo' id='choice_1_15_11' title='x_confs 66.905991'>ີ</span>
      <span class='ocrx_cinfo' id='choice_1_15_12' title='x_confs 61.259464'>ໍ</span></span>
     <span class='ocrx_cinfo' id='lstm_choices_1_15_4'>
      <span class='ocrx_cinfo' id='choice_1_15_13' title='x_confs 80.802765'>້</span>
      <span class='ocrx_cinfo' id='choice_1_15_14' title='x_confs 76.181656'>ັ</span>
      <span class='ocrx_cinfo' id='choice_1_15_15' title='x_confs 74.620377'>ື</span>
      <span class='ocrx_cinfo' id='choice_1_15_16' title='x_confs 74.097893'>ີ</span>
      <span class='ocrx_cinfo' id='choice_1_15_17' title='x_confs 73.990639'>ໍ</span></span>
     <span class='ocrx_cinfo' id='lstm_choices_1_15_5'>
      <span class='ocrx_cinfo' id='choice_1_15_18' title='x_confs 89.524803'>ອ</span>
      <span class='ocrx_cinfo' id='choice_1_15_19' title='x_confs 0'>ວ</span></span>
     <span class='ocrx_cinfo' id='lstm_choices_1_15_6'>
      <span class='ocrx_cinfo' id='choice_1_15_20' title='x_confs 94.250557'>ຍ</span>
      <span class='ocrx_cinfo' id='choice_1_15_21' title='x_confs 0'>ຢ</span>
      <span class='ocrx_cinfo' id='choice_1_15_22' title='x_confs 0'>ໆ</span>
      <span class='ocrx_cinfo' id='choice_1_15_23' title='x_confs 0'>ບ</span>
      <span class='ocrx_cinfo' id='choice_1_15_24' title='x_confs 0'>ອ</span></span>
    </span>
   </span>`;

  it("reads every symbol's guesses, best first", () => {
    const [word] = symbolChoicesOf(hocr);
    expect(word!.map((s) => s[0]!.text).join('')).toBe(' ນ້້ອຍ');
    expect(word![1]!.map((c) => c.text)).toEqual(['ນ', 'ມ', 'ຟ', 'ງ', 'ປ', '.']);
    expect(word![1]![0]!.confidence).toBeCloseTo(85.03, 1);
    // Guesses scored 0 are kept after the others (a symbol's own reading is never dropped).
    expect(word![5]!.map((c) => c.text)).toEqual(['ຍ', 'ຢ', 'ໆ', 'ບ', 'ອ']);
    expect(symbolChoicesOf("<div class='ocr_page'></div>")).toEqual([]);
  });

  it('takes a next guess when the Latin line spells it', () => {
    const choices = [
      [
        [
          { text: 'ທ', confidence: 90 },
          { text: 'ບ', confidence: 55 },
        ],
        [{ text: 'ຸ', confidence: 95 }],
        [{ text: 'ນ', confidence: 95 }],
        [{ text: 'ມ', confidence: 95 }],
        [{ text: 'ີ', confidence: 95 }],
      ],
    ];
    expect(laoNameOf([{ text: 'ທຸນມີ', confidence: 90, choices }], 'BOUNMY PHOUMMALY')).toEqual({
      value: 'ບຸນມີ',
      unanimous: false,
      corrected: true,
    });
    // A guess scored far below the symbol read is not one.
    const weak = [
      [
        [
          { text: 'ທ', confidence: 90 },
          { text: 'ບ', confidence: 20 },
        ],
        ...choices[0]!.slice(1),
      ],
    ];
    expect(laoNameOf([{ text: 'ທຸນມີ', confidence: 90, choices: weak }], 'BOUNMY PHOUMMALY').value).toBe('ທຸນມີ');
  });
});

describe('Lao name chosen with the lexicon', () => {
  it('mends what the Latin line cannot see: tone marks, ຸ/ູ, ໄ/ໃ, ຍ/ຢ, ໜ/ນ (readings recorded on generated cards)', () => {
    const cases: [string[], string, string][] = [
      [['ອຸນເຮືອນ', 'ອຸນເຮືອນ', 'ອນເຮືອນ'], 'OUNHEUANE SIPHANDONE', 'ອຸ່ນເຮືອນ'],
      [['ໃຊຢະສານ', 'ລຊຢະສານ', 'ໃຊຢະສານ'], 'SOUKSAVATH XAYASANE', 'ໄຊຍະສານ'],
      [['ຫນໍແກ້ວ', 'ພໍ່ແກ້ວ', 'ນໍ່ແກ້ວ'], 'VANXAY NORKEO', 'ໜໍ່ແກ້ວ'],
      [['ຂື້ນທະລີ', 'ຂື້ນທະລີ', 'ຂືນທະລີ'], 'SOULIYA KHANTHALY', 'ຂັນທະລີ'],
      [['ຽນທະວົງ', 'ຽື່ນທະວົງ', 'ຽນທະວົງ'], 'THONGDY CHANTHAVONG', 'ຈັນທະວົງ'],
    ];
    for (const [texts, latin, name] of cases)
      expect(laoNameOf(read(...texts), latin, lexicon)).toEqual({ value: name, unanimous: false, corrected: true });
    // Read so once in three: taken, not as read by all.
    expect(laoNameOf(read('ບູນທັນ', 'ບູນທັນ', 'ບຸນທັນ'), 'BOUNTHANH CHANTHALA', lexicon)).toEqual({
      value: 'ບຸນທັນ',
      unanimous: false,
      corrected: false,
    });
  });

  it('keeps a final ີ every reading saw where the Latin word ends in Y, however common ິ is', () => {
    // Noto Serif Lao, read alike three times (the lexicon alone would take the commoner ວິ).
    expect(laoNameOf(read('ຈັນທະວີ', 'ຈັນທະວີ', 'ຈັນທະວີ'), 'SOUPHAPHONE CHANTHAVY', lexicon)).toEqual({
      value: 'ຈັນທະວີ',
      unanimous: true,
      corrected: false,
    });
  });

  it('drops a letter read twice where Lao writes no such pair, not a final before the same letter', () => {
    expect(undoubled('ໄຊຍຍະສານ')).toEqual(['ໄຊຍະສານ']);
    expect(undoubled('ບບູນຍັງ')).toEqual(['ບູນຍັງ']);
    // A final, then the same letter opening the next syllable: Lao writing.
    expect(undoubled('ສັນນິບາດ')).toEqual([]);
    // Two bare letters: a syllable whose vowel was lost (ບຸບຜາ), not a letter read twice.
    expect(undoubled('ບບຜາ')).toEqual([]);
    // Readings as recorded on generated cards (Noto Sans Lao, phone photo).
    expect(laoNameOf(read('ໄຊຍຍະສານ', 'ລຊຍະສານ', 'ໃໂຊຢະສານ'), 'SOUKSAVATH XAYASANE', lexicon).value).toBe('ໄຊຍະສານ');
    expect(laoNameOf(read('ພອງ ຣຼ', 'ນຍົງ', 'ບບູນຍົງ ສ'), 'BOUNNHANG VORACHITH', lexicon).value).toBe('ບຸນຍັງ');
  });

  it('takes ໜ where one reading saw ນ and another ຫ (ນ is never read as ຫ), and a ຸ lost under ໜ', () => {
    expect(laoNameOf(read('ບົວນ້ອຍ', 'ທົ່ວພ້ອຍ', 'ບົວຫ້ອຍ'), 'BOUANOY SILAVONG', lexicon).value).toBe('ບົວໜ້ອຍ');
    // Read ນ every time: the name as read.
    expect(laoNameOf(read('ບົວນ້ອຍ', 'ບົວນ້ອຍ', 'ບົວນ້ອຍ'), 'BOUANOY SILAVONG', lexicon).value).toBe('ບົວນ້ອຍ');
    expect(laoNameOf(read('ຄ໊າຫນ', 'ຄ໊າຫ', 'ຄິາຫ'), 'KHAMNOU LEUANXAY', lexicon).value).toBe('ຄຳໜູ');
    // The vowel lost as well: the letters read alike but for ນ / ຫ.
    expect(laoNameOf(read('ຄ້ານ', 'ຄໍາຫ', 'ຄ້ານ'), 'KHAMNOU LEUANXAY', lexicon).value).toBe('ຄຳໜູ');
  });

  it('never keeps ໆ inside a name, read or guessed', () => {
    expect(laoNameFrom('ສີໆໜອງ')).toBe('ສີໜອງ');
    expect(laoNameFrom('ບຸນມີ ໆ')).toBe('ບຸນມີ');
    // Noto Serif Lao, clean scan: ຄຍີຫນຟອງ / ສີຫໃນອງ / ຄີໆນອງ (ໆ for the ຫ part of ໜ).
    const sinong = recording('noto-serif-35-clean.png', 'lastNameLao');
    expect(laoNameOf(sinong.readings, sinong.latinName, lexicon).value).toBe('ສີໜອງ');
    // Noto Sans Lao, clean scan: ບນຮັກ / ພູຮັກ / ບນູຮັກ, with ໆ among the next guesses at ບ, which
    // is not a letter lost (ນູຮັກ).
    const nouhak = recording('noto-sans-24-clean.png', 'firstNameLao');
    expect(nouhak.readings.some((r) => r.choices?.flat(2).some((c) => c.text === 'ໆ'))).toBe(true);
    expect(laoNameOf(nouhak.readings, nouhak.latinName, lexicon).value).toBe('ໜູຮັກ');
  });

  it('takes one of two tone marks read on one letter, the likelier spelling', () => {
    expect(singleTones('ແກ໋່ວບຸນ')).toEqual(['ແກ໋ວບຸນ', 'ແກ່ວບຸນ']);
    expect(singleTones('ແກ້ວບຸນ')).toEqual([]);
    // Noto Sans Lao, clean scan: ົ່ວບຸນພັນ / ເຫົ່ວບນພັນ / ແກົ໋່ວບຸນພັນ.
    const keo = recording('noto-sans-29-clean.png', 'lastNameLao');
    expect(laoNameOf(keo.readings, keo.latinName, lexicon).value).toBe('ແກ້ວບຸນພັນ');
  });

  it('puts back a leading vowel lost before the first letter when the Latin line says it', () => {
    expect(lookAlikes('ພວັນ')).toEqual(expect.arrayContaining(['ເພວັນ', 'ແພວັນ', 'ໂພວັນ', 'ໄພວັນ']));
    // Readings as recorded on generated cards (Noto Sans Lao, phone photo).
    expect(laoNameOf(read('ພວັນ', 'ພວັນ', 'ພວັນ'), 'PHAIVANH KEOPASEUTH', lexicon)).toEqual({
      value: 'ໄພວັນ',
      unanimous: false,
      corrected: true,
    });
    // Not where the Latin line has no such vowel.
    expect(laoNameOf(read('ພອນ', 'ພອນ', 'ພອນ'), 'PHONE SOMSAK', lexicon).value).toBe('ພອນ');
  });

  it('mends a candidate Lao cannot write when only its tone mark is wrong', () => {
    // Noto Sans Lao, phone photo: ຜົວຫພ໋ອຍ / ບົວຫພ໋ອຍ / ຜົວພ໋ອຍ; ໋ is never written on ໜ.
    const bouanoy = recording('noto-sans-32-phone.jpg', 'firstNameLao');
    expect(laoNameOf(bouanoy.readings, bouanoy.latinName, lexicon)).toEqual({
      value: 'ບົວໜ້ອຍ',
      unanimous: false,
      corrected: true,
    });
  });

  it('takes ຳ read as a tone mark and າ when the Latin line says AM', () => {
    expect(laoNameOf(read('ດ້າລັດ', 'ຕດ້າລັດ', 'ດ້າລັດ'), 'SOMCHAI DAMLATH', lexicon).value).toBe('ດຳລັດ');
    expect(laoNameOf(read('ບ້ານ', 'ບ້ານ'), 'BANE SILAVONG', lexicon).value).toBe('ບ້ານ');
  });

  it('keeps a name read right, rare spellings too, and says when one reading is enough', () => {
    expect(laoNameOf(read('ສົມສັກ'), 'SOMSAK VONGSAVANH', lexicon)).toEqual({
      value: 'ສົມສັກ',
      unanimous: true,
      corrected: false,
    });
    expect(laoNameOf(read('ວົງສະຫວັນ', 'ວົງສະຫວັນ'), 'SOMSAK VONGSAVANH', lexicon).value).toBe('ວົງສະຫວັນ');
    expect(nameConfirmed({ text: 'ສົມສັກ', confidence: 90 }, 'SOMSAK VONGSAVANH', lexicon)).toBe(true);
    // The lexicon would rather have a tone mark here: read again at other sizes.
    expect(nameConfirmed({ text: 'ອຸນເຮືອນ', confidence: 90 }, 'OUNHEUANE SIPHANDONE', lexicon)).toBe(false);
    // Not sure of its reading: read again.
    expect(nameConfirmed({ text: 'ສົມສັກ', confidence: 60 }, 'SOMSAK VONGSAVANH', lexicon)).toBe(false);
  });
});
