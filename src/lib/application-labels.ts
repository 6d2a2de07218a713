import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ApplicantDataInput } from '../../contract/application';
import type { DocumentKind } from '../../contract/documents';
import type { FileProblem } from './document-files';

/**
 * The words of the resident-certificate application, shared by the form, the preview, the detail
 * and the applied-before screens so each field is named the same everywhere.
 */
export const APPLICANT_LABELS: Record<keyof ApplicantDataInput, MessageDescriptor> = {
  first_name: msg`First name`,
  last_name: msg`Last name`,
  date_of_birth: msg`Date of birth`,
  occupation: msg`Occupation`,
  current_address: msg`Current address`,
  house_number: msg`House number`,
  province_id: msg`Province`,
  district_id: msg`District`,
  village_id: msg`Village`,
  head_of_household: msg`Head of household`,
  family_book_number: msg`Family book number`,
  family_book_date: msg`Family book date`,
  father_name: msg`Father's name`,
  mother_name: msg`Mother's name`,
  parent_province_id: msg`Parents' province`,
  parent_district_id: msg`Parents' district`,
  parent_village_id: msg`Parents' village`,
  reason: msg`Reason`,
};

export const DOCUMENT_LABELS: Record<Exclude<DocumentKind, 'id_card'>, MessageDescriptor> = {
  applicant_photo: msg`Applicant photo (3x4)`,
  household_registration_book: msg`Household registration book`,
  proof_of_residence: msg`Proof of residence`,
  proof_of_payment: msg`Proof of payment`,
};

/** The format hint under each picker. */
export const DOCUMENT_HINTS: Record<Exclude<DocumentKind, 'id_card'>, MessageDescriptor> = {
  applicant_photo: msg`JPG or PNG, 3:4 portrait (for example 300\u00a0x\u00a0400\u00a0pixels), up to 10\u00a0MB`,
  household_registration_book: msg`JPG, PNG or PDF, up to 10\u00a0MB`,
  proof_of_residence: msg`JPG, PNG or PDF, up to 10\u00a0MB`,
  proof_of_payment: msg`JPG or PNG, up to 10\u00a0MB`,
};

export const DOCUMENT_REQUIRED: Record<Exclude<DocumentKind, 'id_card'>, MessageDescriptor> = {
  applicant_photo: msg`Please choose the applicant photo`,
  household_registration_book: msg`Please choose the household registration book`,
  proof_of_residence: msg`Please choose the proof of residence`,
  proof_of_payment: msg`Proof of payment is required`,
};

const IMAGES_ONLY = msg`File must be jpg, png`;
/** The device's storage is full: the file cannot be kept in the draft. */
export const NO_ROOM = msg`The file could not be saved on this device. Free some storage space, then choose the file again.`;
const IMAGES_OR_PDF = msg`File must be jpg, png, pdf`;

/** The message under a picker for a refused file (wording of docs/specification.md#validation-rules). */
export function fileProblemMessage(problem: FileProblem, kind: DocumentKind): MessageDescriptor {
  switch (problem) {
    case 'file_too_large':
      return msg`Max file size is 10\u00a0MB`;
    case 'photo_aspect_ratio':
      return msg`Image must have a 3:4 aspect ratio`;
    case 'image_unreadable':
      return msg`Failed to read image dimensions`;
    case 'no_room':
      return NO_ROOM;
    default:
      return kind === 'applicant_photo' || kind === 'proof_of_payment' || kind === 'id_card'
        ? IMAGES_ONLY
        : IMAGES_OR_PDF;
  }
}

/** Fixed notes of ours, shown in the reader's language (an officer's own note is shown as typed). */
export const FIXED_NOTES: Record<string, MessageDescriptor> = {
  payment_deadline_passed: msg`The payment deadline passed without payment.`,
  information_not_sent: msg`The information the office asked for was not sent by the date asked. You can apply again.`,
};

export function applicationNotes(
  a: { notes: string | null; notes_code?: string | null },
  translate: (d: MessageDescriptor) => string,
): string {
  const fixed = a.notes_code ? FIXED_NOTES[a.notes_code] : undefined;
  return fixed ? translate(fixed) : a.notes?.trim() || '-';
}
