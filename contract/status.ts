/**
 * The application status machine (docs/decisions.md#the-application-status-machine). API values are
 * these lowercase strings; the client maps each to its display label. Only the transitions listed
 * here are allowed.
 */
export const Status = {
  pending: 'pending',
  waitingForApprove: 'waiting for approve',
  inValidation: 'in validation',
  /** An officer asked the citizen for a document again or for fields to be corrected; the clock stops. */
  informationRequested: 'information requested',
  approved: 'application approved',
  waitingForCertificate: 'waiting for certificate issued',
  certificateIssued: 'certificate issued',
  waitingToPickup: 'waiting to pickup',
  pickedUp: 'picked up',
  rejected: 'rejected',
} as const;
export type Status = (typeof Status)[keyof typeof Status];
export const ALL_STATUSES = Object.values(Status) as Status[];

export const PaymentStatus = { unpaid: 'unpaid', paid: 'paid' } as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

export const TRANSITIONS: Record<Status, readonly Status[]> = {
  [Status.pending]: [Status.waitingForApprove, Status.rejected],
  [Status.waitingForApprove]: [Status.inValidation, Status.pending, Status.rejected],
  [Status.inValidation]: [Status.approved, Status.informationRequested, Status.rejected],
  // The citizen answered (back to the review queue), or did not answer in time.
  [Status.informationRequested]: [Status.inValidation, Status.rejected],
  [Status.approved]: [Status.waitingForCertificate],
  [Status.waitingForCertificate]: [Status.certificateIssued],
  [Status.certificateIssued]: [Status.waitingToPickup],
  [Status.waitingToPickup]: [Status.waitingToPickup, Status.pickedUp],
  [Status.pickedUp]: [],
  [Status.rejected]: [],
};

export function canTransition(from: Status, to: Status): boolean {
  return TRANSITIONS[from]?.includes(to) ?? false;
}

/** Statuses whose card opens the certificate screen rather than the detail. */
export const CERTIFICATE_READY: readonly Status[] = [Status.certificateIssued, Status.waitingToPickup];
