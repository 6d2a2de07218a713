import crypto from 'node:crypto';
import * as pkijs from 'pkijs';

const SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const CERT_BAG = '1.2.840.113549.1.12.10.1.3';

/* eslint-disable @typescript-eslint/no-explicit-any -- pkijs types a PKCS#12's inner values as any */

/**
 * The key and certificates of a PKCS#12 file (as a CA hands them out), password-based privacy and
 * integrity as OpenSSL 3 writes them (PBES2, AES, HMAC-SHA-256). Files of the older RC2/3DES kind
 * fail here: convert them (docs/operations.md#signed-pdfs).
 */
export async function readPkcs12(
  bytes: Buffer,
  passphrase: string,
): Promise<{ privateKey: crypto.KeyObject; certificates: Buffer[] }> {
  const engine = new pkijs.CryptoEngine({ name: 'node', crypto: crypto.webcrypto as unknown as Crypto });
  const password = new TextEncoder().encode(passphrase).buffer;
  const pfx = pkijs.PFX.fromBER(new Uint8Array(bytes));
  await pfx.parseInternalValues({ password, checkIntegrity: true }, engine);
  const safe = pfx.parsedValue?.authenticatedSafe;
  if (!safe) throw new Error('no authenticated safe');
  await safe.parseInternalValues({ safeContents: safe.safeContents.map(() => ({ password })) }, engine);
  let privateKey: crypto.KeyObject | undefined;
  const certificates: Buffer[] = [];
  for (const content of safe.parsedValue.safeContents as any[]) {
    for (const bag of content.value.safeBags as any[]) {
      if (bag.bagId === SHROUDED_KEY_BAG) {
        await bag.bagValue.parseInternalValues({ password }, engine);
        const der = Buffer.from(bag.bagValue.parsedValue.toSchema().toBER());
        privateKey = crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
      } else if (bag.bagId === CERT_BAG) {
        certificates.push(Buffer.from(bag.bagValue.parsedValue.toSchema().toBER()));
      }
    }
  }
  if (!privateKey) throw new Error('no private key in it');
  return { privateKey, certificates };
}
