import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ErrorCode } from '../../contract/errors';
import { FieldError } from '../../contract/field-errors';
import { ApiError, NOT_ON_THIS_PHONE } from './api-client';
import { APPLICATION_ERRORS, APPLICATION_FIELD_ERRORS, APPLICATION_FIELD_OVERRIDES } from './application-errors';
import { i18n } from './i18n';

/**
 * Catalogue text for every error code the API answers (docs/decisions.md#errors-are-codes-not-translated-text: the
 * client explains each code in the chosen language, Lao included). Each says what to do next.
 */
const API_ERRORS: Record<string, MessageDescriptor> = {
  [ErrorCode.emailTaken]: msg`This email is already registered. Log in, or use another email.`,
  [ErrorCode.phoneTaken]: msg`This phone number is already registered. Log in, or use another number.`,
  [ErrorCode.wrongPassword]: msg`The password is wrong. Check it and try again.`,
  [ErrorCode.notFound]: msg`Data not found. Please input the correct data.`,
  [ErrorCode.unverifiedAccount]: msg`Your account is not verified yet. We sent you a new code.`,
  [ErrorCode.validation]: msg`Some fields are not valid. Check the messages under the fields.`,
  [ErrorCode.unauthorized]: msg`Please log in again.`,
  [ErrorCode.sessionExpired]: msg`Your session has expired. Please log in again.`,
  [ErrorCode.forbidden]: msg`You may not do this.`,
  [ErrorCode.tooManyRequests]: msg`Too many attempts. Please wait a moment and try again.`,
  [ErrorCode.accountLocked]: msg`Too many failed attempts. Wait 15 minutes, or reset your password.`,
  [ErrorCode.otpInvalid]: msg`The code is not correct. Check your email and try again.`,
  [ErrorCode.otpExpired]: msg`This code is no longer valid. Press Resend code to get a new one.`,
  [ErrorCode.resetLinkInvalid]: msg`This reset link is invalid or has expired. Ask for a new one.`,
  [ErrorCode.fileTooLarge]: msg`Max file size is 10\u00a0MB`,
  [ErrorCode.payloadTooLarge]: msg`The files are too large to send. Each file must be 10\u00a0MB or less.`,
  [ErrorCode.fileTypeNotAllowed]: msg`This file type is not accepted. Use JPG, PNG or PDF.`,
  [ErrorCode.photoAspectRatio]: msg`Image must have a 3:4 aspect ratio`,
  [ErrorCode.idCardTaken]: msg`This ID card number is already registered. Log in, or contact customer service.`,
  [ErrorCode.mailUnavailable]: msg`We could not send the email right now. Please try again in a few minutes.`,
  timeout: msg`The connection is too slow. Please try again.`,
  network: msg`You are offline. Check your connection and try again.`,
  [NOT_ON_THIS_PHONE]: msg`You are offline, and this screen has not been opened on this phone yet. Connect once to see it; after that it opens without a connection too.`,
  parse: msg`Something went wrong. Please try again.`,
  ...APPLICATION_ERRORS,
};

export const SOMETHING_WENT_WRONG = msg`Something went wrong. Please try again.`;

/**
 * The sentence to show for a failed request. A screen may bring the words of its own codes (an
 * officer's second step does), so they are not carried by every screen that shows an error.
 */
export function errorMessage(err: unknown, own?: Record<string, MessageDescriptor>): string {
  if (err instanceof ApiError) {
    const known = own?.[err.code] ?? API_ERRORS[err.code];
    if (known) return i18n._(known);
  }
  return i18n._(SOMETHING_WENT_WRONG);
}

const FIELD_ERRORS: Record<string, MessageDescriptor> = {
  [FieldError.required]: msg`This field is required`,
  [FieldError.invalidEmail]: msg`Invalid email format`,
  [FieldError.invalidPhone]: msg`Invalid phone number format`,
  [FieldError.passwordLength]: msg`Password must be at least 8 characters`,
  [FieldError.passwordUppercase]: msg`Must contain an uppercase letter`,
  [FieldError.passwordNumber]: msg`Password must contain at least one number`,
  [FieldError.passwordCommon]: msg`This password is too common. Choose another.`,
  [FieldError.passwordMismatch]: msg`Password do not match`,
  [FieldError.specialCharacters]: msg`Must not contain special characters`,
  [FieldError.tooLong]: msg`This is too long`,
  [FieldError.digitsOnly]: msg`Only digits are allowed`,
  [FieldError.idDocumentNumber]: msg`Type the digits of your ID card, or a passport number: a capital letter and seven digits`,
  [FieldError.invalidDate]: msg`Date must be a valid date`,
  [FieldError.dateInFuture]: msg`The date cannot be in the future`,
  [FieldError.invalidId]: msg`Please choose an option`,
  [FieldError.otpFormat]: msg`Enter the 4-digit code`,
  file_too_large: msg`Max file size is 10\u00a0MB`,
  // Server answers that belong to one field (shown under it as well as in the banner).
  [ErrorCode.emailTaken]: msg`This email is already registered. Log in, or use another email.`,
  [ErrorCode.phoneTaken]: msg`This phone number is already registered. Log in, or use another number.`,
  [ErrorCode.idCardTaken]: msg`This ID card number is already registered. Log in, or contact customer service.`,
  ...APPLICATION_FIELD_ERRORS,
};

/** Field-specific wording the specification gives (e.g. names, house number, confirmation). */
const FIELD_OVERRIDES: Record<string, MessageDescriptor> = {
  'first_name:special_characters': msg`Firstname must not contain special characters`,
  'last_name:special_characters': msg`Lastname must not contain special characters`,
  'house_number:too_long': msg`House number must be less than 10 characters`,
  'password_confirmation:required': msg`Please confirm your password`,
  'date:invalid_date': msg`Date must be a valid date`,
  'username:required': msg`Please enter your email, phone number or ID card number`,
  ...APPLICATION_FIELD_OVERRIDES,
};

/** The message under a field for a validation code from valibot (client) or `data.fields` (server). */
export function fieldMessage(field: string, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const d = FIELD_OVERRIDES[`${field}:${code}`] ?? FIELD_ERRORS[code];
  return d ? i18n._(d) : code;
}
