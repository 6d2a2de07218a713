/**
 * Stable error codes the API answers in `data.error_code`. The client shows catalogue text for
 * each code in the chosen language, so these strings never change meaning.
 * The first five come from the specification; the others are ours.
 */
export const ErrorCode = {
  emailTaken: '400X1',
  phoneTaken: '400X2',
  wrongPassword: 'x004',
  notFound: 'x008',
  unverifiedAccount: 'x009',
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  sessionExpired: 'session_expired',
  forbidden: 'forbidden',
  tooManyRequests: 'too_many_requests',
  accountLocked: 'account_locked',
  otpInvalid: 'otp_invalid',
  otpExpired: 'otp_expired',
  resetLinkInvalid: 'reset_link_invalid',
  fileTooLarge: 'file_too_large',
  fileTypeNotAllowed: 'file_type_not_allowed',
  photoAspectRatio: 'photo_aspect_ratio',
  idempotencyConflict: 'idempotency_key_reused',
  idempotencyInProgress: 'idempotency_in_progress',
  invalidTransition: 'invalid_status_transition',
  slotUnavailable: 'slot_unavailable',
  paymentDeadlinePassed: 'payment_deadline_passed',
  alreadyReapplied: 'already_reapplied',
  payloadTooLarge: 'payload_too_large',
  badRequest: 'bad_request',
  idCardTaken: 'id_card_taken',
  mailUnavailable: 'mail_unavailable',
  // An officer's second factor (docs/security.md#officer-sign-in).
  secondFactorRequired: 'second_factor_required',
  passkeyFailed: 'passkey_failed',
  totpInvalid: 'totp_invalid',
  totpReused: 'totp_reused',
  enrolLinkInvalid: 'enrol_link_invalid',
  // The bank's payment callback (POST /v1/payments/va-callback); never shown to citizens.
  badSignature: 'bad_signature',
  staleTimestamp: 'stale_timestamp',
  amountMismatch: 'amount_mismatch',
  alreadyPaid: 'already_paid',
  vaClosed: 'va_closed',
  // The officer's day (docs/decisions.md#the-officers-day).
  claimedByOther: 'claimed_by_other',
  queueEmpty: 'queue_empty',
  fourEyes: 'four_eyes',
  reasonRequired: 'reason_required',
  requestNotOpen: 'request_not_open',
  internal: 'internal_error',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The error body of every 4xx/5xx answer (docs/decisions.md#one-error-shape). */
export interface ApiErrorBody {
  message: string;
  data: {
    error_code: ErrorCode | string;
    message: string;
    fields?: Record<string, string>;
    /** slot_unavailable: the free pick-up times nearest to the one asked for. */
    nearest_free?: { date: string; time: string }[];
  };
}
