import { i18n, type Messages } from '@lingui/core';
import type { Language } from '../../contract/master-data';
import { chooseLanguage, LANGUAGE_COOKIE } from '../../contract/prerendered-pages';

export const LANGUAGE_KEY = 'language';

/**
 * docs/decisions.md#default-language: the stored choice wins; otherwise Lao when the browser
 * prefers Lao; else English.
 */
export function initialLanguage(): Language {
  return chooseLanguage(
    localStorage.getItem(LANGUAGE_KEY),
    navigator.languages?.length ? navigator.languages : [navigator.language],
  );
}

// Each catalogue comes in parts (scripts/catalogue-parts.ts): the words a visitor can see, those
// of the registration screens, of the receiver's checks, of a citizen's signed-in screens, and the back office's; all
// but the first are fetched only once one of those areas opens.
const VISITOR_PART = {
  en: () => import('../../locales/en.po?part=visitor'),
  lo: () => import('../../locales/lo.po?part=visitor'),
};
const REGISTRATION_PART = {
  en: () => import('../../locales/en.po?part=registration'),
  lo: () => import('../../locales/lo.po?part=registration'),
};
const VERIFY_PART = {
  en: () => import('../../locales/en.po?part=verify'),
  lo: () => import('../../locales/lo.po?part=verify'),
};
const SIGNED_IN_PART = {
  en: () => import('../../locales/en.po?part=signed-in'),
  lo: () => import('../../locales/lo.po?part=signed-in'),
};
const BACK_OFFICE_PART = {
  en: () => import('../../locales/en.po?part=back-office'),
  lo: () => import('../../locales/lo.po?part=back-office'),
};
/** The parts loaded so far besides the visitor's: a change of language loads them again. */
const loaded = new Set<typeof REGISTRATION_PART>();

async function catalogue(locale: Language): Promise<Messages> {
  const parts = await Promise.all([VISITOR_PART, ...loaded].map((part) => part[locale]()));
  return Object.assign({}, ...parts.map((part) => part.messages));
}

async function loadPart(part: typeof REGISTRATION_PART): Promise<void> {
  if (loaded.has(part)) return;
  loaded.add(part);
  const locale = currentLanguage();
  const { messages } = await part[locale]();
  i18n.load(locale, messages);
}

/** Loads the language's catalogue on demand (its own small chunks) and switches to it. */
export async function activateLanguage(locale: Language, persist = false): Promise<void> {
  i18n.loadAndActivate({ locale, messages: await catalogue(locale) });
  document.documentElement.lang = locale;
  if (persist) localStorage.setItem(LANGUAGE_KEY, locale);
  // The server and the service worker cannot read localStorage: a cookie mirrors the stored choice
  // so the first HTML of the next visit is already in that language (contract/prerendered-pages.ts).
  if (localStorage.getItem(LANGUAGE_KEY) === locale) {
    document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  }
}

/** Starts downloading the signed-in words without using them yet: a signed-in first screen needs them next. */
export function prefetchSignedInWords(locale: Language): void {
  SIGNED_IN_PART[locale]().catch(() => undefined);
}

/** The words of the signed-in and back-office screens; their guards await it before drawing. */
export const loadSignedInWords = () => loadPart(SIGNED_IN_PART);

/** The words of the back office (with the signed-in words it shares); its guards await it. */
export const loadBackOfficeWords = () =>
  Promise.all([loadPart(SIGNED_IN_PART), loadPart(BACK_OFFICE_PART)]).then(() => undefined);

/** The words of the registration screens; their guard awaits it before drawing. */
export const loadRegistrationWords = () => loadPart(REGISTRATION_PART);

/** The words of the receiver's checks (a certificate's QR, a wallet's presentation); their routes await it. */
export const loadVerifyWords = () => loadPart(VERIFY_PART);

export function currentLanguage(): Language {
  return i18n.locale === 'lo' ? 'lo' : 'en';
}

export { i18n };
