import * as v from 'valibot';
import { CORRECTABLE_FIELDS, REQUESTABLE_DOCUMENTS, type ApplicationDetail } from './application';
import { FieldError } from './rules';
import { ALL_STATUSES, type PaymentStatus, type Status } from './status';
import type { ClockView } from './working-days';
import type { ClaimView, InternalNote, OfficerInformationRequest, OfficerRef } from './officer-day';

/**
 * The officer back office (docs/decisions.md#the-api-and-the-back-office-are-ours): queue, detail
 * and the actions of the status machine.
 */

export const OFFICER_PAGE_SIZE = 20;
/** A queue's or a search's total is counted up to this many; past it the page says "more than". */
export const QUEUE_COUNT_CEILING = 1000;
export const NOTES_MAX = 500;

export const officerQueueQuery = v.object({
  status: v.optional(v.picklist(ALL_STATUSES, 'invalid_status')),
  /** Ticket number, applicant or account name, or ID card number. */
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, FieldError.tooLong))),
  page: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'invalid_page'), v.transform(Number), v.minValue(1, 'invalid_page')),
    '1',
  ),
});

const notesText = v.pipe(
  v.string(FieldError.required),
  v.trim(),
  v.nonEmpty(FieldError.required),
  v.maxLength(NOTES_MAX, FieldError.tooLong),
);

/** Refusing a proof or rejecting an application: the citizen must be told why. */
export const requiredNotesBody = v.object({ notes: notesText });
/** Other actions: a note for the record is welcome but not needed. */
export const optionalNotesBody = v.object({
  notes: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(NOTES_MAX, FieldError.tooLong))),
});

export const OFFICER_ACTIONS = [
  'verify-payment',
  'refuse-payment',
  'start-review',
  /** The reviewer's decision: checked, approval recommended (the first pair of eyes). */
  'mark-reviewed',
  /** The second pair of eyes: never the officer who reviewed it. */
  'approve',
  'issue-certificate',
  'reject',
  /** Ask the citizen for documents again or fields corrected instead of rejecting; the clock stops. */
  'request-information',
  'mark-picked-up',
  /** The first officer asks for a revocation … */
  'request-revocation',
  /** … and a second officer confirms it. */
  'revoke',
] as const;
export type OfficerAction = (typeof OFFICER_ACTIONS)[number];
/** Actions whose notes are required (the citizen reads them; a revocation's reason is on record). */
export const NOTES_REQUIRED: readonly OfficerAction[] = ['refuse-payment', 'reject', 'request-revocation'];

/**
 * Separate duties, as a real office has them: the cashier checks money, the reviewer checks the
 * case, the approver decides on what a reviewer checked (four eyes), the issuer hands out (and
 * withdraws) certificates; an admin (the office's lead) does all of it and manages officers, the
 * calendar and the reasons — and is held to four eyes like everyone.
 */
export const OFFICER_ROLES = ['cashier', 'reviewer', 'approver', 'issuer', 'admin'] as const;
export type OfficerRole = (typeof OFFICER_ROLES)[number];
export const ROLE_ACTIONS: Record<OfficerRole, readonly OfficerAction[]> = {
  cashier: ['verify-payment', 'refuse-payment'],
  reviewer: ['start-review', 'mark-reviewed', 'request-information', 'reject'],
  approver: ['approve', 'request-information', 'reject'],
  issuer: ['issue-certificate', 'mark-picked-up', 'request-revocation', 'revoke'],
  admin: OFFICER_ACTIONS,
};

/**
 * Queues by task: each role opens on its own work (docs/decisions.md#queues-by-task).
 * - payments: a proof of payment waits to be checked;
 * - review: paid, not yet reviewed (waiting for approve + paid, or in validation without a review);
 * - approval: reviewed, waiting for a second officer's approval;
 * - issue: approved, the certificate to issue;
 * - pickups: booked for a pick-up on the day asked (today by default);
 * - waiting: waiting on the citizen (information requested) — to follow, not to act on.
 */
export const OFFICER_TASKS = ['payments', 'review', 'approval', 'issue', 'pickups', 'waiting'] as const;
export type OfficerTask = (typeof OFFICER_TASKS)[number];
export const ROLE_TASKS: Record<OfficerRole, readonly OfficerTask[]> = {
  cashier: ['payments'],
  reviewer: ['review', 'waiting'],
  approver: ['approval', 'waiting'],
  issuer: ['issue', 'pickups'],
  admin: OFFICER_TASKS,
};
/** A claim lapses after this long without activity by its holder. */
export const CLAIM_MINUTES = 15;
export const roleAllows = (role: OfficerRole, action: OfficerAction) => ROLE_ACTIONS[role].includes(action);

export interface OfficerQueueItem {
  id: number;
  ticket_number: string;
  applicant_name: string;
  status: Status;
  payment_status: PaymentStatus;
  applied_on: string;
  deadline: string;
}

export interface OfficerQueue {
  items: OfficerQueueItem[];
  total: number;
  /** True when more match than `total` (QUEUE_COUNT_CEILING): the count stops there. */
  total_capped: boolean;
  page: number;
  page_size: number;
}

export interface OfficerHistoryEntry {
  id: number;
  from_status: Status | null;
  to_status: Status;
  from_payment_status: PaymentStatus | null;
  to_payment_status: PaymentStatus | null;
  actor: 'citizen' | 'officer' | 'bank' | 'system';
  actor_email: string | null;
  notes: string | null;
  at: string;
}

export interface OfficerApplicationDetail extends ApplicationDetail {
  account: {
    id: number;
    email: string;
    phone_number: string | null;
    id_card: string | null;
    first_name: string;
    last_name: string;
    language: 'en' | 'lo';
    created_at: string;
  };
  /**
   * The ID-card image the account holder gave at registration (kept once their e-mail was verified),
   * to compare with the applicant data at a glance; null when the account has none.
   */
  id_card_image_path: string | null;
  history: OfficerHistoryEntry[];
  /** What this application's state, the claim, four eyes and the signed-in officer's role allow now. */
  actions: OfficerAction[];
  /** The signed-in officer's role. */
  officer_role: OfficerRole;
  /** The officer applied for this themselves: they may look, but not act on it. */
  own_application: boolean;
  /** Set once the certificate was revoked. */
  revocation: { at: string; reason: string } | null;
  /** Who works the case now (null: nobody, or the claim lapsed). */
  claim: ClaimView | null;
  /** The officer who reviewed it (recommended approval), once reviewed. */
  reviewed_by: (OfficerRef & { at: string }) | null;
  /** Four eyes: the signed-in officer may approve (reviewed, by someone else, and their role approves). */
  may_approve: boolean;
  /** The senior officer the case was escalated to. */
  escalated_to: OfficerRef | null;
  /** Every request to the citizen, oldest first, with the answers. */
  information_requests: OfficerInformationRequest[];
  /** Notes between officers and escalations, oldest first; never shown to the citizen. */
  internal_notes: InternalNote[];
  /** A revocation asked for and waiting for a second officer's confirmation. */
  revocation_request: (OfficerRef & { at: string; reason: string }) | null;
}

/** What availableActions needs to know of an application beyond its status. */
export interface ActionState {
  hasProof: boolean;
  revoked: boolean;
  /** Reviewed (by anyone): the case waits for approval. */
  reviewed: boolean;
  /** A revocation was asked for and waits for a second officer. */
  revocationRequested: boolean;
}

/**
 * The actions the state of an application allows (the server re-checks each in its transaction,
 * and filters by the officer's role, the claim and four eyes).
 */
export function availableActions(status: Status, paymentStatus: PaymentStatus, state: ActionState): OfficerAction[] {
  const out: OfficerAction[] = [];
  if (status === 'waiting for approve' && paymentStatus === 'unpaid') {
    if (state.hasProof) out.push('verify-payment', 'refuse-payment');
  }
  if (status === 'waiting for approve' && paymentStatus === 'paid') out.push('start-review');
  if (status === 'in validation') out.push(state.reviewed ? 'approve' : 'mark-reviewed', 'request-information');
  if (status === 'waiting for certificate issued') out.push('issue-certificate');
  if (status === 'waiting to pickup') out.push('mark-picked-up');
  if (
    status === 'pending' ||
    status === 'waiting for approve' ||
    status === 'in validation' ||
    status === 'information requested'
  )
    out.push('reject');
  if (!state.revoked && (status === 'certificate issued' || status === 'waiting to pickup' || status === 'picked up'))
    out.push(state.revocationRequested ? 'revoke' : 'request-revocation');
  return out;
}

// ── The officer's day: queues by task, claims, reasons, requests to the citizen ──

/** GET /v1/officer/tasks/{task}: search, "mine", at-risk/overdue, and the day for pick-ups. */
export const officerTaskQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, FieldError.tooLong))),
  mine: v.optional(v.picklist(['1', '0'], 'invalid_mine')),
  tone: v.optional(v.picklist(['at-risk', 'overdue'], 'invalid_tone')),
  date: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date'))),
  page: officerQueueQuery.entries.page,
});

/** Who holds a case now (a claim lapses CLAIM_MINUTES after its holder's last activity). */
export interface ClaimHolder {
  id: number;
  name: string;
  email: string;
  expires_at: string;
}

export interface OfficerTaskItem extends OfficerQueueItem {
  clock: ClockView | null;
  claimed_by: ClaimHolder | null;
  /** For the pick-up desk: the booked slot. */
  pickup_date: string | null;
  pickup_time: string | null;
}

export interface OfficerTaskQueue {
  task: OfficerTask;
  items: OfficerTaskItem[];
  total: number;
  /** True when more match than `total` (QUEUE_COUNT_CEILING): the count stops there. */
  total_capped: boolean;
  page: number;
  page_size: number;
}

/** GET /v1/officer/tasks: the signed-in officer's queues with their counts. */
export interface OfficerTaskCount {
  task: OfficerTask;
  total: number;
  at_risk: number;
  overdue: number;
  mine: number;
}

const reasonCodes = v.pipe(
  v.array(v.pipe(v.string(), v.regex(/^[a-z0-9_]{2,40}$/, 'invalid_reason'))),
  v.maxLength(10, FieldError.tooLong),
);

/** POST …/{id}/reject: at least one catalogued reason; notes add to them. */
export const rejectBody = v.object({
  reason_codes: v.pipe(reasonCodes, v.minLength(1, 'reason_required')),
  notes: optionalNotesBody.entries.notes,
});

/** POST …/{id}/request-information: what must change, with at least one catalogued reason. */
export const informationRequestBody = v.pipe(
  v.object({
    reason_codes: v.pipe(reasonCodes, v.minLength(1, 'reason_required')),
    message: optionalNotesBody.entries.notes,
    documents: v.optional(v.array(v.picklist(REQUESTABLE_DOCUMENTS, 'invalid_document')), []),
    fields: v.optional(v.array(v.picklist(CORRECTABLE_FIELDS, 'invalid_field')), []),
  }),
  v.check((b) => b.documents.length + b.fields.length > 0, 'nothing_requested'),
);

/** One reason of the catalogue, as officers pick it and the citizen reads it. */
export interface DecisionReason {
  id: number;
  code: string;
  usage: 'reject' | 'request' | 'both';
  text_en: string;
  text_lo: string;
  action_en: string;
  action_lo: string;
  active: boolean;
}
