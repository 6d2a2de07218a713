import * as v from 'valibot';
import type { ApplicationDetail } from './application';
import { FieldError } from './rules';
import { ALL_STATUSES, type PaymentStatus, type Status } from './status';

/**
 * The officer back office (docs/decisions.md#the-api-and-the-back-office-are-ours): queue, detail
 * and the actions of the status machine.
 */

export const OFFICER_PAGE_SIZE = 20;
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
  'approve',
  'issue-certificate',
  'reject',
  'mark-picked-up',
  'revoke',
] as const;
export type OfficerAction = (typeof OFFICER_ACTIONS)[number];
/** Actions whose notes are required (the citizen reads them; a revocation's reason is on record). */
export const NOTES_REQUIRED: readonly OfficerAction[] = ['refuse-payment', 'reject', 'revoke'];

/**
 * Separate duties, as a real office has them: the cashier checks money, the reviewer decides, the
 * issuer hands out (and withdraws) certificates; an admin does all of it and manages officers.
 */
export const OFFICER_ROLES = ['cashier', 'reviewer', 'issuer', 'admin'] as const;
export type OfficerRole = (typeof OFFICER_ROLES)[number];
export const ROLE_ACTIONS: Record<OfficerRole, readonly OfficerAction[]> = {
  cashier: ['verify-payment', 'refuse-payment'],
  reviewer: ['start-review', 'approve', 'reject'],
  issuer: ['issue-certificate', 'mark-picked-up', 'revoke'],
  admin: OFFICER_ACTIONS,
};
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
  history: OfficerHistoryEntry[];
  /** What this application's state and the signed-in officer's role allow now. */
  actions: OfficerAction[];
  /** The signed-in officer's role. */
  officer_role: OfficerRole;
  /** The officer applied for this themselves: they may look, but not act on it. */
  own_application: boolean;
  /** Set once the certificate was revoked. */
  revocation: { at: string; reason: string } | null;
}

/** The actions the state of an application allows (the server re-checks each in its transaction). */
export function availableActions(
  status: Status,
  paymentStatus: PaymentStatus,
  hasProof: boolean,
  revoked = false,
): OfficerAction[] {
  const out: OfficerAction[] = [];
  if (status === 'waiting for approve' && paymentStatus === 'unpaid') {
    if (hasProof) out.push('verify-payment', 'refuse-payment');
  }
  if (status === 'waiting for approve' && paymentStatus === 'paid') out.push('start-review');
  if (status === 'in validation') out.push('approve');
  if (status === 'waiting for certificate issued') out.push('issue-certificate');
  if (status === 'waiting to pickup') out.push('mark-picked-up');
  if (status === 'pending' || status === 'waiting for approve' || status === 'in validation') out.push('reject');
  if (!revoked && (status === 'certificate issued' || status === 'waiting to pickup' || status === 'picked up'))
    out.push('revoke');
  return out;
}
