import * as v from 'valibot';
import { CORRECTABLE_FIELDS, REQUESTABLE_DOCUMENTS } from '../../../contract/application';
import { OFFICER_ACTIONS, OFFICER_ROLES, OFFICER_TASKS } from '../../../contract/officer';
import { REASON_USAGES } from '../../../contract/officer-day';
import {
  applicationDetailShape,
  clockShape,
  paymentStatus,
  reasonTextShape,
  status,
} from '../citizen/applications/answers';

/** The answers of the back office's routes (contract/officer.ts and officer-day.ts name their types). */

const nullableString = v.nullable(v.string());
export const officerRef = v.object({ id: v.number(), name: v.string(), email: v.string() });
export const claimShape = v.object({ ...officerRef.entries, expires_at: v.string(), mine: v.boolean() });

export const queueItem = v.object({
  id: v.number(),
  ticket_number: v.string(),
  applicant_name: v.string(),
  status,
  payment_status: paymentStatus,
  applied_on: v.string(),
  deadline: v.string(),
});

export const taskItem = v.object({
  ...queueItem.entries,
  clock: v.nullable(clockShape),
  claimed_by: v.nullable(v.object({ ...officerRef.entries, expires_at: v.string() })),
  pickup_date: nullableString,
  pickup_time: nullableString,
});

export const taskQueueShape = v.object({
  task: v.picklist(OFFICER_TASKS),
  items: v.array(taskItem),
  total: v.number(),
  total_capped: v.boolean(),
  page: v.number(),
  page_size: v.number(),
});

export const taskCountShape = v.object({
  task: v.picklist(OFFICER_TASKS),
  total: v.number(),
  at_risk: v.number(),
  overdue: v.number(),
  mine: v.number(),
});

export const internalNoteShape = v.object({
  id: v.number(),
  kind: v.picklist(['note', 'escalation']),
  officer: officerRef,
  to_officer: v.nullable(officerRef),
  body: v.string(),
  at: v.string(),
});

const requestShape = v.object({
  id: v.number(),
  officer: officerRef,
  asked_at: v.string(),
  answer_by: v.string(),
  reasons: v.array(reasonTextShape),
  message: nullableString,
  documents: v.array(v.picklist(REQUESTABLE_DOCUMENTS)),
  fields: v.array(v.picklist(CORRECTABLE_FIELDS)),
  answered_at: nullableString,
  answer: v.nullable(
    v.object({
      fields: v.record(v.string(), v.object({ before: v.unknown(), after: v.unknown() })),
      documents: v.array(v.string()),
    }),
  ),
});

export const officerDetailShape = v.object({
  ...applicationDetailShape.entries,
  account: v.object({
    id: v.number(),
    email: v.string(),
    phone_number: nullableString,
    id_card: nullableString,
    first_name: v.string(),
    last_name: v.string(),
    language: v.picklist(['en', 'lo']),
    created_at: v.string(),
  }),
  id_card_image_path: nullableString,
  history: v.array(
    v.object({
      id: v.number(),
      from_status: v.nullable(status),
      to_status: status,
      from_payment_status: v.nullable(paymentStatus),
      to_payment_status: v.nullable(paymentStatus),
      actor: v.picklist(['citizen', 'officer', 'bank', 'system']),
      actor_email: nullableString,
      notes: nullableString,
      at: v.string(),
    }),
  ),
  actions: v.array(v.picklist(OFFICER_ACTIONS)),
  // The officer's own application: shown, never acted on (no self-approval).
  own_application: v.boolean(),
  officer_role: v.picklist(OFFICER_ROLES),
  claim: v.nullable(claimShape),
  reviewed_by: v.nullable(v.object({ ...officerRef.entries, at: v.string() })),
  may_approve: v.boolean(),
  escalated_to: v.nullable(officerRef),
  information_requests: v.array(requestShape),
  internal_notes: v.array(internalNoteShape),
  revocation_request: v.nullable(v.object({ ...officerRef.entries, at: v.string(), reason: v.string() })),
});

export const actionAnswer = v.object({
  id: v.number(),
  status,
  payment_status: paymentStatus,
  certificate_code: nullableString,
});

export const nonWorkingDayShape = v.object({
  id: v.number(),
  date: v.string(),
  kind: v.picklist(['holiday', 'closure']),
  scope: v.string(),
  name_en: v.string(),
  name_lo: v.string(),
  updated_at: v.string(),
});

export const reasonShape = v.object({
  id: v.number(),
  code: v.string(),
  usage: v.picklist(REASON_USAGES),
  text_en: v.string(),
  text_lo: v.string(),
  action_en: v.string(),
  action_lo: v.string(),
  active: v.boolean(),
});

export const colleagueShape = v.object({ ...officerRef.entries, role: v.picklist(OFFICER_ROLES) });

export const draftShape = v.object({
  draft: v.nullable(
    v.object({
      action: v.optional(v.string()),
      reason_codes: v.optional(v.array(v.string())),
      notes: v.optional(v.string()),
      message: v.optional(v.string()),
      documents: v.optional(v.array(v.string())),
      fields: v.optional(v.array(v.string())),
    }),
  ),
  updated_at: nullableString,
});
