import * as v from 'valibot';
import { FieldError } from './rules';

/** base64url of exactly `bytes` bytes (padding tolerated, as some browsers send it). */
const base64url = (bytes: number) =>
  v.pipe(
    v.string(FieldError.required),
    v.regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), FieldError.invalidId),
  );

/** A push service's endpoint (RFC 8030): an absolute URL, at most 2,000 characters. */
export const pushEndpoint = v.pipe(
  v.string(FieldError.required),
  v.maxLength(2000, FieldError.tooLong),
  v.regex(/^https?:\/\/[^\s]+$/, FieldError.invalidId),
);

/** POST /v1/push/subscriptions: PushSubscription.toJSON() of this device, and its language. */
export const pushSubscriptionBody = v.object({
  endpoint: pushEndpoint,
  keys: v.object({
    /** The browser's ECDH P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The 16-byte authentication secret. */
    auth: base64url(16),
  }),
  language: v.picklist(['en', 'lo'], 'invalid_language'),
});
export type PushSubscriptionBody = v.InferOutput<typeof pushSubscriptionBody>;

/** POST /v1/push/subscriptions/remove and /status: which device (in the body: an endpoint never goes in a URL). */
export const pushEndpointBody = v.object({ endpoint: pushEndpoint });
