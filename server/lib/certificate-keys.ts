import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  base64urlDecode,
  base64urlEncode,
  encodeStatement,
  formatFragment,
  type CertificateKey,
  type CertificateKeySet,
  type CertificateStatement,
} from '../../contract/certificate-statement';

export const SIGNING_KEY_FILE = 'certificate-signing-key';

/** PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410): Node imports private keys in this form. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** SPKI wrapping of a raw 32-byte Ed25519 public key. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Base64url (or base64) of exactly 32 bytes, or null. Config and files hold keys in this form. */
export function raw32(text: string): Buffer | null {
  const bytes = base64urlDecode(text.trim().replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  return bytes && bytes.length === 32 ? Buffer.from(bytes) : null;
}

/** The key's id: base64url of the first 8 bytes of SHA-256 of its raw public key (11 characters). */
export function keyId(publicKey: Uint8Array): string {
  return base64urlEncode(crypto.createHash('sha256').update(publicKey).digest().subarray(0, 8));
}

export interface IssuingKey {
  kid: string;
  publicKey: Buffer;
  sign(statement: CertificateStatement): string;
}

function issuingKeyFromSeed(seed: Buffer): IssuingKey {
  const privateKey = crypto.createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = crypto.createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const publicKey = Buffer.from(spki.subarray(SPKI_PREFIX.length));
  const kid = keyId(publicKey);
  return {
    kid,
    publicKey,
    sign(statement) {
      const bytes = encodeStatement(statement);
      const signature = crypto.sign(null, bytes, privateKey);
      return formatFragment({ statement: base64urlEncode(bytes), signature: base64urlEncode(signature), kid });
    },
  };
}

/** Checks a fragment with Node's crypto (tests and tools; the verify page does the same with WebCrypto). */
export function verifyWithPublicKey(publicKey: Uint8Array, statement: Uint8Array, signature: Uint8Array): boolean {
  const key = crypto.createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
  return crypto.verify(null, statement, key, signature);
}

/** The seed kept in DATA_DIR: generated once (owner-only), linked into place so two starts agree. */
function dataDirSeed(dataDir: string, create: boolean, log?: { info(o: object, m: string): void }): Buffer | null {
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (!fs.existsSync(file)) {
    if (!create) return null;
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${base64urlEncode(crypto.randomBytes(32))}\n`, { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
      log?.info({ file }, 'generated the certificate signing key');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const seed = raw32(fs.readFileSync(file, 'utf8'));
  if (!seed)
    throw new Error(
      `${file} does not hold a 32-byte key in base64url: restore it from a backup, or set CERTIFICATE_SIGNING_KEY.`,
    );
  return seed;
}

export interface CertificateKeys {
  active: IssuingKey;
  keySet: CertificateKeySet;
  publicKeyOf(kid: string): Buffer | undefined;
}

/**
 * The issuing key and the published key set, read once at start:
 * - CERTIFICATE_SIGNING_KEY (several instances share it), else a key generated once in DATA_DIR;
 * - the DATA_DIR key, when a configured key replaced it, and CERTIFICATE_RETIRED_KEYS stay in the
 *   set as retired keys, so certificates signed with them keep verifying after a rotation.
 */
export function loadCertificateKeys(
  opts: { dataDir: string; certificateSigningKey?: Buffer; certificateRetiredKeys: Buffer[] },
  log?: { info(o: object, m: string): void },
): CertificateKeys {
  const active = issuingKeyFromSeed(opts.certificateSigningKey ?? dataDirSeed(opts.dataDir, true, log)!);
  const retired: Buffer[] = [...opts.certificateRetiredKeys];
  if (opts.certificateSigningKey) {
    const earlier = dataDirSeed(opts.dataDir, false);
    if (earlier) retired.push(issuingKeyFromSeed(earlier).publicKey);
  }
  const byKid = new Map<string, Buffer>([[active.kid, active.publicKey]]);
  for (const pk of retired) if (!byKid.has(keyId(pk))) byKid.set(keyId(pk), pk);
  const keys: CertificateKey[] = [...byKid].map(([kid, pk]) => ({
    kid,
    alg: 'Ed25519',
    public_key: base64urlEncode(pk),
    active: kid === active.kid,
  }));
  return { active, keySet: { keys }, publicKeyOf: (kid) => byKid.get(kid) };
}
