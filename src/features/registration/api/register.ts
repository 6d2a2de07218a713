import type { OtpSentResponse } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

export interface RegisterPayload {
  email: string;
  username: string;
  password: string;
  phone_number: string;
  id_card_file: string;
  first_name: string;
  last_name: string;
  id_card: string;
  date_of_birth: string;
  address: string;
  house_number: string;
  province_id: number;
  district_id: number;
  village_id: number;
}

/** Creates the account (unverified) and mails the first code. A 10 MB photo on 2G takes a while. */
export const register = (body: RegisterPayload) =>
  api<OtpSentResponse>('/v1/auth/register', { body, auth: false, timeoutMs: 180_000 });

/**
 * The photo as the data URL the API takes; made only now, when the request is sent
 * (docs/decisions.md#documents-travel-as-files-not-data-urls).
 */
export function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
