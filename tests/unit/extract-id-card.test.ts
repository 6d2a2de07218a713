import { describe, expect, it } from 'vitest';
import {
  extractIdCard,
  normalizeOcrText,
  toIsoDate,
  toLaoSpelling,
  wordsFromText,
} from '../../src/features/registration/ocr/extract-id-card';

const today = new Date('2026-01-01');
const extract = (text: string) => extractIdCard(wordsFromText(text), today);

const CARD = `ບັດປະຈຳຕົວ
LAO PDR ID CARD
ເລກບັດ / ID No: 011508831742
ຊື່ / Name: ສົມສັກ
ນາມສະກຸນ / Surname: ວົງສະຫວັນ
SOMSAK VONGSAVANH
ວັນເດືອນປີເກີດ / Date of birth: 14/03/1988
ທີ່ຢູ່ / Address: ບ້ານ ໂພນສີນວນ, ເມືອງ ສີສັດຕະນາກ, ນະຄອນຫຼວງ
ວຽງຈັນ
ວັນອອກບັດ / Issued: 05/01/2022 ໝົດອາຍຸ / Expires: 05/01/2032`;

describe('normalizeOcrText', () => {
  it('applies NFKC, turns Lao digits into 0–9 and collapses whitespace', () => {
    expect(normalizeOcrText('  ໑໔/໐໓/໑໙໘໘ \t ok\u200b ')).toBe('14/03/1988 ok');
    expect(normalizeOcrText('ຄຳ')).toBe('ຄ\u0ecd\u0eb2');
    expect(normalizeOcrText('ＩＤ　Ｎｏ')).toBe('ID No');
  });

  it('is undone for values by toLaoSpelling (ຳ, ໜ, ໝ as people type them)', () => {
    expect(toLaoSpelling(normalizeOcrText('ຄຳພອນ ໜອງ ໝາກ'))).toBe('ຄຳພອນ ໜອງ ໝາກ');
  });
});

describe('toIsoDate', () => {
  it('accepts real past dates only', () => {
    expect(toIsoDate(29, 2, 2000, today)).toBe('2000-02-29');
    expect(toIsoDate(29, 2, 1900, today)).toBeUndefined();
    expect(toIsoDate(31, 4, 1990, today)).toBeUndefined();
    expect(toIsoDate(2, 1, 2026, today)).toBeUndefined();
    expect(toIsoDate(1, 13, 1990, today)).toBeUndefined();
  });
});

describe('extractIdCard on noisy text', () => {
  it('reads a clean card', () => {
    expect(extract(CARD)).toEqual({
      idNumber: { value: '011508831742', confidence: 'ok' },
      firstNameLao: { value: 'ສົມສັກ', confidence: 'ok' },
      lastNameLao: { value: 'ວົງສະຫວັນ', confidence: 'ok' },
      latinName: { value: 'SOMSAK VONGSAVANH', confidence: 'ok' },
      dateOfBirth: { value: '1988-03-14', confidence: 'ok' },
      address: { value: 'ບ້ານ ໂພນສີນວນ, ເມືອງ ສີສັດຕະນາກ, ນະຄອນຫຼວງ ວຽງຈັນ', confidence: 'ok' },
    });
  });

  it('finds labels whose tone marks were dropped and whose English was lost', () => {
    const fields = extract(`ເລກບັດ 011508831742
ຊື ສົມສັກ
ນາມສະກຸນ ວົງສະຫວັນ
ວັນເດືອນປີເກີດ 14-03-1988
ທີຢູ ບ້ານ ນາໄຊ, ເມືອງ ຫຼວງພະບາງ`);
    expect(fields.firstNameLao?.value).toBe('ສົມສັກ');
    expect(fields.lastNameLao?.value).toBe('ວົງສະຫວັນ');
    expect(fields.dateOfBirth?.value).toBe('1988-03-14');
    expect(fields.address?.value).toBe('ບ້ານ ນາໄຊ, ເມືອງ ຫຼວງພະບາງ');
  });

  it('finds English labels when the Lao ones are garbled', () => {
    const fields = extract(`(ລກຜັດ / 1D No: 062207459316
%/ Name: ບົວສະຫວັນ
WIRY / Surname: ພົມມະຈັນ
Suidisulifia / Date of birth: 02.11.1995
gy / Address: ບ້ານ ນາໄຊ`);
    expect(fields).toMatchObject({
      idNumber: { value: '062207459316' },
      firstNameLao: { value: 'ບົວສະຫວັນ' },
      lastNameLao: { value: 'ພົມມະຈັນ' },
      dateOfBirth: { value: '1995-11-02' },
      address: { value: 'ບ້ານ ນາໄຊ' },
    });
  });

  it('reads Lao digits, extra spaces and split digit groups', () => {
    const fields = extract(`ເລກບັດ  /  ID   No :   ໑໓໐໔໑ ໙໗໒໐໕໘໓
ວັນເດືອນປີເກີດ / Date of birth :  ໒໗ . ໐໖ . ໑໙໗໒
ຊື່ / Name :   ຄໍາພອນ`);
    expect(fields.idNumber?.value).toBe('130419720583');
    expect(fields.dateOfBirth?.value).toBe('1972-06-27');
    expect(fields.firstNameLao?.value).toBe('ຄຳພອນ');
  });

  it('takes a value printed on the line under its label', () => {
    const fields = extract(`ເລກບັດ / ID No
160930016274
ວັນເດືອນປີເກີດ / Date of birth
09/09/2001`);
    expect(fields.idNumber).toEqual({ value: '160930016274', confidence: 'ok' });
    expect(fields.dateOfBirth).toEqual({ value: '2001-09-09', confidence: 'ok' });
  });

  it('does not take the issue or expiry date for the birth date', () => {
    const fields = extract(`ວັນເດືອນປີເກີດ / Date of birth: 31/02/1990
ວັນອອກບັດ / Issued: 05/01/2022 ໝົດອາຍຸ / Expires: 05/01/2032`);
    expect(fields.dateOfBirth).toBeUndefined();
    // Nor a row of two dates without labels: the card's validity.
    expect(extract('ສົມສັກ ວົງສະຫວັນ\n14/0371 988\n05/01/2022 05/01/2032').dateOfBirth).toBeUndefined();
  });

  it('falls back to the earliest date and any 12-digit number, marked to check', () => {
    const fields = extract(`xx 011508831742
Issued 05/01/2022 Expires 05/01/2032
14/03/1988`);
    expect(fields.idNumber).toEqual({ value: '011508831742', confidence: 'check' });
    expect(fields.dateOfBirth).toEqual({ value: '1988-03-14', confidence: 'check' });
  });

  it('returns nothing that fails validation', () => {
    const fields = extract(`ເລກບັດ / ID No: 1304197260583
ຊື່ / Name: ${'ກ'.repeat(51)}
ນາມສະກຸນ / Surname: WoL
ວັນເດືອນປີເກີດ / Date of birth: 14/03/2031
ທີ່ຢູ່ / Address: ${'ບ້ານ ນາໄຊ, '.repeat(12)}`);
    expect(fields).toEqual({});
  });

  it('never takes printed card words for the Latin name', () => {
    expect(extract('LAO PDR ID CARD\nຊື່ / Name: ສົມສັກ').latinName).toBeUndefined();
  });
});
