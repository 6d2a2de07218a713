import type { TokenResponse } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

/** username: e-mail, phone number or national ID number. */
export const login = (username: string, password: string) =>
  api<TokenResponse>('/v1/auth/login', { body: { username, password }, auth: false });
