import type { CorrectableField } from '../../../contract/application';

/**
 * What a citizen reads about an officer's request and the reasons of a decision, in mails and
 * notifications (the app has its own catalogue). The labels are the form's own (locales/lo.po).
 */
type Language = 'en' | 'lo';

/** A catalogued reason in both languages, as stored with the decision. */
export interface ReasonWords {
  text_en: string;
  text_lo: string;
  action_en: string;
  action_lo: string;
}

export const reasonWords = (r: {
  textEn: string;
  textLo: string;
  actionEn: string;
  actionLo: string;
}): ReasonWords => ({ text_en: r.textEn, text_lo: r.textLo, action_en: r.actionEn, action_lo: r.actionLo });

const FIELD_LABELS: Record<CorrectableField, Record<Language, string>> = {
  first_name: { en: 'First name', lo: 'ຊື່' },
  last_name: { en: 'Last name', lo: 'ນາມສະກຸນ' },
  date_of_birth: { en: 'Date of birth', lo: 'ວັນເດືອນປີເກີດ' },
  occupation: { en: 'Occupation', lo: 'ອາຊີບ' },
  current_address: { en: 'Current address', lo: 'ທີ່ຢູ່ປັດຈຸບັນ' },
  house_number: { en: 'House number', lo: 'ເຮືອນເລກທີ' },
  village_id: { en: 'Village', lo: 'ບ້ານ' },
  head_of_household: { en: 'Head of household', lo: 'ຫົວໜ້າຄອບຄົວ' },
  family_book_number: { en: 'Family book number', lo: 'ເລກທີປຶ້ມສຳມະໂນຄົວ' },
  family_book_date: { en: 'Family book date', lo: 'ວັນທີອອກປຶ້ມສຳມະໂນຄົວ' },
  father_name: { en: "Father's name", lo: 'ຊື່ພໍ່' },
  mother_name: { en: "Mother's name", lo: 'ຊື່ແມ່' },
};

const DOCUMENT_LABELS: Record<string, Record<Language, string>> = {
  applicant_photo: { en: 'Applicant photo (3x4)', lo: 'ຮູບຖ່າຍຜູ້ຍື່ນຄຳຮ້ອງ (3x4)' },
  household_registration_book: { en: 'Household registration book', lo: 'ປຶ້ມສຳມະໂນຄົວ' },
  proof_of_residence: { en: 'Proof of residence', lo: 'ຫຼັກຖານທີ່ຢູ່ອາໄສ' },
};

export const fieldLabel = (f: string, lang: Language) => FIELD_LABELS[f as CorrectableField]?.[lang] ?? f;
export const documentLabel = (d: string, lang: Language) => DOCUMENT_LABELS[d]?.[lang] ?? d;

/** The reasons as one sentence each ("text — what to do"), without the closing stops doubled. */
export function reasonLines(reasons: ReasonWords[], lang: Language): string[] {
  const clean = (s: string) => s.trim().replace(/[.。]+$/, '');
  return reasons.map((r) =>
    lang === 'lo' ? `${clean(r.text_lo)}: ${clean(r.action_lo)}` : `${clean(r.text_en)}: ${clean(r.action_en)}`,
  );
}

/**
 * The reasons and the officer's own words, as the note a notification or the detail shows: each
 * reason's sentence, then the note as the officer wrote it.
 */
export function reasonNote(reasons: ReasonWords[], notes: string | null | undefined, lang: Language): string {
  const sentence = (s: string) => (/[.!?。]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);
  const parts = reasons.map((r) => sentence(lang === 'lo' ? r.text_lo : r.text_en));
  if (notes?.trim()) parts.push(notes.trim());
  return parts.join(' ');
}

/** The day a request must be answered by, spelt out in the reader's language (Vientiane time). */
export function answerByDay(answerBy: Date, lang: Language): string {
  return new Intl.DateTimeFormat(lang === 'lo' ? 'lo-LA' : 'en-GB', {
    timeZone: 'Asia/Vientiane',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(answerBy);
}
