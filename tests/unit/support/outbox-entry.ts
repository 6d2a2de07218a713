import { newEntry, type OutboxEntry } from '../../../src/lib/outbox/entry';

/** A waiting proof-of-payment entry of 'alice' for application 7, as the outbox stores one; `over` changes it. */
export function outboxEntry(over: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    ...newEntry({
      owner: 'alice',
      kind: 'upload-payment',
      path: '/v1/citizen/resident-certificate/7/upload-payment',
      idempotencyKey: crypto.randomUUID(),
      applicationId: 7,
      detail: {},
    }),
    ...over,
  };
}
