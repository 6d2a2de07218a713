import { describe, expect, it } from 'vitest';
import {
  birthDate,
  combineReadings,
  findMrzLines,
  looksLikeMrz,
  readMrz,
} from '../../src/features/registration/ocr/passport-mrz';
import { checkDigit, mrzOf, passportHolders } from '../fixtures/id-cards/passport-page';

const today = new Date('2026-01-01');
const somsak = passportHolders[0]!; // P1508831, VONGSAVANH SOMSAK, born 1988-03-14
const printed = [['PASSPORT'], ['VONGSAVANH', 'SOMSAK'], ['LAO']];

/** The page as a reading returns it: some text above the MRZ, then its two lines. */
const page = ([first, second]: [string, string]) => `PASSPORT LAO PDR\nP1508831\n${first}\n${second}\n`;

function read(lines: [string, string], rows: string[][] = printed) {
  const found = findMrzLines(page(lines));
  expect(found).toBeDefined();
  return readMrz(found!, today, rows);
}

describe('a passport MRZ', () => {
  it('fills the passport number, the date of birth and the Latin name from a good MRZ', () => {
    const mrz = mrzOf(somsak);
    expect(mrz[1]).toBe('P1508831<9LAO8803148M3201048<<<<<<<<<<<<<<04');
    expect(read(mrz)).toEqual({
      fields: {
        idNumber: { value: 'P1508831', confidence: 'ok' },
        dateOfBirth: { value: '1988-03-14', confidence: 'ok' },
        latinName: { value: 'SOMSAK VONGSAVANH', confidence: 'ok' },
      },
      surname: 'VONGSAVANH',
      givenNames: 'SOMSAK',
    });
  });

  it('mends letters read for digits where only digits can be, and digits read for letters in the name', () => {
    const [first, second] = mrzOf(somsak);
    // Number P1508831 read PI5O8831, birth 880314 read 88O3I4, nationality LAO read LA0, name V0NGSAVANH.
    const misread: [string, string] = [
      first.replace('VONGSAVANH', 'V0NGSAVANH'),
      second.replace('P1508831', 'PI5O8831').replace('LAO880314', 'LA088O3I4'),
    ];
    const { fields } = read(misread);
    expect(fields.idNumber?.value).toBe('P1508831');
    expect(fields.dateOfBirth?.value).toBe('1988-03-14');
    expect(fields.latinName?.value).toBe('SOMSAK VONGSAVANH');
  });

  it('reads fillers misread as K and L, the name confirmed by the page', () => {
    const [, second] = mrzOf(somsak);
    const first = 'P<LAOVONGSAVANH<K<SOMSAK<LLLLLLLLLLLLKLKLLKLKKKLKL';
    const tail = second.slice(0, 28) + '<<<<<<<KKLKLKLL<' + second.slice(-2);
    const { fields } = read([first, tail]);
    expect(fields).toMatchObject({
      idNumber: { value: 'P1508831' },
      dateOfBirth: { value: '1988-03-14' },
      latinName: { value: 'SOMSAK VONGSAVANH', confidence: 'ok' },
    });
    // Without the page's printed name the K between the names could be a letter: no name is guessed.
    expect(read([first, tail], []).fields.latinName).toBeUndefined();
  });

  it('leaves the date of birth empty when its check digit is wrong, and keeps the number', () => {
    const { fields } = read(mrzOf(somsak, true));
    expect(fields.dateOfBirth).toBeUndefined();
    expect(fields.idNumber?.value).toBe('P1508831');
  });

  it('leaves a misread digit of the number empty, never a guessed value', () => {
    const [first, second] = mrzOf(somsak);
    const { fields } = read([first, second.replace('P1508831', 'P1508331')]);
    expect(fields.idNumber).toBeUndefined();
    expect(fields.dateOfBirth?.value).toBe('1988-03-14');
  });

  it('fills nothing when every value checks but the composite does not (two misreads cancelling out)', () => {
    const [first, second] = mrzOf(somsak);
    // Birth date and its check digit both misread, consistently: 880414 with its own check digit;
    // the composite check digit as printed no longer holds.
    const other = second.slice(0, 13) + '880414' + checkDigit('880414') + second.slice(20);
    expect(read([first, other]).fields).toEqual({ latinName: { value: 'SOMSAK VONGSAVANH', confidence: 'ok' } });
  });

  it('reads only Lao passports', () => {
    const [first, second] = mrzOf(somsak);
    const thai: [string, string] = [first.replace('P<LAO', 'P<THA'), second.replace('9LAO', '9THA')];
    expect(read(thai).fields).toEqual({});
  });

  it('takes each value from the reading whose check holds', () => {
    const good = read(mrzOf(somsak));
    const torn = read(mrzOf(somsak, true));
    expect(combineReadings([torn, good]).fields.dateOfBirth?.value).toBe('1988-03-14');
    expect(combineReadings([torn, torn]).fields.dateOfBirth).toBeUndefined();
  });
});

describe('the century of a birth date', () => {
  it('is the one that puts the date in the past', () => {
    expect(birthDate('030228', today)).toBe('2003-02-28');
    expect(birthDate('880314', today)).toBe('1988-03-14');
    expect(birthDate('300105', today)).toBe('1930-01-05');
    expect(birthDate('251231', today)).toBe('2025-12-31');
    expect(birthDate('260102', today)).toBe('1926-01-02');
  });

  it('is no date when the day is not a real one', () => {
    expect(birthDate('880231', today)).toBeUndefined();
    expect(birthDate('88O314', today)).toBeUndefined();
  });
});

describe('a page with an MRZ', () => {
  it('is told from an ID card', () => {
    expect(looksLikeMrz(page(mrzOf(somsak)))).toBe(true);
    // The first line alone, its fillers partly misread, is enough.
    expect(looksLikeMrz('P<LAOVONGSAVANH<K<SOMSAK<LLLLKLK')).toBe(true);
    expect(
      looksLikeMrz(
        'LAO PDR ID CARD\nເລກບັດ / ID No: 011508831742\nSOMSAK VONGSAVANH\nວັນເດືອນປີເກີດ / Date of birth: 14/03/1988',
      ),
    ).toBe(false);
  });
});
