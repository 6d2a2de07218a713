import { i18n } from '@lingui/core';
import type { Language } from '../../contract/master-data';
import { LANGUAGE_COOKIE } from '../../contract/prerendered-pages';

export const LANGUAGE_KEY = 'language';
export const FALLBACK_LOCALE: Language = 'en';

/** DECISIONS §2: the stored choice wins; otherwise Lao when the browser prefers Lao; else English. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (stored === 'en' || stored === 'lo') return stored;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  return preferred.some((l) => l?.toLowerCase().startsWith('lo')) ? 'lo' : FALLBACK_LOCALE;
}

/** Loads one catalogue on demand (each language is its own small chunk) and switches to it. */
export async function activateLanguage(locale: Language, persist = false): Promise<void> {
  const { messages } = locale === 'lo' ? await import('../../locales/lo.po') : await import('../../locales/en.po');
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  if (persist) localStorage.setItem(LANGUAGE_KEY, locale);
  // The server and the service worker cannot read localStorage: a cookie mirrors the stored choice
  // so the first HTML of the next visit is already in that language (contract/prerendered-pages.ts).
  if (localStorage.getItem(LANGUAGE_KEY) === locale) {
    document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  }
}

export function currentLanguage(): Language {
  return i18n.locale === 'lo' ? 'lo' : 'en';
}

export { i18n };
