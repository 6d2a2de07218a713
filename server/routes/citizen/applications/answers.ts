import * as v from 'valibot';
import { applicantData, CORRECTABLE_FIELDS, REQUESTABLE_DOCUMENTS } from '../../../../contract/application';
import { OFFICER_ACTIONS } from '../../../../contract/officer';
import { ALL_STATUSES, PaymentStatus } from '../../../../contract/status';

/**
 * The answers of the application routes, field by field (contract/application.ts names their
 * types). Plain types, not the request rules: what was stored under older rules is still answered.
 */
export const status = v.picklist(ALL_STATUSES);
export const paymentStatus = v.picklist(Object.values(PaymentStatus));
const nullableString = v.nullable(v.string());

/** A catalogued reason as its reader reads it (contract/officer-day.ts ReasonText). */
export const reasonTextShape = v.object({ code: v.string(), text: v.string(), what_to_do: v.string() });
/** The working-day clock (contract/working-days.ts ClockView). */
export const clockShape = v.object({
  due_on: nullableString,
  working_days_left: v.nullable(v.number()),
  tone: v.picklist(['on-time', 'at-risk', 'overdue', 'paused']),
});

export const feeLine = v.object({ key: v.picklist(['payment', 'processing_fee']), amount: v.number() });
export const fee = v.object({
  lines: v.array(feeLine),
  total: v.number(),
  currency: v.literal('LAK'),
  recipient: v.string(),
  payment_window_hours: v.number(),
});

export const historyItem = v.object({
  id: v.number(),
  status,
  ticket_number: v.string(),
  applied_on: v.string(),
  service: v.literal('rc'),
  payment_status: paymentStatus,
  payment_deadline: v.string(),
});

const storedApplicant = v.object({
  ...Object.fromEntries(
    Object.entries(applicantData.entries).map(([key]) => [key, key.endsWith('_id') ? v.number() : v.string()]),
  ),
  province: v.string(),
  district: v.string(),
  village: v.string(),
  parent_province: v.string(),
  parent_district: v.string(),
  parent_village: v.string(),
});

const documentSubmit = v.object(
  Object.fromEntries(
    ['applicant_photo', 'household_registration_book', 'proof_of_residence'].flatMap((kind) => [
      [`${kind}_name`, nullableString],
      [`${kind}_path`, nullableString],
    ]),
  ),
);

export const applicationDetailShape = v.object({
  id: v.number(),
  ticket_number: v.string(),
  applied_on: v.string(),
  status,
  pickup_date: nullableString,
  pickup_time: nullableString,
  notes: nullableString,
  notes_code: v.nullable(v.picklist(['payment_deadline_passed', 'information_not_sent'])),
  rejection_reasons: v.array(reasonTextShape),
  certificate_code: nullableString,
  revocation: v.nullable(v.object({ at: v.string(), reason: v.string() })),
  reapplied_from: v.nullable(v.number()),
  reapplied_by: v.nullable(v.number()),
  applicant_data: storedApplicant,
  document_submit: documentSubmit,
  payment: v.object({
    bank_id: v.number(),
    bank_logo: v.string(),
    bank_name: v.string(),
    payment_status: paymentStatus,
    proof_of_payment_path: nullableString,
    va_number: v.string(),
    amount: v.number(),
    currency: v.literal('LAK'),
    recipient: v.string(),
    fee_lines: v.array(feeLine),
    deadline: v.string(),
  }),
  information_request: v.nullable(
    v.object({
      id: v.number(),
      asked_at: v.string(),
      answer_by: v.string(),
      reasons: v.array(reasonTextShape),
      message: nullableString,
      documents: v.array(v.picklist(REQUESTABLE_DOCUMENTS)),
      fields: v.array(v.picklist(CORRECTABLE_FIELDS)),
      answered_at: nullableString,
    }),
  ),
  clock: v.nullable(clockShape),
});

export const accessLogEntry = v.object({
  id: v.number(),
  officer: v.object({ id: v.number(), name: v.string() }),
  action: v.picklist(['view', 'view_document', ...OFFICER_ACTIONS]),
  detail: nullableString,
  at: v.string(),
});

export const pickupDayShape = v.object({
  date: v.string(),
  open: v.boolean(),
  slots: v.array(v.object({ time: v.string(), available: v.boolean(), remaining: v.number() })),
});
