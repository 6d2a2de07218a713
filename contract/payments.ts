import * as v from 'valibot';
import type { PaymentStatus, Status } from './status';

/**
 * POST /v1/payments/va-callback: the bank tells us a transfer reached an application's virtual
 * account (docs/operations.md#bank-payment-callback). Strict: an unknown field means the bank
 * changed its format, and we would rather refuse than guess.
 */
export const vaCallbackBody = v.strictObject({
  /** The bank's own id of the transfer: the same id again is a retry. */
  transaction_id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'invalid_transaction_id')),
  va_number: v.pipe(v.string(), v.regex(/^\d{14}$/, 'invalid_va_number')),
  /** Whole kip (no minor unit is used), at most what the integer column holds. */
  amount: v.pipe(
    v.number(),
    v.integer('invalid_amount'),
    v.minValue(1, 'invalid_amount'),
    v.maxValue(2_000_000_000, 'invalid_amount'),
  ),
  currency: v.literal('LAK', 'invalid_currency'),
  /** When the money moved, with its time zone (e.g. 2026-03-01T09:30:00+07:00). */
  paid_at: v.pipe(
    v.string(),
    v.isoTimestamp('invalid_date'),
    v.check((s) => !Number.isNaN(Date.parse(s)), 'invalid_date'),
  ),
});
export type VaCallbackBody = v.InferOutput<typeof vaCallbackBody>;

export interface VaCallbackAnswer {
  data: { id: number; status: Status; payment_status: PaymentStatus };
}

/** Headers of the signed call: unix seconds, and hex HMAC-SHA256 of `${timestamp}.${raw body}`. */
export const BANK_TIMESTAMP_HEADER = 'x-bank-timestamp';
export const BANK_SIGNATURE_HEADER = 'x-bank-signature';
/** How far the bank's clock and ours may differ, in seconds: a captured call cannot be replayed later. */
export const BANK_TIMESTAMP_TOLERANCE_S = 5 * 60;
