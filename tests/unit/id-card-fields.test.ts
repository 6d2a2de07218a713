import { describe, expect, it } from 'vitest';
import { findCardLayout, type LayoutWord } from '../../src/features/registration/ocr/card-layout';
import {
  addressFrom,
  dateFrom,
  dateWithoutSeparators,
  digitwise,
  idNumberFrom,
  idNumberLoosely,
  laoNameFrom,
  laoNameOf,
  laoOrder,
} from '../../src/features/registration/ocr/field-values';
import { impossibleSpelling, latinDistance, romanise } from '../../src/features/registration/ocr/latin-match';
import {
  binarise,
  cropLevel,
  isolateRow,
  skewAngle,
  type GrayImage,
} from '../../src/features/registration/ocr/gray-image';

const today = new Date('2026-01-01');

describe('field values read on their own crop', () => {
  it('takes exactly 12 digits for the ID number', () => {
    expect(idNumberFrom('0115 0883 1742')).toBe('011508831742');
    expect(idNumberFrom('໐໑໑໕໐໘໘໓໑໗໔໒')).toBe('011508831742');
    expect(idNumberFrom('01150883174')).toBeUndefined();
    expect(idNumberFrom('0115088317420')).toBeUndefined();
  });

  it('drops a speck of the label read as a digit before the number, never a digit of a number', () => {
    expect(idNumberFrom('1 609-3217-3076-6357')).toBe('609321730766357');
    expect(idNumberFrom('1 0115 0883 1742')).toBe('011508831742');
    // Joined to the number, it is part of what was read: 13 digits are no number.
    expect(idNumberFrom('10115 0883 1742')).toBeUndefined();
  });

  it('reads day/month/year with any separator, only real past dates', () => {
    expect(dateFrom('14/03/1988', today)).toBe('1988-03-14');
    expect(dateFrom('02-11-1995', today)).toBe('1995-11-02');
    expect(dateFrom('27.06 .1972', today)).toBe('1972-06-27');
    // The first separator lost: day and month are two digits each.
    expect(dateFrom('3112/1979', today)).toBe('1979-12-31');
    expect(dateFrom('31/02/1990', today)).toBeUndefined();
    expect(dateFrom('01/01/2030', today)).toBeUndefined();
  });

  it('reads, as a last resort, a date whose separators were lost and a number with a speck joined to it', () => {
    expect(dateWithoutSeparators('14031988', today)).toBe('1988-03-14');
    expect(dateWithoutSeparators('14 03 1988', today)).toBe('1988-03-14');
    expect(dateWithoutSeparators('4 3 1988', today)).toBe('1988-03-04');
    expect(dateWithoutSeparators('31021990', today)).toBeUndefined();
    expect(dateWithoutSeparators('140319885', today)).toBeUndefined();
    // 13 digits: the last 12; 16 or 17: the last 15; 14 (a digit lost?) nothing.
    expect(idNumberLoosely('10115 0883 1742')).toBe('011508831742');
    expect(idNumberLoosely('7609321730766357')).toBe('609321730766357');
    expect(idNumberLoosely('60932173076635')).toBeUndefined();
    expect(idNumberLoosely('011508831742')).toBeUndefined();
  });

  it('takes each digit of a date as most readings read it, where no two readings agree', () => {
    // 1969-09-20 read at three sizes, each with a different digit wrong.
    expect(digitwise(['1966-09-20', '1969-06-20', '1969-09-26'], today)).toBe('1969-09-20');
    // Two readings of four alike and two that disagree digit by digit: the two.
    expect(digitwise(['1976-12-21', '1976-12-21', '1976-12-27', '1978-12-21'], today)).toBe('1976-12-21');
    // No digit with a majority (two readings apart, or three different digits): nothing.
    expect(digitwise(['1966-09-20', '1969-06-20'], today)).toBeUndefined();
    expect(digitwise(['1966-09-20', '1968-09-20', '1960-09-20'], today)).toBeUndefined();
    // A majority that makes no date (30 February) is none either.
    expect(digitwise(['1990-08-30', '1990-02-30', '1990-02-10'], today)).toBeUndefined();
  });

  it('keeps the Lao letters of a name, in the order people type them', () => {
    expect(laoNameFrom('ສົມສັກ')).toBe('ສົມສັກ');
    expect(laoNameFrom('. ສົມສັກ')).toBe('ສົມສັກ');
    expect(laoNameFrom('ຄໍາພອນ')).toBe('ຄຳພອນ');
    // Tone mark before the vowel sign it sits on: the same glyphs, a different string.
    expect(laoOrder('ອຸ່ນ')).toBe('ອຸ່ນ');
    expect(laoNameFrom('ທຼວງລາດ')).toBe('ຫຼວງລາດ');
    expect(laoNameFrom('abc')).toBeUndefined();
    expect(laoNameFrom('')).toBeUndefined();
  });

  it('joins the address rows and restores the commas read as full stops', () => {
    expect(addressFrom(['ບ້ານ ໂພນສີນວນ . ເມືອງ ສີສັດຕະນາກ ,ນະຄອນຫຼວງ', 'ວຽງຈັນ'])).toBe(
      'ບ້ານ ໂພນສີນວນ, ເມືອງ ສີສັດຕະນາກ, ນະຄອນຫຼວງ ວຽງຈັນ',
    );
    expect(addressFrom([', ບ້ານ ນາໄຊ. ນະຄອນຫຼວງພະບາງ .'])).toBe('ບ້ານ ນາໄຊ, ນະຄອນຫຼວງພະບາງ');
    expect(addressFrom(['12345'])).toBeUndefined();
    // Its label above read as Lao letters is dropped; a house number before the village is kept.
    expect(addressFrom(['ຈ ຄດ ຈອ ຜ ບ້ານ ໂພນແຍງ, ເມືອງ ແກ້ວອຸດົມ, ແຂວງ ວຽງຈັນ'])).toBe('ບ້ານ ໂພນແຍງ, ເມືອງ ແກ້ວອຸດົມ, ແຂວງ ວຽງຈັນ');
    expect(addressFrom(['12 ບ້ານ ນາໄຊ, ນະຄອນຫຼວງວຽງຈັນ'])).toBe('12 ບ້ານ ນາໄຊ, ນະຄອນຫຼວງວຽງຈັນ');
  });
});

describe('Lao name checked against the Latin name line', () => {
  const read = (...texts: string[]) => texts.map((text) => ({ text, confidence: 80 }));

  it('transcribes Lao names close to the Latin spelling printed on cards', () => {
    expect(romanise('ສຸກສະຫວັດ')).toBe('souksavat');
    expect(romanise('ດາວວົງ')).toBe('daovong');
    // A ວ before ອ and a consonant opens its own syllable: not a final, not the vowel ua.
    expect(latinDistance('ດາວວອນ', 'DAOVONE SENGSOUVANH')).toBe(0);
    expect(latinDistance('ມະນີວອນ', 'MANYVONE THAMMALANGSY')).toBe(0);
    expect(latinDistance('ບຸນທັນ', 'BOUNTHANH KEOLA')).toBe(0);
    // R: OR for ໍ, a cluster Lao dropped (PRA for ປະ), or the ລ of a Pali or Sanskrit word.
    expect(latinDistance('ໜໍ່ແກ້ວ', 'VANXAY NORKEO')).toBe(0);
    expect(latinDistance('ພອນປະເສີດ', 'PHONEPRASEUTH NORASING')).toBe(0);
    expect(latinDistance('ນໍລະສິງ', 'PHONEPRASEUTH NORASING')).toBe(0);
    expect(latinDistance('ວໍລະຈິດ', 'BOUNNHANG VORACHITH')).toBe(0);
    expect(latinDistance('ນໍລະສິງ', 'PHONEPRASEUTH NOTASING')).toBeGreaterThan(0);
    expect(latinDistance('ຈັນສີ', 'CHANSY PHIMMASONE')).toBe(0);
    expect(latinDistance('ຈັນສີ', 'JANSY')).toBe(0);
    expect(latinDistance('ວັນສີ', 'CHANSY PHIMMASONE')).toBeGreaterThan(0);
    expect(latinDistance('ຈັນສີ', undefined)).toBe(Infinity);
    // NH is ຍ before a vowel, a plain N at the end.
    expect(latinDistance('ບຸນຍັງ', 'BOUNNHANG VORACHITH')).toBe(0);
    expect(latinDistance('ວົງສະຫວັນ', 'SOMSAK VONGSAVANH')).toBe(0);
    // A final ດ is said t, written TH or T; a final ບ is P or B.
    expect(latinDistance('ໄຊສົມບັດ', 'MALY XAYSOMBATH')).toBe(0);
    expect(latinDistance('ໄຊສົມບັດ', 'MALY XAYSOMBAT')).toBe(0);
    expect(latinDistance('ສຸກສະຫວັດ', 'SOUKSAVATH')).toBe(0);
    expect(latinDistance('ສີຊັບ', 'SISAB')).toBe(0);
    // A final ກ is K or CK.
    expect(latinDistance('ສຸລິສັກ', 'SOULISACK PHOMMALATH')).toBe(0);
    expect(latinDistance('ສົມສັກ', 'SOMSAK')).toBe(0);
    // ອນ is ON or ONE, at the end of a syllable inside a name too.
    expect(latinDistance('ພອນສະຫວັນ', 'PHONESAVANH')).toBe(0);
    expect(latinDistance('ສອນໄຊ', 'SONEXAY')).toBe(0);
    expect(latinDistance('ທອງ', 'THONG')).toBe(0);
    // A tone mark parts no vowel: ເ-ືອ and ວ as ua are said the same with one.
    expect(latinDistance('ເລື່ອນໄຊ', 'KHAMNOU LEUANXAY')).toBe(0);
    expect(romanise('ສ່ວນ')).toBe('suan');
    // ເ-ົາ is AO, with a tone mark too.
    expect(latinDistance('ເພົາ', 'PHAO')).toBe(0);
    expect(romanise('ເກົ່າ')).toBe('kao');
    expect(latinDistance('ເພົາ', 'PHEO')).toBeGreaterThan(0);
    expect(romanise('ແກ້ວ')).toBe('keo');
    // ຫຼ is an l with the leading vowel said after it; ເ-ີ is eu.
    expect(romanise('ສະເຫຼີມໄຊ')).toBe('saleumsai');
    expect(romanise('ເລີດ')).toBe('leut');
  });

  it('prefers the reading that agrees with the Latin line, then the one read most often', () => {
    expect(laoNameOf(read('ປຸນທັນ', 'ປຸນທັນ', 'ບຸນທັນ'), 'BOUNTHANH KEOLA').value).toBe('ບຸນທັນ');
    expect(laoNameOf(read('ປຸນທັນ', 'ປຸນທັນ', 'ບຸນທັນ')).value).toBe('ປຸນທັນ');
    // A speck read as a letter alone is not part of the name.
    expect(laoNameOf(read('ຕ ບຸນທັນ'), 'BOUNTHANH').value).toBe('ບຸນທັນ');
  });

  it('takes a look-alike letter when no reading agrees with the Latin line, and says so', () => {
    expect(laoNameOf(read('ວັນສີ', 'ວັນສີ'), 'CHANSY PHIMMASONE')).toEqual({
      value: 'ຈັນສີ',
      unanimous: false,
      corrected: true,
    });
    // ໝ is one shape in print that the Lao model reads as two letters; ຳ's circle read as a tone.
    expect(laoNameOf(read('ຄ໊າບນັ້ນ'), 'KHAMMANH').value).toBe('ຄຳໝັ້ນ');
    // Already agreeing: kept as read.
    expect(laoNameOf(read('ດາວວົງ', 'ດາວວົງ'), 'DAOVONG')).toEqual({ value: 'ດາວວົງ', unanimous: true, corrected: false });
  });

  it('mends readings recorded on generated cards in Noto Sans and Noto Serif Lao', () => {
    const cases: [string[], string, string][] = [
      [['ພັດສະບນອນ', 'ພັດສະບນອນ', 'ພັດສະປນອນ'], 'PHETSAMONE INTHAVONG', 'ເພັດສະໝອນ'],
      [['ຄ໊ິາພອນ', 'ຄີາພອນ', 'ຄ໊າພອນ'], 'KHAMPHONE SISOUVANH', 'ຄຳພອນ'],
      [['ປູນມີ', 'ຕ ບຸນມີ', 'ປູນມີ'], 'BOUNMY PHOUMMALY', 'ບຸນມີ'],
      [['ແສງອາລນ', 'ແສງອາລນ', 'ແສງອາດນ'], 'DOUANGCHAI SENGALOUNE', 'ແສງອາລຸນ'],
    ];
    for (const [texts, latin, name] of cases) expect(laoNameOf(read(...texts), latin).value).toBe(name);
  });

  it('knows spellings Lao never has', () => {
    expect(impossibleSpelling('ແກົ໋ວ')).toBe(true);
    expect(impossibleSpelling('ຄ໊າ')).toBe(true);
    expect(impossibleSpelling('ແກ້ວ')).toBe(false);
    expect(impossibleSpelling('ກ໋ວຍ')).toBe(false);
    // ໍ spells an open syllable: ວໍງ is ວົງ misread; ໜໍ່ຄຳ, ບໍ່ແສງຄຳ, ວໍລະຈິດ are written so.
    expect(impossibleSpelling('ອິນທະວໍງ')).toBe(true);
    expect(impossibleSpelling('ສໍມໃຈ')).toBe(true);
    expect(impossibleSpelling('ໜໍ່ຄຳ')).toBe(false);
    expect(impossibleSpelling('ບໍ່ແສງຄຳ')).toBe(false);
    expect(impossibleSpelling('ວໍລະຈິດ')).toBe(false);
  });

  it('reads the 15-digit personal number, a date with a gap read inside, a name without a speck at its edge', () => {
    expect(idNumberFrom('011-5088-3174-2105')).toBe('011508831742105');
    expect(idNumberFrom('011 5088 3174 21065')).toBeUndefined();
    expect(dateFrom('1 2/04/ 1983', today)).toBe('1983-04-12');
    // A slash read as "1" leaves a run of digits no date is inside: not a day made of its last two.
    expect(dateFrom('21 1/04/1976', today)).toBeUndefined();
    expect(dateFrom('09/01 12001', today)).toBeUndefined();
    expect(laoNameFrom('ສົມໃຈ ເ')).toBe('ສົມໃຈ');
  });
});

describe('card layout', () => {
  // One line per row as a first reading returns them: label words, then the value's (misread) words.
  const row = (line: number, y: number, words: [string, number, number][]): LayoutWord[] =>
    words.map(([text, x0, x1]) => ({ text, confidence: 90, line, box: { x0, y0: y, x1, y1: y + 20 } }));
  const words = [
    ...row(0, 100, [
      ['ເລກບັດ', 300, 380],
      ['/', 390, 395],
      ['ID', 405, 430],
      ['No:', 440, 480],
      ['011508831742', 500, 700],
    ]),
    ...row(1, 150, [
      ['ຊື່', 300, 330],
      ['/Name:', 340, 420],
      ['aud', 440, 520],
    ]),
    ...row(2, 200, [
      ['WIRY', 300, 380],
      ['/', 390, 395],
      ['Surname:', 405, 520],
      ['3390S', 540, 640],
    ]),
    ...row(3, 250, [
      ['SOMSAK', 300, 420],
      ['VONGSAVANH', 430, 600],
    ]),
    ...row(4, 300, [
      ['Date', 300, 350],
      ['of', 360, 380],
      ['birth:', 390, 450],
      ['14/03/1988', 470, 600],
    ]),
    ...row(5, 350, [
      ['Address:', 300, 400],
      ['Ow', 420, 460],
      ['wuduow', 470, 560],
    ]),
    ...row(6, 400, [['PRE)', 300, 380]]),
    ...row(7, 460, [
      ['Issued:', 330, 400],
      ['05/01/2022', 410, 500],
    ]),
  ];
  const layout = findCardLayout(words, 1200);
  const region = (field: string) => layout.regions.find((r) => r.field === field)!;

  it('finds every value right of its label, by the English or the Lao label', () => {
    expect(layout.regions.map((r) => r.field)).toEqual([
      'idNumber',
      'firstNameLao',
      'lastNameLao',
      'dateOfBirth',
      'address',
    ]);
    expect(region('idNumber').rows[0]!.x0).toBeLessThan(500);
    expect(region('idNumber').rows[0]!.x0).toBeGreaterThan(480);
    // "/Name:" (slash stuck to it) is the first name's label, not the surname's.
    expect(region('firstNameLao').rows[0]!.y0).toBeLessThan(160);
    expect(region('lastNameLao').rows[0]!.y0).toBeGreaterThan(160);
  });

  it('takes the wrapped address row but stops at the card dates', () => {
    expect(region('address').rows).toHaveLength(2);
    expect(region('address').rows[1]!.y1).toBeLessThanOrEqual(462);
  });

  it('returns the Latin name line', () => {
    expect(layout.latinName?.text).toBe('SOMSAK VONGSAVANH');
  });

  it('finds the surname row when its label was misread ("rn" as "m") or not recognised at all', () => {
    for (const label of ['Sumame:', 'Sumname:', 'Saowa:']) {
      const misread = words.map((w) => (w.text === 'Surname:' ? { ...w, text: label } : w));
      const surname = findCardLayout(misread, 1200).regions.find((r) => r.field === 'lastNameLao');
      expect(surname?.rows[0]!.y0, label).toBeGreaterThan(160);
      expect(surname?.rows[0]!.y0, label).toBeLessThan(200);
      expect(surname?.rows[0]!.x0, label).toBeGreaterThan(520);
    }
    // No colon-ended word on the row under the name: no surname region rather than a guess.
    const unlabelled = words.map((w) => (w.text === 'Surname:' ? { ...w, text: 'Saowa' } : w));
    expect(findCardLayout(unlabelled, 1200).regions.map((r) => r.field)).not.toContain('lastNameLao');
  });

  it('places no name by labels on a "Name and surname:" row: both names are on it, for the line classifier to split', () => {
    const oneRow = [
      ...words.filter((w) => w.line !== 1 && w.line !== 2),
      ...row(1, 150, [
        ['Name', 300, 360],
        ['and', 370, 410],
        ['surname:', 420, 520],
        ['aud', 540, 620],
        ['3390S', 640, 740],
      ]),
    ];
    expect(findCardLayout(oneRow, 1200).regions.map((r) => r.field)).toEqual(['idNumber', 'dateOfBirth', 'address']);
  });
});

describe('image preparation', () => {
  /** White page with three dark text-like bars tilted by `degrees`. */
  function page(degrees: number): GrayImage {
    const width = 600;
    const height = 400;
    const data = new Uint8ClampedArray(width * height).fill(255);
    const tan = Math.tan((degrees * Math.PI) / 180);
    for (const top of [100, 180, 260]) {
      for (let x = 50; x < 550; x++) {
        if (x % 14 < 4) continue; // gaps between letters
        const y0 = Math.round(top + (x - 300) * tan);
        for (let y = y0; y < y0 + 18; y++) data[y * width + x] = 20;
      }
    }
    return { width, height, data };
  }

  it('measures the tilt of the text lines', () => {
    expect((skewAngle(page(3)) * 180) / Math.PI).toBeCloseTo(3, 0);
    expect((skewAngle(page(-2)) * 180) / Math.PI).toBeCloseTo(-2, 0);
    expect(skewAngle(page(0))).toBe(0);
  });

  it('crops a row levelled and scaled, and clears ink of the rows above and below', () => {
    const image = page(0);
    const crop = cropLevel(image, { x0: 40, y0: 170, x1: 560, y1: 210 }, 0, 2, 5);
    expect(crop.width).toBe(520 * 2 + 10);
    expect(crop.height).toBe(40 * 2 + 10);
    // A bit of the next bar reaches into the bottom of this crop: cleared, the row's own bar kept.
    const taller = isolateRow(cropLevel(image, { x0: 40, y0: 170, x1: 560, y1: 265 }, 0, 1, 0), 4);
    const darkRows = Array.from({ length: taller.height }, (_, y) =>
      taller.data.subarray(y * taller.width, (y + 1) * taller.width).some((v) => v < 128),
    );
    expect(darkRows.slice(85).some(Boolean)).toBe(false);
    expect(darkRows.slice(10, 28).every(Boolean)).toBe(true);
  });

  it("keeps the letters a security line crossing the crop joins to the edge, clears a neighbour row's mark", () => {
    const width = 200;
    const height = 60;
    const data = new Uint8ClampedArray(width * height).fill(255);
    const ink = (x: number, y: number) => (data[y * width + x] = 0);
    // The row's letters: bars in the middle rows.
    for (let x = 20; x < 180; x++) if (x % 12 < 5) for (let y = 20; y < 40; y++) ink(x, y);
    // A fine line from the top edge down into the first letter (a card's guilloche).
    for (let y = 0; y < 22; y++) {
      ink(20 + Math.floor(y / 4), y);
      ink(21 + Math.floor(y / 4), y);
    }
    // A mark of the row below, reaching just into the bottom of the crop.
    for (let y = 54; y < 60; y++) for (let x = 100; x < 104; x++) ink(x, y);
    const row = isolateRow({ width, height, data }, 0);
    const dark = (y0: number, y1: number, x0: number, x1: number) =>
      Array.from({ length: y1 - y0 }, (_, k) => row.data.subarray((y0 + k) * row.width + x0, (y0 + k) * row.width + x1))
        .flatMap((part) => [...part])
        .some((v) => v < 128);
    // The first letter (x 24–28, joined to the line) is kept, with the line; the mark below is cleared.
    expect(row.width).toBeGreaterThanOrEqual(150);
    expect(dark(30, 31, 0, 12)).toBe(true);
    expect(dark(0, 4, 0, 8)).toBe(true);
    expect(dark(50, 60, 0, row.width)).toBe(false);
  });

  it('binarises by the neighbourhood: ink under a glare spot stays ink, the lit paper around it paper', () => {
    const width = 200;
    const height = 40;
    const data = new Uint8ClampedArray(width * height);
    // Paper lit from grey (left) to white (right); letters 60 levels darker than the paper around them.
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const paper = 150 + Math.round((100 * x) / width);
        data[y * width + x] = x % 10 < 3 && y > 10 && y < 30 ? paper - 60 : paper;
      }
    const image = binarise({ width, height, data }, 20);
    // One grey level could not split these: the lit letters (≥ 190) are lighter than the dim paper (150).
    expect(image.data[20 * width + 181]).toBe(0);
    expect(image.data[20 * width + 5]).toBe(255);
    expect(image.data[20 * width + 1]).toBe(0);
    expect(image.data[2 * width + 185]).toBe(255);
  });
});
