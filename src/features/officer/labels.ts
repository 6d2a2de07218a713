import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OfficerAction, OfficerHistoryEntry, OfficerRole } from '../../../contract/officer';
import { Status } from '../../../contract/status';

/** The statuses an officer filters by, with the display labels of the specification. */
export const STATUS_FILTERS: { status: Status; label: MessageDescriptor }[] = [
  { status: Status.pending, label: msg`Pending` },
  { status: Status.waitingForApprove, label: msg`Waiting for approval` },
  { status: Status.inValidation, label: msg`In validation` },
  { status: Status.informationRequested, label: msg`Information requested` },
  { status: Status.waitingForCertificate, label: msg`Waiting for certificate` },
  { status: Status.certificateIssued, label: msg`Certificate issued` },
  { status: Status.waitingToPickup, label: msg`Waiting to be picked up` },
  { status: Status.pickedUp, label: msg`Picked up` },
  { status: Status.rejected, label: msg`Rejected` },
];

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
