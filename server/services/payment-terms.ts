import type { Fee } from '../../contract/application';
import type { Config } from '../config';

/*
 * What an application costs and how long it may wait unpaid: read when an application is made
 * (applications.ts) and when it is paid or expires (payments.ts), so it is apart from both.
 */

/** The fee of a new application, from configuration (defaults LAK 20,000 + 9,000 = 29,000). */
export function currentFee(config: Config, lang: 'en' | 'lo' = 'en'): Fee {
  const lines: Fee['lines'] = [
    { key: 'payment', amount: config.fee.payment },
    { key: 'processing_fee', amount: config.fee.processing },
  ];
  return {
    lines,
    total: lines.reduce((sum, l) => sum + l.amount, 0),
    currency: 'LAK',
    recipient: lang === 'lo' ? config.fee.recipientLo : config.fee.recipient,
    payment_window_hours: config.fee.windowHours,
  };
}

export const paymentDeadline = (createdAt: Date, config: Config) =>
  new Date(createdAt.getTime() + config.fee.windowHours * 3_600_000);

/** The fixed note of an expired application (shown in the reader's language through its code). */
export const DEADLINE_NOTE = 'The payment deadline passed without payment.';
export const DEADLINE_NOTE_CODE = 'payment_deadline_passed';
