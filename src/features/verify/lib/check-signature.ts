import {
  base64urlDecode,
  decodeStatement,
  parseFragment,
  type CertificateKeySet,
  type CertificateStatement,
} from '../../../../contract/certificate-statement';

/**
 * The on-device check of a certificate's QR statement. Loaded only by the verify page, and only when
 * the address carries a statement, so the first screen stays small.
 */
export type SignatureCheck =
  | { result: 'genuine'; statement: CertificateStatement; kid: string }
  /** The signature does not match the statement, or the statement names another certificate. */
  | { result: 'not-genuine' }
  /** Signed with a key this device does not know (yet): nothing can be said offline. */
  | { result: 'unknown-key'; kid: string }
  /** This browser can check no Ed25519 signature (no WebCrypto: the page is not on HTTPS). */
  | { result: 'unsupported' };

/** Ed25519 through WebCrypto where the browser has it (Chromium 137+, Firefox 129+, Safari 17+). */
async function verifyWebCrypto(
  publicKey: Uint8Array,
  signature: Uint8Array,
  message: Uint8Array,
): Promise<boolean | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  let key: CryptoKey;
  try {
    key = await subtle.importKey('raw', publicKey as BufferSource, { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return null; // No Ed25519 in this browser's WebCrypto.
  }
  return subtle.verify({ name: 'Ed25519' }, key, signature as BufferSource, message as BufferSource);
}

/**
 * The audited @noble/ed25519 for browsers whose WebCrypto lacks Ed25519, fetched only then (~5 KB
 * gzip). It hashes with WebCrypto's SHA-512, which every browser with WebCrypto has.
 */
async function verifyNoble(publicKey: Uint8Array, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
  const ed = await import('@noble/ed25519');
  try {
    return await ed.verifyAsync(signature, message, publicKey);
  } catch {
    return false; // A public key that is no curve point: nothing it signed is genuine.
  }
}

/** true / false; null when this browser cannot check an Ed25519 signature at all. */
export async function verifyEd25519(
  publicKey: Uint8Array,
  signature: Uint8Array,
  message: Uint8Array,
  opts: { forceFallback?: boolean } = {},
): Promise<boolean | null> {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  if (!globalThis.crypto?.subtle) return null;
  const native = opts.forceFallback ? null : await verifyWebCrypto(publicKey, signature, message);
  if (native !== null) return native;
  return verifyNoble(publicKey, signature, message);
}

/** Checks `#statement.signature.kid` for the certificate `code` against the known key set. */
export async function checkSignature(
  code: string,
  hash: string,
  keySet: CertificateKeySet,
  opts: { forceFallback?: boolean } = {},
): Promise<SignatureCheck> {
  const fragment = parseFragment(hash);
  if (!fragment) return { result: 'not-genuine' };
  const key = keySet.keys.find((k) => k.kid === fragment.kid);
  if (!key) return { result: 'unknown-key', kid: fragment.kid };
  const publicKey = base64urlDecode(key.public_key);
  const message = base64urlDecode(fragment.statement);
  const signature = base64urlDecode(fragment.signature);
  if (!publicKey || !message || !signature) return { result: 'not-genuine' };
  const valid = await verifyEd25519(publicKey, signature, message, opts);
  if (valid === null) return { result: 'unsupported' };
  if (!valid) return { result: 'not-genuine' };
  const statement = decodeStatement(message);
  // A genuine statement pasted behind another certificate's address proves nothing about that one.
  if (!statement || statement.c !== code) return { result: 'not-genuine' };
  return { result: 'genuine', statement, kid: fragment.kid };
}
