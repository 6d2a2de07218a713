/** The key of the outbox's copy of the session in OUTBOX_ENTRIES (src/lib/device-stores.ts), apart from the entries. */
export const OUTBOX_SESSION_KEY = '#session';
