import type { Language } from './master-data';

/**
 * The screens rendered to HTML at build time, one file per language (dist/pages/NAME.LANG.html),
 * so a visitor's first paint needs no script. The server and the service worker pick the file for
 * a navigation with the same two rules below; every other path gets the app shell (index.html: a
 * skeleton the app replaces). The signed-in home is a frame (see `frame`). /faq, /term-conditions
 * and /customer-services are signed-in screens in the specification
 * (docs/specification.md#route-groups-and-guards; "anonymous visitors can only register, log in and
 * reset a password"), so a visitor there is sent to /login by the guard: they get the app shell too.
 */
export interface PrerenderedPage {
  /** The route's id in the router (what main.tsx compares before hydrating). */
  routeId: string;
  /** File name under dist/pages/, without language and extension. */
  name: string;
  /** The address rendered at build time. */
  url: string;
  matches(pathname: string): boolean;
  /**
   * A signed-in screen's frame: rendered as a citizen sees it before their own data arrives (the
   * parts every citizen sees alike, skeletons where theirs will be), painted at once, then drawn
   * afresh by the app rather than hydrated.
   */
  frame?: true;
}

const exact = (path: string) => (pathname: string) => pathname === path;

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { routeId: '/_guest/', name: 'landing', url: '/', matches: exact('/') },
  { routeId: '/_guest/login', name: 'login', url: '/login', matches: exact('/login') },
  {
    routeId: '/_guest/register/',
    name: 'register',
    url: '/register',
    matches: (p) => p === '/register' || p === '/register/',
  },
  {
    routeId: '/_guest/forgot-password',
    name: 'forgot-password',
    url: '/forgot-password',
    matches: exact('/forgot-password'),
  },
  // The frame only (header, a skeleton of the answer): the code is read from the address by the app.
  { routeId: '/verify/$code', name: 'verify', url: '/verify/-', matches: (p) => /^\/verify\/[^/]+$/.test(p) },
  // The installed app opens here: its header, services and news paint before any script runs.
  { routeId: '/_auth/home', name: 'home', url: '/home', matches: exact('/home'), frame: true },
];

export const APP_SHELL = '/index.html';

/** The HTML file (a path from the site's root) that answers a navigation to `pathname`. */
export function pageFileFor(pathname: string, language: Language): string {
  const page = PRERENDERED_PAGES.find((p) => p.matches(pathname));
  return page ? `/pages/${page.name}.${language}.html` : APP_SHELL;
}

/** The cookie that mirrors `localStorage.language` so the server (and the service worker) can read it. */
export const LANGUAGE_COOKIE = 'language';

/**
 * docs/decisions.md#default-language: the stored choice wins; otherwise Lao if the preferred
 * languages include Lao, else English. `preferred` is an Accept-Language header or
 * navigator.languages.
 */
export function chooseLanguage(
  stored: string | null | undefined,
  preferred: string | readonly string[] | undefined,
): Language {
  if (stored === 'en' || stored === 'lo') return stored;
  // An Accept-Language entry with q=0 means "not this one".
  const tags =
    typeof preferred === 'string'
      ? preferred
          .split(',')
          .filter((part) => !/;\s*q=0(\.0*)?\s*$/.test(part))
          .map((part) => part.split(';')[0])
      : (preferred ?? []);
  return tags.some((tag) => /^lo(-|$)/i.test(tag.trim())) ? 'lo' : 'en';
}

/** The language cookie's value in a Cookie header, if any. */
export function languageFromCookieHeader(header: string | undefined): string | undefined {
  return header?.match(/(?:^|;\s*)language=(en|lo)(?:;|$)/)?.[1];
}
