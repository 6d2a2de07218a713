import * as v from 'valibot';

/**
 * The certificate in a wallet (OpenID4VCI 1.0, SD-JWT VC, Token Status List):
 * docs/architecture.md#the-certificate-in-a-wallet.
 */

/** The credential configuration our issuer metadata offers. */
export const WALLET_CREDENTIAL_CONFIGURATION = 'resident_certificate_sd_jwt';
/** Minutes an offer (its pre-authorized code and PIN) may be redeemed in. */
export const WALLET_OFFER_MINUTES = 10;
/** Digits of the PIN (tx_code) shown to the citizen. */
export const WALLET_PIN_LENGTH = 6;

/** POST …/{id}/wallet-offer: what the certificate screen shows once. */
export const walletOfferShape = v.object({
  /** openid-credential-offer://?credential_offer=… (the QR's content and the link). */
  offer_url: v.string(),
  /** The PIN the wallet asks for: shown to the citizen, never sent in the offer. */
  tx_code: v.string(),
  expires_at: v.string(),
});
export type WalletOffer = v.InferOutput<typeof walletOfferShape>;

/** A pasted SD-JWT VC presentation (issuer JWT~disclosures~[key-binding JWT]). */
export const presentationBody = v.object({
  presentation: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(20_000, 'too_long')),
});

/** Why a presentation is not accepted. */
export const PresentationProblem = {
  malformed: 'malformed',
  unknownIssuer: 'unknown_issuer',
  badSignature: 'bad_signature',
  duplicateDisclosure: 'duplicate_disclosure',
  unreferencedDisclosure: 'unreferenced_disclosure',
  keyBinding: 'key_binding_invalid',
  expired: 'expired',
} as const;

export const presentationCheckShape = v.object({
  status: v.picklist(['valid', 'revoked', 'invalid']),
  problem: v.optional(v.picklist(Object.values(PresentationProblem))),
  /** The claims the holder chose to disclose (and the always-visible dates), by name. */
  claims: v.optional(v.record(v.string(), v.string())),
  key_bound: v.optional(v.boolean()),
  issued_at: v.optional(v.string()),
  expires_at: v.optional(v.string()),
});
export type PresentationCheck = v.InferOutput<typeof presentationCheckShape>;

/** The personal claims, each selectively disclosable, in the order the verify page lists them. */
export const WALLET_CLAIMS = [
  'given_name',
  'family_name',
  'birthdate',
  'house_number',
  'address',
  'village',
  'district',
  'province',
  'village_code',
  'district_code',
  'province_code',
  'ticket_number',
] as const;
