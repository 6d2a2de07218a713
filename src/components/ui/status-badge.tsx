import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import { PaymentStatus, Status } from '../../../contract/status';
import styles from './status-badge.module.css';

type Tone = 'neutral' | 'info' | 'progress' | 'success' | 'warning' | 'danger';

/** One sentence-case label for each API status (the spec's mixed casing replaced), with one colour per status. */
const STATUS: Record<string, { label: MessageDescriptor; tone: Tone }> = {
  [Status.pending]: { label: msg`Pending`, tone: 'warning' },
  [Status.waitingForApprove]: { label: msg`Waiting for approval`, tone: 'info' },
  [Status.inValidation]: { label: msg`In validation`, tone: 'progress' },
  // The citizen's turn: yellow like "pending", a thing to do, never red.
  [Status.informationRequested]: { label: msg`Information requested`, tone: 'warning' },
  [Status.approved]: { label: msg`Application approved`, tone: 'success' },
  [Status.waitingForCertificate]: { label: msg`Waiting for certificate`, tone: 'progress' },
  [Status.certificateIssued]: { label: msg`Certificate issued`, tone: 'success' },
  [Status.waitingToPickup]: { label: msg`Waiting to be picked up`, tone: 'info' },
  [Status.pickedUp]: { label: msg`Picked up`, tone: 'neutral' },
  [Status.rejected]: { label: msg`Rejected`, tone: 'danger' },
};

const PAYMENT: Record<string, { label: MessageDescriptor; tone: Tone }> = {
  [PaymentStatus.paid]: { label: msg`Paid`, tone: 'success' },
  [PaymentStatus.unpaid]: { label: msg`Unpaid`, tone: 'warning' },
};

function Badge({ tone, children }: { tone: Tone; children: React.ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}

/**
 * A proof of payment sent and not yet confirmed: "waiting for approval" beside "unpaid" read as a
 * failure, so the citizen's screens say this instead of both.
 */
const PAYMENT_BEING_CHECKED = { label: msg`Payment being checked`, tone: 'info' } as const;

/** True while an officer checks the citizen's proof of payment (sent, not yet confirmed). */
export const paymentBeingChecked = (status: string, paymentStatus: string | undefined) =>
  status === Status.waitingForApprove && paymentStatus === PaymentStatus.unpaid;

/**
 * The application's status. Given the payment status too (the citizen's screens), an application
 * whose proof of payment is being checked says so in one badge.
 */
export function StatusBadge({ status, paymentStatus }: { status: string; paymentStatus?: string }) {
  const { i18n } = useLingui();
  const known = paymentBeingChecked(status, paymentStatus) ? PAYMENT_BEING_CHECKED : STATUS[status];
  return <Badge tone={known?.tone ?? 'neutral'}>{known ? i18n._(known.label) : status}</Badge>;
}

/** paid is green, unpaid yellow, anything else grey (docs/specification.md#statuses-as-shown). */
export function PaymentStatusBadge({ status, beingChecked }: { status: string; beingChecked?: boolean }) {
  const { i18n } = useLingui();
  const known = beingChecked ? PAYMENT_BEING_CHECKED : PAYMENT[status];
  return <Badge tone={known?.tone ?? 'neutral'}>{known ? i18n._(known.label) : status}</Badge>;
}
