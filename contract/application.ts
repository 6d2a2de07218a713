import * as v from 'valibot';
import { FieldError, LIMITS, digitsOnly, entityId, isoDate, pastDate, requiredText } from './rules';
import { ALL_STATUSES, type PaymentStatus, type Status } from './status';
import { uploadId } from './uploads';
import type { ClockView } from './working-days';

/** Step 1, applicant data (docs/specification.md#new-application): every field required. */
export const applicantData = v.object({
  first_name: requiredText(LIMITS.nameMax),
  last_name: requiredText(LIMITS.nameMax),
  date_of_birth: pastDate,
  occupation: requiredText(LIMITS.textMax),
  current_address: requiredText(LIMITS.addressMax),
  house_number: requiredText(LIMITS.houseNumberMax),
  province_id: entityId,
  district_id: entityId,
  village_id: entityId,
  head_of_household: requiredText(LIMITS.nameMax * 2),
  family_book_number: digitsOnly(20),
  family_book_date: pastDate,
  father_name: requiredText(LIMITS.nameMax * 2),
  mother_name: requiredText(LIMITS.nameMax * 2),
  parent_province_id: entityId,
  parent_district_id: entityId,
  parent_village_id: entityId,
  reason: v.pipe(
    v.string(FieldError.required),
    v.trim(),
    v.nonEmpty(FieldError.required),
    v.maxLength(LIMITS.reasonMax, FieldError.tooLong),
  ),
});
export type ApplicantData = v.InferOutput<typeof applicantData>;
export type ApplicantDataInput = v.InferInput<typeof applicantData>;

const documentDataUrl = v.nullable(v.pipe(v.string(), v.maxLength(15_000_000, 'file_too_large')));
/**
 * A document is sent either inline (`<field>`, a base64 data URL) or as a finished resumable upload
 * (`<field>_upload_id`, see uploads.ts), exactly one of the two; the server names the field otherwise.
 */
const documentUploadId = v.optional(v.nullable(uploadId));
/** The file's original name, so the detail shows what the citizen chose (optional; the server cleans it). */
const documentName = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(255, FieldError.tooLong))));
const documentNames = {
  applicant_photo_name: documentName,
  household_registration_book_name: documentName,
  proof_of_residence_name: documentName,
};

/** POST /v1/citizen/resident-certificate/create-new */
export const createApplicationBody = v.object({
  ...applicantData.entries,
  applicant_photo: v.optional(documentDataUrl),
  household_registration_book: v.optional(documentDataUrl),
  proof_of_residence: v.optional(documentDataUrl),
  applicant_photo_upload_id: documentUploadId,
  household_registration_book_upload_id: documentUploadId,
  proof_of_residence_upload_id: documentUploadId,
  ...documentNames,
  bank_id: entityId,
});

/** POST /v1/citizen/resident-certificate/re-apply */
export const reapplyBody = v.object({ ...createApplicationBody.entries, id: entityId });

/** POST /v1/citizen/resident-certificate/upload-document/{id}: replace one or more documents. */
export const uploadDocumentBody = v.object({
  applicant_photo: v.optional(documentDataUrl),
  household_registration_book: v.optional(documentDataUrl),
  proof_of_residence: v.optional(documentDataUrl),
  ...documentNames,
});

/** POST /v1/citizen/resident-certificate/{id}/upload-payment */
export const uploadPaymentBody = v.object({
  proof_of_payment: v.optional(documentDataUrl),
  proof_of_payment_upload_id: documentUploadId,
  proof_of_payment_name: documentName,
});

/** Applicant-data fields an officer may ask the citizen to correct. */
export const CORRECTABLE_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'occupation',
  'current_address',
  'house_number',
  'village_id',
  'head_of_household',
  'family_book_number',
  'family_book_date',
  'father_name',
  'mother_name',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
/** Documents an officer may ask the citizen to send again. */
export const REQUESTABLE_DOCUMENTS = ['applicant_photo', 'household_registration_book', 'proof_of_residence'] as const;

/**
 * POST /v1/citizen/resident-certificate/{id}/answer-request (Idempotency-Key): the citizen's answer
 * to an officer's request — the fields asked for, corrected, and the documents asked for, sent again
 * as finished resumable uploads. The server accepts only what was asked, once.
 */
export const answerRequestBody = v.object({
  request_id: entityId,
  fields: v.optional(v.partial(v.pick(applicantData, [...CORRECTABLE_FIELDS, 'province_id', 'district_id'])), {}),
  applicant_photo_upload_id: documentUploadId,
  household_registration_book_upload_id: documentUploadId,
  proof_of_residence_upload_id: documentUploadId,
  ...documentNames,
});
export type AnswerRequestBody = v.InferInput<typeof answerRequestBody>;

/** What an officer asked, as the citizen reads it (in the reader's language). */
export interface InformationRequestView {
  id: number;
  asked_at: string;
  /** Unanswered by then, the application is rejected. */
  answer_by: string;
  reasons: { code: string; text: string; what_to_do: string }[];
  message: string | null;
  documents: (typeof REQUESTABLE_DOCUMENTS)[number][];
  fields: CorrectableField[];
  answered_at: string | null;
}

/** Payment-method chooser value. */
export const paymentMethod = v.object({
  name: v.pipe(v.string('payment_method_required'), v.nonEmpty('payment_method_required')),
  bank_id: v.pipe(v.number('bank_required'), v.minValue(1, 'bank_required')),
  icon: v.pipe(v.string('icon_required'), v.nonEmpty('icon_required')),
});

/** POST /v1/citizen/resident-certificate/{id}/set-pickup-date */
export const pickupBody = v.object({
  date: isoDate,
  time: v.pipe(
    v.string('time_required'),
    v.trim(),
    v.nonEmpty('time_required'),
    v.regex(/^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/, 'time_required'),
  ),
});

/** GET …/history?status=: an unknown status is a 400, not an empty list that hides a typo. */
export const historyFilter = v.object({ status: v.optional(v.picklist(ALL_STATUSES, 'invalid_status')) });

/** GET …/{id}/documents/{kind} */
export const DOCUMENT_KINDS = [
  'applicant_photo',
  'household_registration_book',
  'proof_of_residence',
  'proof_of_payment',
] as const;
export const documentParams = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'invalid_id'), v.transform(Number), v.minValue(1, 'invalid_id')),
  kind: v.picklist(DOCUMENT_KINDS, 'invalid_kind'),
});

/** Ticket reference of the specification: RC0000 followed by the application id. */
export const TICKET_PREFIX = 'RC0000';
export const ticketNumber = (id: number) => `${TICKET_PREFIX}${id}`;

export interface HistoryItem {
  id: number;
  status: Status;
  ticket_number: string;
  applied_on: string;
  service: 'rc';
  payment_status: PaymentStatus;
  /** Until when the fee can be paid (ISO); what the citizen must beat while the application is pending and unpaid. */
  payment_deadline: string;
}

export interface FeeLine {
  key: 'payment' | 'processing_fee';
  amount: number;
}
export interface Fee {
  lines: FeeLine[];
  total: number;
  currency: 'LAK';
  recipient: string;
  payment_window_hours: number;
}

export interface PaymentInfo {
  bank_id: number;
  bank_logo: string;
  bank_name: string;
  payment_status: PaymentStatus;
  proof_of_payment_path: string | null;
  va_number: string;
  amount: number;
  currency: 'LAK';
  recipient: string;
  fee_lines: FeeLine[];
  deadline: string;
}

export interface ApplicationDetail {
  id: number;
  ticket_number: string;
  applied_on: string;
  status: Status;
  pickup_date: string | null;
  pickup_time: string | null;
  notes: string | null;
  /** Set when `notes` is a fixed text of ours: the client shows it in the reader's language. */
  notes_code: 'payment_deadline_passed' | 'information_not_sent' | null;
  /**
   * A rejection's catalogued reasons in the reader's language, each with what to do (`notes` says
   * them too, followed by the officer's own note); empty otherwise.
   */
  rejection_reasons: { code: string; text: string; what_to_do: string }[];
  certificate_code: string | null;
  /** Set once an officer revoked the certificate: when, and the reason they gave. */
  revocation: { at: string; reason: string } | null;
  reapplied_from: number | null;
  reapplied_by: number | null;
  applicant_data: ApplicantData & {
    province: string;
    district: string;
    village: string;
    parent_province: string;
    parent_district: string;
    parent_village: string;
  };
  document_submit: Record<
    `${'applicant_photo' | 'household_registration_book' | 'proof_of_residence'}_${'name' | 'path'}`,
    string | null
  >;
  payment: PaymentInfo;
  /** The open request of an officer (status 'information requested'), or null. */
  information_request: InformationRequestView | null;
  /** The 3-working-day clock once the payment is confirmed, until the decision; null otherwise. */
  clock: ClockView | null;
}
