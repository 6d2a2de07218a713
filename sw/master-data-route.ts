/**
 * Which master-data answers the worker keeps for offline use: public lists only. The place match
 * (`location/match?address=…`) carries the citizen's own address text in its URL, so neither it
 * nor its answer is ever kept (a kept answer outlives sign-out); the place tree is kept by the page.
 */
export const MASTER_DATA_CACHE = 'master-data';
const PREFIX = '/api/v1/master-data/';
const NEVER_KEPT = new Set([`${PREFIX}location/match`, `${PREFIX}location/tree`]);

export const isKeptMasterData = (url: URL, origin: string) =>
  url.origin === origin && url.pathname.startsWith(PREFIX) && !NEVER_KEPT.has(url.pathname.replace(/\/+$/, ''));

/** Entries an older worker kept before the rule above: the address texts go at activation. */
export const isPersonalEntry = (url: URL) => url.pathname.replace(/\/+$/, '') === `${PREFIX}location/match`;
