import { MASTER_DATA_CACHE } from '../src/lib/master-data-cache';

export { MASTER_DATA_CACHE };

/**
 * Which master-data answers the worker keeps for offline use: public lists only. The place match
 * (`location/match?address=…`) carries the citizen's own address text in its URL, so neither it
 * nor its answer is ever kept (a kept answer outlives sign-out); the place tree is kept by the page.
 */
const PREFIX = '/api/v1/master-data/';
const NEVER_KEPT = new Set([`${PREFIX}location/match`, `${PREFIX}location/tree`]);

export const isKeptMasterData = (url: URL, origin: string) =>
  url.origin === origin && url.pathname.startsWith(PREFIX) && !NEVER_KEPT.has(url.pathname.replace(/\/+$/, ''));

/** Entries an older worker kept before the rule above: the address texts go at activation. */
export const isPersonalEntry = (url: URL) => url.pathname.replace(/\/+$/, '') === `${PREFIX}location/match`;

/**
 * Warmed when the worker activates, in both languages (the page asks with `?lang=`, one URL per
 * language): a citizen who goes offline before ever opening customer services or "Make payment"
 * still finds the office's contacts and the banks.
 */
export const WARMED_AT_ACTIVATION = [`${PREFIX}support-contacts`, `${PREFIX}bank`];
export const LANGUAGES = ['en', 'lo'] as const;
