import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ErrorCode } from '../../contract/errors';

/*
 * The words of the errors only a signed-in citizen meets (an application, its payment, its pick-up,
 * the account), kept apart from src/lib/error-messages.ts so they travel in the signed-in part of the
 * catalogue (scripts/catalogue-parts.ts), not with every visitor's first screen.
 */

export const APPLICATION_ERRORS: Record<string, MessageDescriptor> = {
  [ErrorCode.idempotencyConflict]: msg`This request was already sent with other data. Reload the page and try again.`,
  [ErrorCode.idempotencyInProgress]: msg`Your request is still being processed. Please wait.`,
  [ErrorCode.invalidTransition]: msg`This application cannot be changed in its current status.`,
  [ErrorCode.slotUnavailable]: msg`This time is no longer available. Please choose another.`,
  [ErrorCode.paymentDeadlinePassed]: msg`The payment deadline has passed. Please apply again.`,
  [ErrorCode.alreadyReapplied]: msg`You have already applied again for this application.`,
};

export const APPLICATION_FIELD_ERRORS: Record<string, MessageDescriptor> = {
  payment_method_required: msg`Please select a payment method`,
  bank_required: msg`Please select a bank`,
  icon_required: msg`Icon is required`,
  time_required: msg`Please select time pick up`,
};

export const APPLICATION_FIELD_OVERRIDES: Record<string, MessageDescriptor> = {
  'date:required': msg`Please select a date pick up`,
  'current_password:x004': msg`Current password is wrong`,
};
