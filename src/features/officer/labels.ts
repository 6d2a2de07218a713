import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OfficerAction, OfficerHistoryEntry, OfficerRole, OfficerTask } from '../../../contract/officer';

interface ActionText {
  label: MessageDescriptor;
  /** What happens, said in the confirmation before the officer commits. */
  explain: MessageDescriptor;
  done: MessageDescriptor;
  variant: 'primary' | 'success' | 'danger' | 'secondary';
}

export const ACTIONS: Record<OfficerAction, ActionText> = {
  'verify-payment': {
    label: msg`Verify payment`,
    explain: msg`Confirm that the fee was received for this application. The citizen is told that the payment is confirmed.`,
    done: msg`Payment verified. The citizen has been notified.`,
    variant: 'success',
  },
  'refuse-payment': {
    label: msg`Refuse proof of payment`,
    explain: msg`The proof is removed and the application goes back to pending, so the citizen can upload a new proof. Say what is wrong with it.`,
    done: msg`Proof of payment refused. The application is back to pending and the citizen has been notified.`,
    variant: 'danger',
  },
  'start-review': {
    label: msg`Start review`,
    explain: msg`The application moves to In Validation. From now on the citizen can no longer replace documents.`,
    done: msg`Review started.`,
    variant: 'primary',
  },
  'mark-reviewed': {
    label: msg`Mark as reviewed`,
    explain: msg`You checked the application and recommend approval. A second officer approves it.`,
    done: msg`Marked as reviewed. It waits for a second officer's approval.`,
    variant: 'primary',
  },
  'request-information': {
    label: msg`Ask the citizen`,
    explain: msg`The citizen is asked to send a document again or correct fields. The clock stops until they answer.`,
    done: msg`The citizen has been asked. The application waits for their answer.`,
    variant: 'secondary',
  },
  'request-revocation': {
    label: msg`Ask for revocation`,
    explain: msg`A second officer must confirm the revocation before the certificate stops being valid. Give the reason.`,
    done: msg`Revocation asked for. It waits for a second officer's confirmation.`,
    variant: 'danger',
  },
  approve: {
    label: msg`Approve`,
    explain: msg`The application is approved and the certificate goes into production. The citizen is notified.`,
    done: msg`Application approved. The certificate can now be issued.`,
    variant: 'success',
  },
  'issue-certificate': {
    label: msg`Issue certificate`,
    explain: msg`The certificate is issued with a unique verification code. The citizen can download it or book a pick-up.`,
    done: msg`Certificate issued. The citizen has been notified.`,
    variant: 'success',
  },
  reject: {
    label: msg`Reject application`,
    explain: msg`The application is rejected and cannot be continued; the citizen may apply again. Say why: the citizen reads it.`,
    done: msg`Application rejected. The citizen has been notified.`,
    variant: 'danger',
  },
  'mark-picked-up': {
    label: msg`Mark as picked up`,
    explain: msg`Confirm that the citizen picked up the certificate at the office.`,
    done: msg`Certificate marked as picked up.`,
    variant: 'primary',
  },
  revoke: {
    label: msg`Revoke certificate`,
    explain: msg`The certificate stops being valid: its verification page says revoked, the PDF can no longer be downloaded, and the citizen is told and may apply again. Give the reason: it is kept on record and the citizen reads it.`,
    done: msg`Certificate revoked. The citizen has been notified.`,
    variant: 'danger',
  },
};

export const ROLES: Record<OfficerRole, MessageDescriptor> = {
  cashier: msg`Cashier`,
  reviewer: msg`Reviewer`,
  approver: msg`Approver`,
  issuer: msg`Issuer`,
  admin: msg`Administrator`,
};

export const ACTORS: Record<OfficerHistoryEntry['actor'], MessageDescriptor> = {
  citizen: msg`Citizen`,
  officer: msg`Officer`,
  bank: msg`Bank`,
  system: msg`System`,
};

/** Each queue: its tab's name and what an empty queue says. */
export const TASKS: Record<OfficerTask, { label: MessageDescriptor; empty: MessageDescriptor }> = {
  payments: { label: msg`Payments to check`, empty: msg`No proof of payment waits to be checked.` },
  review: { label: msg`To review`, empty: msg`No application waits for review.` },
  approval: { label: msg`To approve`, empty: msg`No reviewed application waits for approval.` },
  issue: { label: msg`To issue`, empty: msg`No approved application waits for its certificate.` },
  pickups: { label: msg`Pick-ups`, empty: msg`Nobody booked a pick-up on this day.` },
  waiting: { label: msg`Waiting on the citizen`, empty: msg`No application waits on a citizen.` },
};

/** The officer's day's refusals, in words that say what to do next (errorMessage's own codes). */
export const OFFICER_ERRORS: Record<string, MessageDescriptor> = {
  claimed_by_other: msg`Another officer holds this case now. Nothing was changed: take the next case.`,
  queue_empty: msg`This queue is empty: there is no case to take.`,
  four_eyes: msg`You reviewed this application, so another officer must approve it. It stays in the approval queue.`,
  reason_required: msg`Choose at least one reason from the list.`,
  request_not_open: msg`The citizen has already answered, or the question was closed.`,
  nothing_requested: msg`Choose at least one document to send again or one field to correct.`,
  forbidden: msg`Your role may not do this. Ask an officer who may.`,
};

/** The actions that end the officer's part of a case: the next case of the queue opens after them. */
export const MOVES_ON: readonly OfficerAction[] = [
  'verify-payment',
  'refuse-payment',
  'mark-reviewed',
  'approve',
  'issue-certificate',
  'reject',
  'request-information',
  'mark-picked-up',
  'request-revocation',
  'revoke',
];

/** The one action a state asks for first; the others are offered more quietly. */
export const PRIMARY_ORDER: readonly OfficerAction[] = [
  'verify-payment',
  'start-review',
  'mark-reviewed',
  'approve',
  'issue-certificate',
  'mark-picked-up',
  'revoke',
];
