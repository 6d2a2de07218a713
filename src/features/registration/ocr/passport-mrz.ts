/**
 * A passport's machine-readable zone (MRZ): the two 44-character lines at the foot of the data page
 * (ICAO 9303, format TD3), read for the passport number, the date of birth and the Latin name.
 *
 *   P<LAOVONGSAVANH<<SOMSAK<<<<<<<<<<<<<<<<<<<<<
 *   P12345671LAO8803148M3201049<<<<<<<<<<<<<<02
 *
 * Every value of the second line carries a check digit, and a composite one covers them all: a value
 * is filled only when its own check digit holds (a misread digit is refused, never guessed), and
 * nothing is when the composite fails while every value's own check held (two misreads cancelling
 * out). The name has no check digit; it is filled for the citizen to check.
 *
 * Before the check, what the recogniser confuses (O/0, I/1, B/8, S/5…) is mended only where the
 * field can hold one kind of character: digits in a date, letters in a name — the check digit then
 * says whether the mending was right. Pure: no tesseract, unit-tested on strings.
 */
import { parse } from 'mrz';
import type { IdCardFields } from './extract-id-card';

export const MRZ_LENGTH = 44;
/** Lao passports: issued by LAO to LAO nationals. */
const LAO = 'LAO';

/** Letters the recogniser reads for a digit, and the other way round. */
const AS_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  Z: '2',
  S: '5',
  G: '6',
  T: '7',
  B: '8',
};
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };

/**
 * What each position of the second line may hold: N a digit (or <), A a letter (or <), X either.
 * Number (9) and its check, nationality (3), birth date (6) and check, sex, expiry (6) and check,
 * personal number (14) and its check, the composite check.
 */
const LINE2_KINDS = 'XXXXXXXXXNAAANNNNNNNANNNNNNNXXXXXXXXXXXXXXNN';
/** A Lao passport number: a letter and seven digits (then one filler), so those seven are digits. */
const LAO_NUMBER_KINDS = 'ANNNNNNN';

const mend = (text: string, kinds: string) =>
  [...text]
    .map((c, i) => (kinds[i] === 'N' ? (AS_DIGIT[c] ?? c) : kinds[i] === 'A' ? (AS_LETTER[c] ?? c) : c))
    .join('');

/** A reading's line as MRZ characters: capitals, digits and <, without the spaces read between them. */
export function mrzCharacters(line: string): string {
  return line
    .toUpperCase()
    .replace(/[«]/g, '<<')
    .replace(/[‹([{]/g, '<')
    .replace(/[^A-Z0-9<]/g, '');
}

/** The start of a passport's first line: P, a type letter or <, the issuing state, the name. */
const FIRST_LINE = /P[A-Z<][A-Z0-9]{3}[A-Z0-9<]{10,}/;
/** The second line up to the expiry date: number, check, nationality, birth date, check, sex, expiry, check. */
const SECOND_LINE = /[A-Z0-9<]{9}[0-9OQDUILZSGTB][A-Z0-9]{3}[0-9OQDUILZSGTB]{7}[MFX<][0-9OQDUILZSGTB]{7}/;

/** (The fillers of the first line are read as K and L too: two of them read as < are enough.) */
const isFirstLine = (chars: string) => FIRST_LINE.test(chars) && (chars.match(/</g)?.length ?? 0) >= 2;
/** (A run of fillers read as L would pass for digits: the second line holds many real ones.) */
const isSecondLine = (chars: string) =>
  SECOND_LINE.test(chars) && chars.includes('<') && (chars.match(/\d/g)?.length ?? 0) >= 12;

/** Whether a reading of the page holds a passport's MRZ (one of its lines, at least). */
export function looksLikeMrz(text: string): boolean {
  return text.split('\n').some((line) => {
    const chars = mrzCharacters(line);
    return isFirstLine(chars) || isSecondLine(chars);
  });
}

/** The two lines as read: the first from its P, the second whole (the first empty when unread). */
export interface MrzText {
  first: string;
  second: string;
}

/** The MRZ lines in a reading of the page (or of its foot). */
export function findMrzLines(text: string): MrzText | undefined {
  const lines = text.split('\n').map(mrzCharacters);
  const at = lines.findIndex(isSecondLine);
  if (at < 0) return undefined;
  const second = lines[at]!.slice(SECOND_LINE.exec(lines[at]!)!.index);
  const above = at > 0 ? lines[at - 1]! : '';
  const start = isFirstLine(above) ? FIRST_LINE.exec(above)!.index : -1;
  return { first: start >= 0 ? above.slice(start) : '', second };
}

/**
 * The recogniser reads the MRZ's filler < as K or L, or as <K, in a run of them: a run of fillers
 * is any run of <, K and L holding a <.
 */
const FILLERS = '[<KL]*<[<KL]*';
const escape = (word: string) => word.replace(/[^A-Z]/g, '');

/**
 * The Latin name, when the page prints it (surname and given names, in their own rows of the
 * page's reading) as the MRZ spells it, fillers misread or not. Both ways of printing it agreeing
 * make it sure.
 */
function printedName(nameField: string, printed: string[][]): { surname: string; givenNames: string } | undefined {
  const rows = printed.map((words) => words.map(escape).filter((w) => w.length >= 2));
  // The surname and the given names may be printed side by side, read as one row: any run of a
  // row's words (up to three) may be either.
  const runs = rows.flatMap((row) =>
    row.flatMap((_, i) => [1, 2, 3].filter((n) => i + n <= row.length).map((n) => row.slice(i, i + n))),
  );
  for (const surname of runs)
    for (const given of runs) {
      if (surname === given) continue;
      const pattern = new RegExp(`^${surname.join(FILLERS)}${FILLERS}${given.join(FILLERS)}(?:[<KL]*)$`);
      if (pattern.test(nameField)) return { surname: surname.join(' '), givenNames: given.join(' ') };
    }
  return undefined;
}

/** The name read cleanly: words of letters, one < within a name, << between surname and given names. */
function cleanName(nameField: string): { surname: string; givenNames: string } | undefined {
  const match = /^([A-Z]+(?:<[A-Z]+)*)<<([A-Z]+(?:<[A-Z]+)*)<*$/.exec(nameField);
  if (!match) return undefined;
  const [surname, givenNames] = [match[1]!.replace(/</g, ' '), match[2]!.replace(/</g, ' ')];
  // A word of one letter, or of K and L only, is a filler misread: not clean.
  const words = `${surname} ${givenNames}`.split(' ');
  return words.some((w) => w.length < 2 || /^[KL]+$/.test(w)) ? undefined : { surname, givenNames };
}

/**
 * The second line as 44 characters: digits where only digits can be, letters where only letters
 * can; a personal-number field read as fillers (with K and L among them) is 14 fillers.
 */
export function secondLine(read: string): string | undefined {
  let line = read;
  if (line.length > 30 && /^[<KL]*$/.test(line.slice(28, -2)))
    line = line.slice(0, 28) + '<'.repeat(14) + line.slice(-2);
  if (line.length !== MRZ_LENGTH) return undefined;
  line = mend(line, LINE2_KINDS);
  // A Lao passport's number is a letter and seven digits.
  if (line.slice(10, 13) === LAO) line = mend(line.slice(0, 8), LAO_NUMBER_KINDS) + line.slice(8);
  return line;
}

export interface PassportReading {
  fields: IdCardFields;
  /** Surname and given names apart, as the MRZ writes them (to tell the Lao names on the page). */
  surname?: string;
  givenNames?: string;
}

/**
 * The date of birth: the MRZ writes YYMMDD, the century is the one that puts the date in the past
 * (a passport holder is born at most a hundred years ago).
 */
export function birthDate(yymmdd: string, today: Date): string | undefined {
  if (!/^\d{6}$/.test(yymmdd)) return undefined;
  const [yy, mm, dd] = [yymmdd.slice(0, 2), yymmdd.slice(2, 4), yymmdd.slice(4, 6)].map(Number) as [
    number,
    number,
    number,
  ];
  for (const century of [2000, 1900]) {
    const date = new Date(Date.UTC(century + yy, mm - 1, dd));
    const real = date.getUTCMonth() === mm - 1 && date.getUTCDate() === dd;
    if (!real) return undefined;
    if (date.getTime() < today.getTime()) return date.toISOString().slice(0, 10);
  }
  return undefined;
}

/**
 * The passport's values out of its MRZ as read, and the rows of Latin capitals the page's reading
 * holds (to confirm the name). Only a Lao passport (nationality LAO) is read: the number rule is
 * Lao passports' one.
 */
export function readMrz(read: MrzText, today: Date, printed: string[][] = []): PassportReading {
  const line2 = secondLine(read.second);
  if (!line2) return { fields: {} };
  const state = mend(read.first.slice(2, 5), 'AAA');
  const nameField = mend(read.first.slice(5), 'A'.repeat(read.first.length));
  const name = state === LAO ? (printedName(nameField, printed) ?? cleanName(nameField)) : undefined;
  const nameText = name ? `${name.surname.replace(/ /g, '<')}<<${name.givenNames.replace(/ /g, '<')}` : '';
  const line1 = `P<${LAO}${nameText}`.padEnd(MRZ_LENGTH, '<').slice(0, MRZ_LENGTH);
  let result: ReturnType<typeof parse>;
  try {
    result = parse([line1, line2]);
  } catch {
    return { fields: {} };
  }
  const holds = (field: string) => result.details.find((d) => d.field === field)?.valid === true;
  const { fields: f } = result;
  if (f.documentCode?.[0] !== 'P' || f.nationality !== LAO) return { fields: {} };
  // The composite failing is explained by a value whose own check failed; otherwise no value is sure.
  const ownChecks = [
    'documentNumberCheckDigit',
    'birthDateCheckDigit',
    'expirationDateCheckDigit',
    'personalNumberCheckDigit',
  ];
  const composite = holds('compositeCheckDigit') || ownChecks.some((c) => !holds(c));
  const fields: IdCardFields = {};
  const number = f.documentNumber?.replace(/<+$/, '');
  if (composite && holds('documentNumberCheckDigit') && number) fields.idNumber = { value: number, confidence: 'ok' };
  const born = composite && holds('birthDateCheckDigit') && f.birthDate ? birthDate(f.birthDate, today) : undefined;
  if (born) fields.dateOfBirth = { value: born, confidence: 'ok' };
  if (!name) return { fields };
  // No check digit covers the name: sure only when the page prints it alike.
  const confirmed = printedName(nameField, printed) !== undefined;
  fields.latinName = { value: `${name.givenNames} ${name.surname}`, confidence: confirmed ? 'ok' : 'check' };
  return { fields, surname: name.surname, givenNames: name.givenNames };
}

/**
 * Each reading's values together: a value from the first reading that has it (each checked
 * already); the name from the first sure one, else the first.
 */
export function combineReadings(readings: PassportReading[]): PassportReading {
  const named =
    readings.find((r) => r.fields.latinName?.confidence === 'ok') ?? readings.find((r) => r.fields.latinName);
  const fields: IdCardFields = {};
  const idNumber = readings.find((r) => r.fields.idNumber)?.fields.idNumber;
  const dateOfBirth = readings.find((r) => r.fields.dateOfBirth)?.fields.dateOfBirth;
  if (idNumber) fields.idNumber = idNumber;
  if (dateOfBirth) fields.dateOfBirth = dateOfBirth;
  if (named?.fields.latinName) fields.latinName = named.fields.latinName;
  return { fields, surname: named?.surname, givenNames: named?.givenNames };
}
