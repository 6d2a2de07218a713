import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** A local trial's CA, signing key and chain in DATA_DIR (docs/operations.md#signed-pdfs). */
const TRIAL_PDF_FILES = {
  ca: 'certificate-pdf-trial-ca.pem',
  key: 'certificate-pdf-trial-key.pem',
  chain: 'certificate-pdf-trial-chain.pem',
};

const pem = (label: string, der: Uint8Array) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/.{64}/g, '$&\n')
    .replace(/\n?$/, '\n')}-----END ${label}-----\n`;

/** C, O and CN, each its own RDN (pkijs would put them in one multi-valued RDN: C=LA+O=…+CN=…). */
const name = (commonName: string) => {
  const rdn = (type: string, value: asn1js.PrintableString | asn1js.Utf8String) =>
    new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] });
  return pkijs.RelativeDistinguishedNames.fromBER(
    new asn1js.Sequence({
      value: [
        rdn('2.5.4.6', new asn1js.PrintableString({ value: 'LA' })),
        rdn('2.5.4.10', new asn1js.Utf8String({ value: 'Trial install' })),
        rdn('2.5.4.3', new asn1js.Utf8String({ value: commonName })),
      ],
    }).toBER(),
  );
};

const extension = (extnID: string, critical: boolean, value: asn1js.AsnType) =>
  new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });

/** The key identifier of RFC 5280 (SHA-1 of the public key bits), which chains certificates. */
const keyIdOf = (publicKey: crypto.KeyObject) =>
  crypto
    .createHash('sha1')
    .update(
      pkijs.PublicKeyInfo.fromBER(publicKey.export({ format: 'der', type: 'spki' })).subjectPublicKey.valueBlock
        .valueHexView,
    )
    .digest();

/** An X.509 certificate signed with Node's crypto (ECDSA P-256, SHA-256). */
function certificate(opts: {
  subject: string;
  issuer: string;
  publicKey: crypto.KeyObject;
  issuerKey: { publicKey: crypto.KeyObject; privateKey: crypto.KeyObject };
  ca: boolean;
  years: number;
}): Buffer {
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
    subjectPublicKeyInfo: pkijs.PublicKeyInfo.fromBER(opts.publicKey.export({ format: 'der', type: 'spki' })),
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
      extension('2.5.29.14', false, new asn1js.OctetString({ valueHex: keyIdOf(opts.publicKey) })),
      extension(
        '2.5.29.35',
        false,
        new pkijs.AuthorityKeyIdentifier({
          keyIdentifier: new asn1js.OctetString({ valueHex: keyIdOf(opts.issuerKey.publicKey) }),
        }).toSchema(),
      ),
    ],
  });
  const algorithm = new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.840.10045.4.3.2' }); // ecdsa-with-SHA256
  cert.signature = algorithm;
  cert.signatureAlgorithm = algorithm;
  cert.tbsView = new Uint8Array(cert.encodeTBS().toBER());
  cert.signatureValue = new asn1js.BitString({
    valueHex: crypto.sign('sha256', cert.tbsView, opts.issuerKey.privateKey),
  });
  return Buffer.from(cert.toSchema().toBER());
}

/**
 * A trial's own CA and PDF signing certificate (ECDSA P-256), written once in DATA_DIR, owner-only.
 * The chain file is linked into place last: its presence says the key beside it is complete.
 */
export function writeTrialCa(dataDir: string, log?: { info(o: object, m: string): void }) {
  const file = (k: keyof typeof TRIAL_PDF_FILES) => path.join(dataDir, TRIAL_PDF_FILES[k]);
  const files = { ca: file('ca'), key: file('key'), chain: file('chain') };
  if (fs.existsSync(files.chain)) return files;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const ca = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const signer = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const caName = 'Resident certificates trial CA (not trusted)';
  const caCert = certificate({
    subject: caName,
    issuer: caName,
    publicKey: ca.publicKey,
    issuerKey: ca,
    ca: true,
    years: 10,
  });
  const signerCert = certificate({
    subject: 'Resident certificates trial signer (not the ministry)',
    issuer: caName,
    publicKey: signer.publicKey,
    issuerKey: ca,
    ca: false,
    years: 3,
  });
  const tmp = (f: string) => `${f}.${process.pid}.tmp`;
  fs.writeFileSync(tmp(files.ca), pem('CERTIFICATE', caCert), { mode: 0o600 });
  fs.renameSync(tmp(files.ca), files.ca);
  fs.writeFileSync(tmp(files.key), signer.privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  fs.renameSync(tmp(files.key), files.key);
  fs.writeFileSync(tmp(files.chain), pem('CERTIFICATE', signerCert) + pem('CERTIFICATE', caCert), { mode: 0o600 });
  try {
    fs.linkSync(tmp(files.chain), files.chain);
    log?.info(
      { ca: files.ca },
      'generated a trial CA and PDF signing certificate (no PDF reader trusts it: set CERTIFICATE_PDF_KEY_FILE for the ministry’s)',
    );
  } finally {
    fs.rmSync(tmp(files.chain), { force: true });
  }
  return files;
}
