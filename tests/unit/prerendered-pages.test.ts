import { describe, expect, it } from 'vitest';
import { chooseLanguage, languageFromCookieHeader, pageFileFor } from '../../contract/prerendered-pages';

describe('which prerendered page answers a navigation', () => {
  it('gives each public screen its file in the language, and the app shell to everything else', () => {
    expect(pageFileFor('/', 'lo')).toBe('/pages/landing.lo.html');
    expect(pageFileFor('/login', 'en')).toBe('/pages/login.en.html');
    expect(pageFileFor('/register', 'lo')).toBe('/pages/register.lo.html');
    expect(pageFileFor('/verify/AB12-CD34', 'en')).toBe('/pages/verify.en.html');
    expect(pageFileFor('/verify/a/b', 'en')).toBe('/index.html');
    // The signed-in home's frame, drawn afresh by the app.
    expect(pageFileFor('/home', 'lo')).toBe('/pages/home.lo.html');
    expect(pageFileFor('/account', 'lo')).toBe('/index.html');
    expect(pageFileFor('/faq', 'lo')).toBe('/index.html');
    expect(pageFileFor('/register/otp', 'en')).toBe('/index.html');
  });

  it('follows the default-language decision: the stored choice, else Lao when the browser prefers it, else English', () => {
    expect(chooseLanguage('en', 'lo-LA,lo;q=0.9')).toBe('en');
    expect(chooseLanguage(undefined, 'fr-FR,lo;q=0.5')).toBe('lo');
    expect(chooseLanguage(undefined, 'en-US,lo;q=0')).toBe('en');
    expect(chooseLanguage(undefined, 'long-X')).toBe('en');
    expect(chooseLanguage(null, ['th-TH', 'lo'])).toBe('lo');
    expect(chooseLanguage('xx', undefined)).toBe('en');
  });

  it('reads the language cookie', () => {
    expect(languageFromCookieHeader('a=1; language=lo; b=2')).toBe('lo');
    expect(languageFromCookieHeader('xlanguage=lo')).toBeUndefined();
    expect(languageFromCookieHeader(undefined)).toBeUndefined();
  });
});
