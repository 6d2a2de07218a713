import * as v from 'valibot';
import { FieldError, isoDate } from './rules';

/**
 * Figures a ministry steers by (docs/decisions.md#office-figures), for an office, a province or the
 * whole country over a chosen period of Vientiane days. Each figure is a total and a series by
 * day, week or month (as the period's length asks), so it reads as a number and a small chart.
 */

/** 'country', 'province:<id>' or 'district:<id>' (a district office). */
export const FIGURES_SCOPE = /^(country|province:\d{1,9}|district:\d{1,9})$/;
/** A year and a day at most: longer periods are asked year by year. */
export const FIGURES_MAX_DAYS = 366;

export const figuresQuery = v.pipe(
  v.object({
    scope: v.optional(v.pipe(v.string(), v.regex(FIGURES_SCOPE, 'invalid_scope'))),
    from: isoDate,
    to: isoDate,
    /** The language of the CSV's labels (the JSON carries both). */
    lang: v.optional(v.picklist(['en', 'lo'])),
  }),
  v.forward(
    v.check((q) => q.from <= q.to, 'period_reversed'),
    ['to'],
  ),
  v.forward(
    v.check(
      (q) => (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < FIGURES_MAX_DAYS,
      FieldError.tooLong,
    ),
    ['to'],
  ),
);
export type FiguresQuery = v.InferOutput<typeof figuresQuery>;

/**
 * The figures, in the order the screen and the CSV show them. Shares are 0–1, days are working
 * days, minutes are minutes; null where nothing was there to measure.
 */
export const FIGURE_KEYS = [
  'received',
  'paid',
  'decided',
  'approved',
  'rejected',
  'within_3_days',
  'within_5_days',
  'median_days',
  'overdue_now',
  'at_risk_now',
  'officer_minutes',
  'no_shows',
  'completion_rate',
  'digital_take_up',
  'satisfaction',
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];
export type FigureUnit = 'count' | 'share' | 'days' | 'minutes' | 'rating';

export const FIGURE_UNITS: Record<FigureKey, FigureUnit> = {
  received: 'count',
  paid: 'count',
  decided: 'count',
  approved: 'count',
  rejected: 'count',
  within_3_days: 'share',
  within_5_days: 'share',
  median_days: 'days',
  overdue_now: 'count',
  at_risk_now: 'count',
  officer_minutes: 'minutes',
  no_shows: 'count',
  completion_rate: 'share',
  digital_take_up: 'share',
  satisfaction: 'rating',
};

const point = v.object({ start: v.string(), value: v.nullable(v.number()) });
const place = v.object({ scope: v.string(), name_en: v.string(), name_lo: v.string() });

export const figureShape = v.object({
  key: v.picklist(FIGURE_KEYS),
  unit: v.picklist(['count', 'share', 'days', 'minutes', 'rating']),
  value: v.nullable(v.number()),
  /** For a share or an average: what it was measured on (e.g. 41 of 52). */
  of: v.nullable(v.object({ numerator: v.number(), denominator: v.number() })),
  series: v.array(point),
});
export type Figure = v.InferOutput<typeof figureShape>;

export const figuresShape = v.object({
  scope: place,
  from: v.string(),
  to: v.string(),
  bucket: v.picklist(['day', 'week', 'month']),
  /** The scopes this officer may open (their office and what lies inside it). */
  scopes: v.array(place),
  figures: v.array(figureShape),
  /** The most named reasons of the period's rejections. */
  reasons: v.array(v.object({ code: v.string(), text_en: v.string(), text_lo: v.string(), count: v.number() })),
  /** Overdue and at-risk cases now, by the places inside the scope. */
  areas: v.array(v.object({ ...place.entries, overdue: v.number(), at_risk: v.number() })),
});
export type Figures = v.InferOutput<typeof figuresShape>;

/** The satisfaction question after the certificate: 1 (very dissatisfied) to 5 (very satisfied). */
export const feedbackBody = v.object({
  rating: v.pipe(v.number(FieldError.required), v.integer(), v.minValue(1), v.maxValue(5)),
});
