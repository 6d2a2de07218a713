import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PdfSigningKey } from './pdf-signature';
import { writeTrialCa } from './pdf-trial-ca';
import { readPkcs12 } from './pkcs12';

export interface PdfKeySettings {
  dataDir: string;
  certificatePdf: { keyFile?: string; certFile?: string; passphrase?: string };
}

/** A PDF signing key the server cannot use: it refuses to start with this message alone. */
export class PdfKeyError extends Error {}

const problem = (setting: string, text: string) => new PdfKeyError(`Invalid configuration:\n  ${setting}: ${text}`);

const pemBlocks = (text: string, label: string) =>
  [...text.matchAll(new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`, 'g'))].map((m) =>
    Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64'),
  );

function readFile(setting: string, file: string, dataDir: string): Buffer {
  const resolved = path.resolve(file);
  if (resolved.startsWith(dataDir + path.sep))
    throw problem(setting, `${file} is inside DATA_DIR: keep the ministry's key outside it, so backups never carry it`);
  try {
    return fs.readFileSync(resolved);
  } catch (err) {
    throw problem(setting, `cannot read ${file} (${(err as Error).message})`);
  }
}

/**
 * Puts the certificate of `privateKey` first and checks what readers will check: an ECDSA P-256
 * or RSA (2048 bits or more) key, whose certificate is valid today.
 */
function checkedKey(privateKey: crypto.KeyObject, chain: Buffer[], setting: string): PdfSigningKey {
  const { asymmetricKeyType: type, asymmetricKeyDetails: details } = privateKey;
  const ecOk = type === 'ec' && details?.namedCurve === 'prime256v1';
  const rsaOk = type === 'rsa' && (details?.modulusLength ?? 0) >= 2048;
  if (!ecOk && !rsaOk)
    throw problem(setting, `the key must be ECDSA P-256 or RSA of 2048 bits or more (PDF readers check no other)`);
  const spki = crypto.createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const x509 = chain.map((der) => new crypto.X509Certificate(der));
  const own = x509.findIndex((c) => c.publicKey.export({ format: 'der', type: 'spki' }).equals(spki));
  if (own < 0) throw problem(setting, 'no certificate given matches the key');
  const now = Date.now();
  const cert = x509[own]!;
  if (Date.parse(cert.validFrom) > now || Date.parse(cert.validTo) < now)
    throw problem(setting, `the signing certificate is valid from ${cert.validFrom} to ${cert.validTo}, not today`);
  const ordered = [chain[own]!, ...chain.filter((_, i) => i !== own)];
  const signerName = /(?:^|\n)CN=([^\n]+)/.exec(cert.subject)?.[1] ?? cert.subject;
  return { privateKey, chain: ordered, signerName };
}

async function configuredKey(opts: PdfKeySettings, keyFile: string): Promise<PdfSigningKey> {
  const { certFile, passphrase } = opts.certificatePdf;
  const setting = 'CERTIFICATE_PDF_KEY_FILE';
  const bytes = readFile(setting, keyFile, opts.dataDir);
  const extra = certFile
    ? pemBlocks(readFile('CERTIFICATE_PDF_CERT_FILE', certFile, opts.dataDir).toString('latin1'), 'CERTIFICATE')
    : [];
  if (bytes.includes('-----BEGIN')) {
    if (!extra.length)
      throw problem(
        'CERTIFICATE_PDF_CERT_FILE',
        'a PEM key needs its certificate chain in PEM (signing certificate first)',
      );
    let privateKey: crypto.KeyObject;
    try {
      privateKey = crypto.createPrivateKey({ key: bytes, passphrase });
    } catch (err) {
      throw problem(setting, `${keyFile} is not a private key this passphrase opens (${(err as Error).message})`);
    }
    return checkedKey(privateKey, extra, setting);
  }
  const p12 = await readPkcs12(bytes, passphrase ?? '').catch((err: Error) => {
    throw problem(setting, `${keyFile} is neither a PEM key nor a PKCS#12 file this passphrase opens (${err.message})`);
  });
  return checkedKey(p12.privateKey, [...p12.certificates, ...extra], setting);
}

/** A local trial's CA and signing certificate, generated once in DATA_DIR and reused at every start. */
function trialKey(dataDir: string, log?: { info(o: object, m: string): void }): PdfSigningKey {
  const files = writeTrialCa(dataDir, log);
  const privateKey = crypto.createPrivateKey(fs.readFileSync(files.key));
  const chain = pemBlocks(fs.readFileSync(files.chain, 'latin1'), 'CERTIFICATE');
  return checkedKey(privateKey, chain, `${files.chain} (delete the three trial files to generate new ones)`);
}

/** The key that signs certificate PDFs: the ministry's from configuration, else a trial's own (DATA_DIR). */
export async function loadPdfSigningKey(
  opts: PdfKeySettings,
  log?: { info(o: object, m: string): void },
): Promise<PdfSigningKey> {
  const { keyFile } = opts.certificatePdf;
  return keyFile ? configuredKey(opts, keyFile) : trialKey(opts.dataDir, log);
}
