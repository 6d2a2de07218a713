import type { OtpSentResponse, TokenResponse } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

/** Mails a new code (the old one stops working). 429 inside 30 s or after 5 in an hour. */
export const resendOtp = (email: string, phoneNumber?: string) =>
  api<OtpSentResponse>('/v1/auth/resend-otp', {
    body: { email, ...(phoneNumber ? { phone_number: phoneNumber } : {}) },
    auth: false,
  });

export const verifyOtp = (email: string, code: string) =>
  api<TokenResponse>('/v1/auth/verify-otp', { body: { email, code_otp: code }, auth: false });
