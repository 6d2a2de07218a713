/** The stable code of each field rule (contract/rules.ts): the client shows catalogue text for it. */
export const FieldError = {
  required: 'required',
  invalidEmail: 'invalid_email',
  invalidPhone: 'invalid_phone',
  passwordLength: 'password_min_length',
  passwordUppercase: 'password_uppercase',
  passwordNumber: 'password_number',
  passwordCommon: 'password_common',
  passwordMismatch: 'password_mismatch',
  specialCharacters: 'special_characters',
  tooLong: 'too_long',
  digitsOnly: 'digits_only',
  /** Not an ID card's digits nor a Lao passport's number (a capital letter and seven digits). */
  idDocumentNumber: 'invalid_id_number',
  invalidDate: 'invalid_date',
  dateInFuture: 'date_in_future',
  invalidId: 'invalid_id',
  otpFormat: 'otp_format',
} as const;
export type FieldError = (typeof FieldError)[keyof typeof FieldError];
