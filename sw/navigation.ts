/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching';
import type { RouteHandlerCallback } from 'workbox-core';
import { chooseLanguage, LANGUAGE_COOKIE, pageFileFor } from '../contract/prerendered-pages';

declare let self: ServiceWorkerGlobalScope & { cookieStore?: { get(name: string): Promise<{ value: string } | null> } };

/** The stored language choice, mirrored by the page in a cookie (the worker cannot read localStorage). */
async function storedLanguage(): Promise<string | undefined> {
  try {
    return (await self.cookieStore?.get(LANGUAGE_COOKIE))?.value;
  } catch {
    return undefined;
  }
}

/**
 * Navigations are answered from the precache, online and offline, with the same rule as the server
 * (contract/prerendered-pages.ts): a public screen's page rendered at build time in the citizen's
 * language — the stored choice, else the browser's languages — and the app shell for every other
 * path. The network is asked only if the precache lacks the file (an update being installed).
 */
export const prerenderedNavigation: RouteHandlerCallback = async ({ request, url }) => {
  const language = chooseLanguage(await storedLanguage(), self.navigator.languages);
  const file = pageFileFor(url.pathname, language);
  return (await matchPrecache(file)) ?? (await matchPrecache('/index.html')) ?? fetch(request);
};
