import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { PdfSigningKey } from './pdf-signature';
import { readPkcs12 } from './pkcs12';

/** A local trial's CA, signing key and chain, written once in DATA_DIR (docs/operations.md#signed-pdfs). */
export const TRIAL_PDF_FILES = {
  ca: 'certificate-pdf-trial-ca.pem',
  key: 'certificate-pdf-trial-key.pem',
  chain: 'certificate-pdf-trial-chain.pem',
};

export interface PdfKeySettings {
  dataDir: string;
  certificatePdf: { keyFile?: string; certFile?: string; passphrase?: string };
}

const problem = (setting: string, text: string) => new Error(`Invalid configuration:\n  ${setting}: ${text}`);

const pemBlocks = (text: string, label: string) =>
  [...text.matchAll(new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`, 'g'))].map((m) =>
    Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64'),
  );
const pem = (label: string, der: Uint8Array) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/.{64}/g, '$&\n')
    .replace(/\n?$/, '\n')}-----END ${label}-----\n`;

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

// ── A local trial's own CA ─────────────────────────────────────────────────

const name = (commonName: string) =>
  new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.6', value: new asn1js.PrintableString({ value: 'LA' }) }),
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.10', value: new asn1js.Utf8String({ value: 'Trial install' }) }),
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: commonName }) }),
    ],
  });

const extension = (extnID: string, critical: boolean, value: asn1js.AsnType) =>
  new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });

/** An X.509 certificate signed with Node's crypto (ECDSA P-256, SHA-256). */
function certificate(opts: {
  subject: string;
  issuer: string;
  publicKey: crypto.KeyObject;
  signer: crypto.KeyObject;
  issuerKeyId: Buffer;
  ca: boolean;
  years: number;
}): Buffer {
  const spki = opts.publicKey.export({ format: 'der', type: 'spki' });
  const keyId = crypto
    .createHash('sha1')
    .update(pkijs.PublicKeyInfo.fromBER(spki).subjectPublicKey.valueBlock.valueHexView)
    .digest();
  const serial = crypto.randomBytes(16);
  serial[0] = serial[0]! & 0x7f || 1;
  const from = new Date(Date.now() - 3600_000);
  const cert = new pkijs.Certificate({
    version: 2,
    serialNumber: new asn1js.Integer({ valueHex: serial }),
    issuer: name(opts.issuer),
    subject: name(opts.subject),
    notBefore: new pkijs.Time({ type: 0, value: from }),
    notAfter: new pkijs.Time({ type: 0, value: new Date(from.getTime() + opts.years * 365 * 86400_000) }),
    subjectPublicKeyInfo: pkijs.PublicKeyInfo.fromBER(spki),
    extensions: [
      extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: opts.ca }).toSchema()),
      // keyCertSign + cRLSign for the CA; digitalSignature + nonRepudiation for the signer.
      extension(
        '2.5.29.15',
        true,
        opts.ca
          ? new asn1js.BitString({ valueHex: new Uint8Array([0x06]), unusedBits: 1 })
          : new asn1js.BitString({ valueHex: new Uint8Array([0xc0]), unusedBits: 6 }),
      ),
      extension('2.5.29.14', false, new asn1js.OctetString({ valueHex: keyId })),
      extension(
        '2.5.29.35',
        false,
        new pkijs.AuthorityKeyIdentifier({
          keyIdentifier: new asn1js.OctetString({ valueHex: opts.issuerKeyId }),
        }).toSchema(),
      ),
    ],
  });
  const algorithm = new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.840.10045.4.3.2' });
  cert.signature = algorithm;
  cert.signatureAlgorithm = algorithm;
  cert.tbsView = new Uint8Array(cert.encodeTBS().toBER());
  cert.signatureValue = new asn1js.BitString({ valueHex: crypto.sign('sha256', cert.tbsView, opts.signer) });
  return Buffer.from(cert.toSchema().toBER());
}

const subjectKeyId = (der: Buffer) =>
  crypto
    .createHash('sha1')
    .update(
      pkijs.Certificate.fromBER(new Uint8Array(der)).subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView,
    )
    .digest();

/** A trial's CA and signing certificate, generated once in DATA_DIR (owner-only), reused at every start. */
function trialKey(dataDir: string, log?: { info(o: object, m: string): void }): PdfSigningKey {
  const file = (k: keyof typeof TRIAL_PDF_FILES) => path.join(dataDir, TRIAL_PDF_FILES[k]);
  if (!fs.existsSync(file('chain'))) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const ca = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const signer = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const caName = 'Resident certificates trial CA (not trusted)';
    const caSpki = ca.publicKey.export({ format: 'der', type: 'spki' });
    const caKeyId = crypto
      .createHash('sha1')
      .update(pkijs.PublicKeyInfo.fromBER(caSpki).subjectPublicKey.valueBlock.valueHexView)
      .digest();
    const caCert = certificate({
      subject: caName,
      issuer: caName,
      publicKey: ca.publicKey,
      signer: ca.privateKey,
      issuerKeyId: caKeyId,
      ca: true,
      years: 10,
    });
    const signerCert = certificate({
      subject: 'Resident certificates trial signer (not the ministry)',
      issuer: caName,
      publicKey: signer.publicKey,
      signer: ca.privateKey,
      issuerKeyId: subjectKeyId(caCert),
      ca: false,
      years: 3,
    });
    const write = (k: keyof typeof TRIAL_PDF_FILES, text: string) =>
      fs.writeFileSync(file(k), text, { mode: 0o600, flag: 'wx' });
    try {
      write('ca', pem('CERTIFICATE', caCert));
      write('key', signer.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string);
      // Written last: its presence says the other two are complete.
      write('chain', pem('CERTIFICATE', signerCert) + pem('CERTIFICATE', caCert));
      log?.info(
        { ca: file('ca') },
        'generated a trial CA and PDF signing certificate (no PDF reader trusts it: set CERTIFICATE_PDF_KEY_FILE for the ministry’s)',
      );
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const privateKey = crypto.createPrivateKey(fs.readFileSync(file('key')));
  const chain = pemBlocks(fs.readFileSync(file('chain'), 'latin1'), 'CERTIFICATE');
  return checkedKey(privateKey, chain, `${file('chain')} (delete the three trial files to generate new ones)`);
}

/** The key that signs certificate PDFs: the ministry's from configuration, else a trial's own (DATA_DIR). */
export async function loadPdfSigningKey(
  opts: PdfKeySettings,
  log?: { info(o: object, m: string): void },
): Promise<PdfSigningKey> {
  const { keyFile } = opts.certificatePdf;
  return keyFile ? configuredKey(opts, keyFile) : trialKey(opts.dataDir, log);
}
