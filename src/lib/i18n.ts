import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Language } from '../../contract/master-data';

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
  // The tab, the task switcher and screen readers name the app in the chosen language too.
  document.title = i18n._(msg`Lao e-Government`);
  if (persist) localStorage.setItem(LANGUAGE_KEY, locale);
}

export function currentLanguage(): Language {
  return i18n.locale === 'lo' ? 'lo' : 'en';
}

export { i18n };
