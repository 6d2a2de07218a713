import * as v from 'valibot';
import {
  FieldError,
  LIMITS,
  email,
  entityId,
  idCardNumber,
  password,
  pastDate,
  phoneGrouped,
  phoneNumber,
  requiredText,
} from './rules';

/** The second typing of a new password. */
const passwordConfirmation = v.pipe(v.string(FieldError.required), v.nonEmpty(FieldError.required));

type PasswordTypedTwice = { password: string; password_confirmation: string };
// The confirmation must equal the password; the message lands on the confirmation field.
const confirmationMatches = v.forward(
  v.partialCheck(
    [['password'], ['password_confirmation']],
    (i: PasswordTypedTwice) => i.password === i.password_confirmation,
    FieldError.passwordMismatch,
  ),
  ['password_confirmation'],
);

/** The check that ends the pipe of every form or body with a new password typed twice. */
function passwordsMatch<TInput extends PasswordTypedTwice>() {
  // valibot cannot follow a path into a type that is still generic; the check reads only the two
  // fields every TInput has, so the one built for them serves every such object.
  return confirmationMatches as v.BaseValidation<TInput, TInput, v.PartialCheckIssue<PasswordTypedTwice>>;
}

/** /register, first screen (client form: phone as typed, grouped 2-4-4). */
export const registerAccountForm = v.pipe(
  v.object({
    email,
    phone: phoneGrouped,
    password,
    password_confirmation: passwordConfirmation,
  }),
  passwordsMatch(),
);

/** POST /v1/auth/register-check: is the email or phone already taken? */
export const registerCheckBody = v.object({ email, phone_number: phoneNumber });
/**
 * What the first registration screen sends to register-check: with the password, when given,
 * so a too common one is refused there and not three screens later.
 */
export const registerCheckRequest = v.object({ ...registerCheckBody.entries, password: v.optional(password) });

/** /register/personal-information (also the tail of the register payload). */
export const personalInformation = v.object({
  first_name: requiredText(LIMITS.nameMax),
  last_name: requiredText(LIMITS.nameMax),
  id_card: idCardNumber,
  date_of_birth: pastDate,
  address: requiredText(LIMITS.addressMax),
  house_number: requiredText(LIMITS.houseNumberMax),
  province_id: entityId,
  district_id: entityId,
  village_id: entityId,
});

/** POST /v1/auth/register (the ID-card image travels as a data URL in id_card_file). */
export const registerBody = v.object({
  ...personalInformation.entries,
  email,
  username: v.optional(v.string()),
  password,
  phone_number: phoneNumber,
  id_card_file: v.pipe(v.string(FieldError.required), v.nonEmpty(FieldError.required)),
});

export const otpCode = v.pipe(
  v.string(FieldError.required),
  v.regex(new RegExp(`^\\d{${LIMITS.otpLength}}$`), FieldError.otpFormat),
);
export const verifyOtpBody = v.object({ email, code_otp: otpCode });
export const resendOtpBody = v.object({ email, phone_number: v.optional(v.string()) });

export const loginBody = v.object({
  username: v.pipe(
    v.string(FieldError.required),
    v.trim(),
    v.nonEmpty(FieldError.required),
    v.maxLength(254, FieldError.tooLong),
  ),
  password: v.pipe(
    v.string(FieldError.required),
    v.nonEmpty(FieldError.required),
    v.maxLength(128, FieldError.tooLong),
  ),
});

export const forgotPasswordBody = v.object({ email });

/** A new password typed twice (reset form; registration when the password must be typed again). */
export const newPasswordForm = v.pipe(
  v.object({
    password,
    password_confirmation: passwordConfirmation,
  }),
  passwordsMatch(),
);

export const resetPasswordBody = v.pipe(
  v.object({
    password,
    password_confirmation: passwordConfirmation,
    payload: v.pipe(
      v.string(FieldError.required),
      v.nonEmpty(FieldError.required),
      v.maxLength(200, FieldError.tooLong),
    ),
  }),
  passwordsMatch(),
);

export const updatePasswordBody = v.pipe(
  v.object({
    current_password: password,
    password,
    password_confirmation: passwordConfirmation,
  }),
  passwordsMatch(),
);

/** Answer of register and resend-otp: where the code went and when another may be asked for. */
export interface OtpSentResponse {
  message: string;
  data: { email: string; resend_after_seconds: number; valid_minutes: number };
}

export interface TokenResponse {
  data: {
    access_token: string;
    expires_at: number;
    role: 'citizen' | 'officer';
    /**
     * Officers only, on /v1/auth/login: the token may only finish signing in, with one of these
     * (docs/security.md#officer-sign-in). Absent once the session has full rights.
     */
    second_factor?: { passkey: boolean; totp: boolean };
  };
}
