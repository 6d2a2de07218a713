import * as v from 'valibot';
import type { CorrectableField, REQUESTABLE_DOCUMENTS } from './application';
import { NOTES_MAX, type OfficerRole } from './officer';
import { entityId, FieldError } from './rules';

/**
 * The officer's day beside the queues and actions of contract/officer.ts
 * (docs/decisions.md#the-officers-day): the calendar of days off, the reasons catalogue, claims,
 * hand-overs and escalations, internal notes, drafts, and what the review detail adds.
 */

const text = (max: number) =>
  v.pipe(
    v.string(FieldError.required),
    v.trim(),
    v.nonEmpty(FieldError.required),
    v.maxLength(max, FieldError.tooLong),
  );
const day = v.pipe(
  v.string(FieldError.required),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date'),
  v.check(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'invalid_date',
  ),
);

// ── The calendar ──

/** 'national', or the office of a province or a district whose offices close that day. */
export const CALENDAR_SCOPE = /^(national|province:\d{1,9}|district:\d{1,9})$/;

/** GET /v1/officer/calendar?year=2026 (default: this year in Vientiane). */
export const calendarQuery = v.object({
  year: v.optional(v.pipe(v.string(), v.regex(/^20\d{2}$/, 'invalid_year'), v.transform(Number))),
});

/**
 * POST /v1/officer/calendar, PUT …/{id}: a holiday is national (the government's decree), a closure
 * is one office's (province:<id> or district:<id>).
 */
export const nonWorkingDayBody = v.pipe(
  v.object({
    date: day,
    kind: v.picklist(['holiday', 'closure'], 'invalid_kind'),
    scope: v.optional(v.pipe(v.string(), v.regex(CALENDAR_SCOPE, 'invalid_scope')), 'national'),
    name_en: text(120),
    name_lo: text(120),
  }),
  v.forward(
    v.check((b) => (b.kind === 'holiday') === (b.scope === 'national'), 'scope_kind_mismatch'),
    ['scope'],
  ),
);
export type NonWorkingDayBody = v.InferOutput<typeof nonWorkingDayBody>;

export interface NonWorkingDay {
  id: number;
  date: string;
  kind: 'holiday' | 'closure';
  scope: string;
  name_en: string;
  name_lo: string;
  updated_at: string;
}

// ── The reasons catalogue ──

export const REASON_USAGES = ['reject', 'request', 'both'] as const;

/** GET /v1/officer/reasons?all=1: admins may list retired reasons too. */
export const reasonsQuery = v.object({ all: v.optional(v.picklist(['1', '0'], 'invalid_all')) });

/** POST /v1/officer/reasons (admins): a new reason, in both languages. */
export const decisionReasonBody = v.object({
  code: v.pipe(v.string(FieldError.required), v.regex(/^[a-z0-9_]{2,40}$/, 'invalid_reason')),
  usage: v.optional(v.picklist(REASON_USAGES, 'invalid_usage'), 'both'),
  text_en: text(300),
  text_lo: text(300),
  action_en: text(300),
  action_lo: text(300),
  active: v.optional(v.boolean(), true),
  sort: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000)), 0),
});
/** PUT /v1/officer/reasons/{id} (admins): any of the fields; the code never changes; active=false retires it. */
export const decisionReasonUpdate = v.partial(v.omit(decisionReasonBody, ['code']));

// ── Claims, hand-overs, escalations, notes, drafts ──

/** POST …/{id}/claim/hand-over (admins): give the case to an officer of the office whose role fits. */
export const handOverBody = v.object({ officer_id: entityId });
/** POST …/{id}/escalate: to a senior officer (an admin or approver of the office), with why. */
export const escalateBody = v.object({ officer_id: entityId, note: text(NOTES_MAX) });
/** POST …/{id}/notes: a note between officers; the citizen never sees it. */
export const internalNoteBody = v.object({ body: text(2000) });

/**
 * PUT …/{id}/draft: what the officer has typed and not sent yet (reasons picked, notes, the items
 * of a request), kept per officer so a lapsed claim loses nothing. Free-form, within limits.
 */
export const caseDraftBody = v.object({
  action: v.optional(v.pipe(v.string(), v.maxLength(40, FieldError.tooLong))),
  reason_codes: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.maxLength(40, FieldError.tooLong))), v.maxLength(10, FieldError.tooLong)),
  ),
  notes: v.optional(v.pipe(v.string(), v.maxLength(2000, FieldError.tooLong))),
  message: v.optional(v.pipe(v.string(), v.maxLength(2000, FieldError.tooLong))),
  documents: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(40))), v.maxLength(10, FieldError.tooLong))),
  fields: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(40))), v.maxLength(20, FieldError.tooLong))),
});
export type CaseDraft = v.InferOutput<typeof caseDraftBody>;

export interface CaseDraftView {
  draft: CaseDraft | null;
  updated_at: string | null;
}

/** An officer as their colleagues see them. */
export interface OfficerRef {
  id: number;
  name: string;
  email: string;
}

/** GET /v1/officer/colleagues: the officers of my office, for hand-over and escalation. */
export interface Colleague extends OfficerRef {
  role: OfficerRole;
}

export interface InternalNote {
  id: number;
  kind: 'note' | 'escalation';
  officer: OfficerRef;
  /** For an escalation: the senior officer it went to. */
  to_officer: OfficerRef | null;
  body: string;
  at: string;
}

/** A reason as the reader reads it, in their language. */
export interface ReasonText {
  code: string;
  text: string;
  what_to_do: string;
}

/** An officer's request to the citizen with the citizen's answer, as officers see it. */
export interface OfficerInformationRequest {
  id: number;
  officer: OfficerRef;
  asked_at: string;
  answer_by: string;
  reasons: ReasonText[];
  message: string | null;
  documents: (typeof REQUESTABLE_DOCUMENTS)[number][];
  fields: CorrectableField[];
  answered_at: string | null;
  /** What the citizen changed: each field before and after, and the documents sent again. */
  answer: { fields: Record<string, { before: unknown; after: unknown }>; documents: string[] } | null;
}

/** The claim on a case as the detail shows it. */
export interface ClaimView extends OfficerRef {
  expires_at: string;
  /** The signed-in officer holds it. */
  mine: boolean;
}
