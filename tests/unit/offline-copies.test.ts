import { describe, expect, it } from 'vitest';
import { isKeptFile, isKeptResponse, oldestCopyShown } from '../../src/lib/offline-copies';

describe('what is kept on the device for offline reading', () => {
  it('keeps the signed-in screens’ answers', () => {
    for (const path of [
      '/v1/citizen/resident-certificate/history',
      '/v1/citizen/resident-certificate/history?status=rejected',
      '/v1/citizen/resident-certificate/42',
      '/v1/citizen/resident-certificate/fee',
      '/v1/citizen/user/profile',
      '/v1/notifications/',
    ])
      expect(isKeptResponse(path), path).toBe(true);
    expect(isKeptFile('/v1/citizen/resident-certificate/42/documents/applicant_photo')).toBe(true);
    expect(isKeptFile('/v1/citizen/resident-certificate/42/download-2')).toBe(true);
  });

  it('never keeps sign-in, codes, passwords, resets or the payment proof', () => {
    for (const path of [
      '/v1/auth/login',
      '/v1/auth/verify-otp',
      '/v1/auth/resend-otp',
      '/v1/auth/forgot-password',
      '/v1/auth/reset-password',
      '/v1/citizen/user/update-password',
      '/v1/citizen/user/update-profile',
      '/v1/citizen/resident-certificate/42/upload-payment',
      '/v1/citizen/resident-certificate/42/set-pickup-date',
      '/v1/citizen/resident-certificate/create-new',
      '/v1/notifications/unread-count',
    ]) {
      expect(isKeptResponse(path), path).toBe(false);
      expect(isKeptFile(path), path).toBe(false);
    }
  });
});

describe('oldestCopyShown', () => {
  it('gives the oldest copy the current screen shows, and nothing for other screens', () => {
    const shown = {
      '/home\n/v1/citizen/user/profile': 2_000,
      '/home\n/v1/notifications/': 1_000,
      '/profile\n/v1/citizen/user/profile': 500,
    };
    expect(oldestCopyShown(shown, '/home')).toBe(1_000);
    expect(oldestCopyShown(shown, '/profile')).toBe(500);
    expect(oldestCopyShown(shown, '/faq')).toBeNull();
    expect(oldestCopyShown(shown, '/hom')).toBeNull();
  });
});
