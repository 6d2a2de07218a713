/**
 * A short, stable digest of a string (FNV-1a, two 32-bit lanes). Not a security measure: it keys
 * drafts by owner and notices when a submission changed. Works where crypto.subtle does not
 * (pages served over plain http in an office network).
 */
export function fingerprint(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (a >>> 7), 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
