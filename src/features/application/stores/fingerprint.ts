/** Moved to src/lib/fingerprint.ts (the outbox and the offline data use it too); kept for older imports. */
export { fingerprint } from '../../../lib/fingerprint';
