import * as v from 'valibot';

/**
 * Field rules shared by the forms and the API. Each message is a stable code (see FieldError);
 * the client turns it into catalogue text, the server returns it in `data.fields`.
 */
// The codes live apart from the schemas, so a screen that only shows messages does not download
// the validation library.
import { FieldError } from './field-errors';

export { FieldError };

export const LIMITS = {
  nameMax: 50,
  addressMax: 100,
  houseNumberMax: 10,
  passwordMin: 8,
  textMax: 100,
  reasonMax: 500,
  otpLength: 4,
} as const;

/** Letters, marks (Lao vowels and tone marks), digits, spaces and . , - only. */
export const SAFE_TEXT = /^[\p{L}\p{M}\p{N}\s.,-]*$/u;
/** Names: as SAFE_TEXT, which the specification applies to names too. */
export const PHONE_GROUPED = /^\d{2} \d{4} \d{4}$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const trimmed = v.pipe(v.string(FieldError.required), v.trim());

export const requiredText = (max: number = LIMITS.textMax) =>
  v.pipe(
    trimmed,
    v.nonEmpty(FieldError.required),
    v.maxLength(max, FieldError.tooLong),
    v.regex(SAFE_TEXT, FieldError.specialCharacters),
  );

export const email = v.pipe(
  trimmed,
  v.nonEmpty(FieldError.required),
  v.maxLength(254, FieldError.tooLong),
  v.email(FieldError.invalidEmail),
  v.toLowerCase(),
);

export const password = v.pipe(
  v.string(FieldError.required),
  v.nonEmpty(FieldError.required),
  v.minLength(LIMITS.passwordMin, FieldError.passwordLength),
  v.maxLength(128, FieldError.tooLong),
  v.regex(/[A-Z]/, FieldError.passwordUppercase),
  v.regex(/\d/, FieldError.passwordNumber),
);

/** Phone as typed: 2-4-4 digit groups after the fixed +856 prefix. */
export const phoneGrouped = v.pipe(
  trimmed,
  v.nonEmpty(FieldError.required),
  v.regex(PHONE_GROUPED, FieldError.invalidPhone),
);

/** Phone as sent: 856 then 10 digits (spaces removed, leading 0 dropped). */
export const phoneNumber = v.pipe(
  trimmed,
  v.nonEmpty(FieldError.required),
  v.regex(/^856\d{8,10}$/, FieldError.invalidPhone),
);

export const isoDate = v.pipe(
  trimmed,
  v.nonEmpty(FieldError.required),
  v.regex(ISO_DATE, FieldError.invalidDate),
  v.check((s) => isRealDate(s), FieldError.invalidDate),
);

export const pastDate = v.pipe(
  isoDate,
  v.check((s) => s <= new Date().toISOString().slice(0, 10), FieldError.dateInFuture),
);

/** A Lao passport's number: one capital letter and seven digits (P1234567). */
export const PASSPORT_NUMBER = /^[A-Z]\d{7}$/;

/**
 * The number of the identity document the citizen registers with: the ID card's digits, or a Lao
 * passport's number for a citizen who holds a passport (docs/decisions.md).
 */
export const idCardNumber = v.pipe(
  trimmed,
  v.nonEmpty(FieldError.required),
  v.maxLength(20, FieldError.tooLong),
  v.regex(/^(\d+|[A-Z]\d{7})$/, FieldError.idDocumentNumber),
);

export const digitsOnly = (max = 20) =>
  v.pipe(
    trimmed,
    v.nonEmpty(FieldError.required),
    v.maxLength(max, FieldError.tooLong),
    v.regex(/^\d+$/, FieldError.digitsOnly),
  );

/** A location or bank id: a positive integer (forms hold strings from <select>, the API integers). */
export const entityId = v.pipe(
  v.union(
    [
      v.number(FieldError.required),
      v.pipe(
        v.string(FieldError.required),
        v.nonEmpty(FieldError.required),
        v.regex(/^\d+$/, FieldError.invalidId),
        v.transform(Number),
      ),
    ],
    FieldError.required,
  ),
  v.integer(FieldError.invalidId),
  v.minValue(1, FieldError.required),
  v.maxValue(2_147_483_647, FieldError.invalidId),
);

export function isRealDate(iso: string): boolean {
  if (!ISO_DATE.test(iso)) return false;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso && d.getUTCFullYear() >= 1900;
}

// Phone formatting lives apart from the schemas, so a screen that only shows a number does not
// download the validation library.
export { toApiPhone, toGroupedPhone } from './phone';
