/**
 * The signed statement a certificate's QR code carries, so a certificate proves itself offline.
 *
 * The QR encodes `APP_BASE_URL/verify/{code}#<statement>.<signature>.<kid>`:
 * - statement: base64url of the UTF-8 JSON below, exactly the bytes that were signed;
 * - signature: base64url of the 64-byte Ed25519 signature of those bytes by the issuing key;
 * - kid: the id of that key in the published key set (GET /api/v1/certificate-keys), so
 *   certificates signed before a key rotation keep verifying.
 * The fragment never reaches a server: the verify page checks it on the device.
 * No Node or browser API here: both sides import this file.
 */
export interface CertificateStatement {
  /** Format version. */
  v: 1;
  /** Certificate code (the path of the verify address): a statement copied onto another code fails. */
  c: string;
  /** Ticket number. */
  t: string;
  /** Holder's name as printed (first name, then last name). */
  n: string;
  /** Date of birth, YYYY-MM-DD. */
  b: string;
  /** Issue date in Asia/Vientiane, YYYY-MM-DD. */
  i: string;
  /** Issuing office as printed (the district office, in Lao / English). */
  o: string;
}

export interface CertificateKey {
  kid: string;
  alg: 'Ed25519';
  /** The 32-byte raw public key, base64url. */
  public_key: string;
  /** The key new certificates are signed with; the others are kept so older certificates verify. */
  active: boolean;
}

export interface CertificateKeySet {
  keys: CertificateKey[];
}

/** A part of the fragment: base64url characters only, length bounded (a QR code holds ~2 KB). */
const PART = /^[A-Za-z0-9_-]{1,1500}$/;

export interface SignedFragment {
  statement: string;
  signature: string;
  kid: string;
}

export function formatFragment(f: SignedFragment): string {
  return `${f.statement}.${f.signature}.${f.kid}`;
}

/** `#a.b.c` (with or without the '#') → its three parts; null when it cannot be a signed statement. */
export function parseFragment(hash: string): SignedFragment | null {
  const parts = hash.replace(/^#/, '').split('.');
  if (parts.length !== 3 || !parts.every((p) => PART.test(p))) return null;
  const [statement, signature, kid] = parts as [string, string, string];
  return { statement, signature, kid };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function base64urlEncode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) out += ALPHABET[(n >> 6) & 63]!;
    if (i + 2 < bytes.length) out += ALPHABET[n & 63]!;
  }
  return out;
}

export function base64urlDecode(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let j = 0;
  for (const ch of text) {
    value = (value << 6) | ALPHABET.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

export function encodeStatement(s: CertificateStatement): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ v: s.v, c: s.c, t: s.t, n: s.n, b: s.b, i: s.i, o: s.o }));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The signed bytes back as a statement; null when they are not one (checked after the signature). */
export function decodeStatement(bytes: Uint8Array): CertificateStatement | null {
  try {
    const s = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Record<string, unknown>;
    const texts = ['c', 't', 'n', 'b', 'i', 'o'] as const;
    if (
      s.v !== 1 ||
      !texts.every((k) => typeof s[k] === 'string') ||
      !DATE.test(s.b as string) ||
      !DATE.test(s.i as string)
    )
      return null;
    return s as unknown as CertificateStatement;
  } catch {
    return null;
  }
}
