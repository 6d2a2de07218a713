import { api } from '../../../lib/api-client';

/** Are the e-mail and phone free (400X1 / 400X2 otherwise), and is the password not a common one? */
export const registerCheck = (body: { email: string; phone_number: string; password: string }) =>
  api<{ message: string }>('/v1/auth/register-check', { body, auth: false });
