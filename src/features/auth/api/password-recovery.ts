import { api } from '../../../lib/api-client';

/** Always the same answer, whether or not an account has this e-mail. */
export const forgotPassword = (email: string) =>
  api<{ message: string }>('/v1/auth/forgot-password', { body: { email }, auth: false });

export const resetPassword = (body: { payload: string; password: string; password_confirmation: string }) =>
  api<{ message: string }>('/v1/auth/reset-password', { body, auth: false });
