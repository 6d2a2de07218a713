import * as v from 'valibot';
import { FieldError, LIMITS, entityId, idCardNumber, pastDate, phoneGrouped, phoneNumber, requiredText } from './rules';

/** POST /v1/citizen/user/update-profile. e-mail is read-only; id_card is sent but never changed. */
export const updateProfileBody = v.object({
  id_card: v.optional(idCardNumber),
  first_name: requiredText(LIMITS.nameMax),
  last_name: requiredText(LIMITS.nameMax),
  address: requiredText(LIMITS.addressMax),
  house_number: requiredText(LIMITS.houseNumberMax),
  date_of_birth: pastDate,
  phone_number: phoneNumber,
  province_id: entityId,
  district_id: entityId,
  village_id: entityId,
});

export interface Profile {
  id_card: string;
  email: string;
  first_name: string;
  last_name: string;
  address: string;
  house_number: string;
  phone_number: string;
  date_of_birth: string;
  province_id: number;
  district_id: number;
  village_id: number;
  province: string;
  district: string;
  village: string;
  role: 'citizen' | 'officer';
  language: 'en' | 'lo';
  /** Optional e-mails (payment confirmed, certificate ready, pick-up reminder); the others always go. */
  email_updates: boolean;
}

export interface NotificationItem {
  id: number;
  message: string;
  created_at: string;
  read: boolean;
  application_id: number | null;
}

/** The /profile form as the citizen fills it: the phone as typed after +856, grouped 2-4-4. */
export const profileForm = v.object({
  first_name: requiredText(LIMITS.nameMax),
  last_name: requiredText(LIMITS.nameMax),
  address: requiredText(LIMITS.addressMax),
  house_number: requiredText(LIMITS.houseNumberMax),
  date_of_birth: pastDate,
  phone_number: phoneGrouped,
  province_id: entityId,
  district_id: entityId,
  village_id: entityId,
});

/** POST /v1/citizen/user/language: the language notifications and e-mails are written in. */
export const updateLanguageBody = v.object({ language: v.picklist(['en', 'lo'], FieldError.invalidId) });

/** POST /v1/citizen/user/email-updates: the switch for optional e-mails. */
export const updateEmailUpdatesBody = v.strictObject({ email_updates: v.boolean(FieldError.required) });
