import type { OutboxEntry } from '../../../src/lib/outbox/entry';

/** A waiting proof-of-payment entry of 'alice' for application 7, as the outbox stores one; `over` changes it. */
export function outboxEntry(over: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: crypto.randomUUID(),
    owner: 'alice',
    kind: 'upload-payment',
    path: '/v1/citizen/resident-certificate/7/upload-payment',
    idempotencyKey: crypto.randomUUID(),
    createdAt: Date.now(),
    state: 'waiting',
    lease: null,
    attempts: 0,
    lastTriedAt: null,
    maybeReached: false,
    applicationId: 7,
    detail: {},
    resultId: null,
    refusal: null,
    restored: false,
    told: false,
    settledAt: null,
    ...over,
  };
}
