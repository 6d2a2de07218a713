import type { Language } from '../../contract/master-data';
import { slotTime24 } from '../../contract/pickup';
import { currentLanguage } from './i18n';

/**
 * Dates, times and amounts as a citizen reads them: in Vientiane's time zone whatever the phone's
 * setting, in the chosen language's conventions (Lao: 27 ມີນາ 2026, 29.000 ກີບ; English:
 * 27 Mar 2026, LAK 29,000). Without a language, the one the interface shows now.
 */
export const TIME_ZONE = 'Asia/Vientiane';

const localeOf = (language: string): string => (language === 'lo' ? 'lo-LA' : 'en-GB');

/**
 * Some browsers ship without Lao locale data (desktop Chromium builds, older Android WebViews) and
 * would silently format Lao dates the American way. Then Lao conventions are applied by hand:
 * CLDR's Lao month names, day-month-year order, '.' between thousands.
 */
const hasLaoData = () =>
  Intl.DateTimeFormat.supportedLocalesOf(['lo']).length > 0 && Intl.NumberFormat.supportedLocalesOf(['lo']).length > 0;
const LAO_MONTHS = {
  long: ['ມັງກອນ', 'ກຸມພາ', 'ມີນາ', 'ເມສາ', 'ພຶດສະພາ', 'ມິຖຸນາ', 'ກໍລະກົດ', 'ສິງຫາ', 'ກັນຍາ', 'ຕຸລາ', 'ພະຈິກ', 'ທັນວາ'],
  short: ['ມ.ກ.', 'ກ.ພ.', 'ມ.ນ.', 'ມ.ສ.', 'ພ.ພ.', 'ມິ.ຖ.', 'ກ.ລ.', 'ສ.ຫ.', 'ກ.ຍ.', 'ຕ.ລ.', 'ພ.ຈ.', 'ທ.ວ.'],
};
/** CLDR's Lao weekday names, Sunday first (English's order of Intl's 'weekday' part). */
const LAO_WEEKDAYS = ['ວັນອາທິດ', 'ວັນຈັນ', 'ວັນອັງຄານ', 'ວັນພຸດ', 'ວັນພະຫັດ', 'ວັນສຸກ', 'ວັນເສົາ'];
const EN_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface DateFormatter {
  format(date: Date): string;
}

/** British English parts (day month year, 24 h) with the month and the weekday named in Lao. */
export function laoDateFallback(options: Intl.DateTimeFormatOptions): DateFormatter {
  const base = new Intl.DateTimeFormat('en-GB', { ...options, month: options.month ? 'numeric' : undefined });
  const names = options.month === 'long' ? LAO_MONTHS.long : LAO_MONTHS.short;
  return {
    // en-GB pads an all-numeric date ("01/06/2015"); with the month spelt out the day is not padded.
    format: (date) =>
      base
        .formatToParts(date)
        .map((p) =>
          p.type === 'month'
            ? names[Number(p.value) - 1]
            : p.type === 'weekday'
              ? (LAO_WEEKDAYS[EN_WEEKDAYS.indexOf(p.value)] ?? p.value)
              : p.type === 'day' && options.day === 'numeric'
                ? String(Number(p.value))
                : p.value,
        )
        .join('')
        .replace(/\//g, ' '),
  };
}

const formatters = new Map<string, DateFormatter | Intl.NumberFormat>();
function dateFormat(language: string, options: Intl.DateTimeFormatOptions): DateFormatter {
  const key = `d:${language}:${JSON.stringify(options)}`;
  let f = formatters.get(key) as DateFormatter | undefined;
  if (!f)
    formatters.set(
      key,
      (f =
        language === 'lo' && !hasLaoData()
          ? laoDateFallback(options)
          : new Intl.DateTimeFormat(localeOf(language), options)),
    );
  return f;
}
function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n:${language}:${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.NumberFormat | undefined;
  // German separators are Lao's ('.' for thousands, ',' for decimals) when Lao data is missing.
  if (!f)
    formatters.set(
      key,
      (f = new Intl.NumberFormat(language === 'lo' && !hasLaoData() ? 'de-DE' : localeOf(language), options)),
    );
  return f;
}

/** An instant (ISO timestamp) as a date: "27 Mar 2026". */
export function formatDate(iso: string, language: Language | string = currentLanguage()): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : dateFormat(language, { timeZone: TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' }).format(d);
}

/** An instant as date and time: "27 Mar 2026, 14:47". */
export function formatDateTime(iso: string, language: Language | string = currentLanguage()): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : dateFormat(language, {
        timeZone: TIME_ZONE,
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(d);
}

/** A calendar date without a time (birth date, family-book date, pick-up date): never shifted by a zone. */
export function formatCalendarDate(isoDate: string, language: Language | string = currentLanguage()): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  return dateFormat(language, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/**
 * A day close at hand, with its weekday and without the year: "Tuesday 14 April" / "ວັນອັງຄານ 14 ເມສາ"
 * (when a decision is due, when an answer is asked by). A calendar date (YYYY-MM-DD) is never
 * shifted; an instant is read as its Vientiane day.
 */
export function formatDay(isoDate: string, language: Language | string = currentLanguage()): string {
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(isoDate);
  const d = new Date(calendar ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(d.getTime())) return isoDate;
  return dateFormat(language, {
    timeZone: calendar ? 'UTC' : TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(d);
}

/** A calendar month: "November 2026" / "ພະຈິກ 2026" (the pick-up calendar's heading). */
export function formatMonthYear(isoDate: string, language: Language | string = currentLanguage()): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  return dateFormat(language, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/**
 * Whole kip with the language's separators. English: "LAK 29,000", the code first. Lao: "29.000 ກີບ",
 * the amount then the word, as the banks' apps write it — the screen a citizen compares it with.
 */
export function formatMoney(amount: number, language: Language | string = currentLanguage(), currency = 'LAK'): string {
  const figure = numberFormat(language, { maximumFractionDigits: 0 }).format(amount);
  if (language.startsWith('lo')) return `${figure} ${currency === 'LAK' ? 'ກີບ' : currency}`;
  return `${currency} ${figure}`;
}

/** File sizes for pickers: "850 KB", "2.4 MB". */
export function formatFileSize(bytes: number, language: Language | string = currentLanguage()): string {
  if (bytes < 1024 * 1024)
    return `${numberFormat(language, { maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)))}\u00a0KB`;
  return `${numberFormat(language, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))}\u00a0MB`;
}

/** Seconds left → "HH:MM:SS", never below zero (the payment countdown). */
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.floor(msLeft / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Today's date in Vientiane as YYYY-MM-DD (the `max` of birth-date pickers, the default pick-up date). */
export function todayInVientiane(now = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** "10100000000123" → "1010 0000 0001 23": easier to read out and type at an ATM. */
export function formatAccountNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A pick-up slot ("01:30 PM", the API's form) as read in the chosen language: Lao uses the 24-hour clock. */
export function formatSlotTime(time: string, language: Language | string = currentLanguage()): string {
  return language.startsWith('lo') ? slotTime24(time) : time;
}

/** A byte count in megabytes with one decimal: "2.4" (English), "2,4" (Lao). */
export function formatMegabytes(bytes: number, language: Language | string = currentLanguage()): string {
  return numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1_000_000);
}
