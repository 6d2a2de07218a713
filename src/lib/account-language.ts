import type { Language } from '../../contract/master-data';
import { api } from './api-client';
import { validToken } from './session';

/**
 * Tells the server which language the signed-in citizen uses, so notifications and e-mails are
 * written in it. Best effort: offline, the next sign-in or home visit sends it again.
 */
export async function saveAccountLanguage(language: Language): Promise<void> {
  if (!validToken()) return;
  await api('/v1/citizen/user/language', { body: { language } }).catch(() => undefined);
}
