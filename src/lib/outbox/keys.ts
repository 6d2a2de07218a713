/** Where the outbox lives in IndexedDB: shared by the page, the service worker and the sign-out cleanup. */
export const OUTBOX_DB = 'rc-outbox';
export const OUTBOX_STORE = 'entries';
export const OUTBOX_SESSION_KEY = '#session';
