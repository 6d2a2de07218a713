import crypto from 'node:crypto';
import { pdfkitAddPlaceholder } from '@signpdf/placeholder-pdfkit';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { fetchTimestampToken } from './pdf-timestamp';

/** The ministry's PDF signing key and its certificate chain (the signing certificate first). */
export interface PdfSigningKey {
  privateKey: crypto.KeyObject;
  /** DER certificates: the signing certificate, then the CAs above it. */
  chain: Buffer[];
  /** The signing certificate's subject common name, shown by readers as the signer. */
  signerName: string;
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  sha256WithRsa: '1.2.840.113549.1.1.11',
};

const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest();
const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });

/**
 * ESS signing-certificate-v2 (RFC 5035), which PAdES requires: binds the signature to the
 * certificate by its SHA-256 (the default hash, so not named) and its issuer and serial number.
 */
function signingCertificateV2(certDer: Buffer, cert: pkijs.Certificate) {
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [cert.issuer.toSchema()] })],
      }),
      new asn1js.Integer({ valueHex: cert.serialNumber.valueBlock.valueHexView }),
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: sha256(certDer) }), issuerSerial],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/**
 * The CMS SignedData of a PAdES baseline signature over `content` (the PDF without its /Contents):
 * detached, signed attributes content-type, message-digest and signing-certificate-v2 and no
 * signing-time (PAdES puts the time in the signature dictionary's /M); with `tsaUrl`, an RFC 3161
 * timestamp over the signature value as unsigned attribute (B-T).
 */
export async function padesSignature(
  content: Uint8Array,
  key: PdfSigningKey,
  tsaUrl?: string,
  onTimestampError?: (err: Error) => void,
): Promise<Buffer> {
  const certs = key.chain.map((der) => pkijs.Certificate.fromBER(new Uint8Array(der)));
  const cert = certs[0]!;
  // DER orders a SET OF by the encodings, and readers re-encode it before checking: sort it here.
  const signedAttrs = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
    attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: sha256(content) })),
    attribute(OID.signingCertificateV2, signingCertificateV2(key.chain[0]!, cert)),
  ]
    .map((a) => ({ a, der: Buffer.from(a.toSchema().toBER()) }))
    .sort((x, y) => Buffer.compare(x.der, y.der))
    .map(({ a }) => a);
  const toBeSigned = Buffer.from(new asn1js.Set({ value: signedAttrs.map((a) => a.toSchema()) }).toBER());
  const signature = crypto.sign('sha256', toBeSigned, key.privateKey);
  const ec = key.privateKey.asymmetricKeyType === 'ec';

  let unsignedAttrs: pkijs.SignedAndUnsignedAttributes | undefined;
  if (tsaUrl) {
    try {
      const token = await fetchTimestampToken(tsaUrl, signature);
      unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
        type: 1,
        attributes: [attribute(OID.signatureTimeStampToken, asn1js.fromBER(token).result)],
      });
    } catch (err) {
      // The signature stands without it (B-B): a citizen's download does not wait on the authority.
      onTimestampError?.(err as Error);
    }
  }

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: signedAttrs }),
    signatureAlgorithm: ec
      ? new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 })
      : new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa, algorithmParams: new asn1js.Null() }),
    signature: new asn1js.OctetString({ valueHex: signature }),
    ...(unsignedAttrs ? { unsignedAttrs } : {}),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: certs,
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER());
}

/** What @signpdf/signpdf calls with the bytes the signature covers (the whole file but /Contents). */
export class PadesSigner extends Signer {
  constructor(
    readonly key: PdfSigningKey,
    private readonly tsaUrl?: string,
    private readonly onTimestampError?: (err: Error) => void,
  ) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return padesSignature(pdfBuffer, this.key, this.tsaUrl, this.onTimestampError);
  }
}

/** Room for the CMS in /Contents: a chain of three RSA-4096 certificates and a timestamp fit. */
const SIGNATURE_BYTES = 16384;

/**
 * The signature field and its empty /Contents, added while pdfkit draws (before `end()`): one
 * revision, so the signature covers the whole file. /M is the signing time PAdES reads.
 */
export function addSignaturePlaceholder(doc: PDFKit.PDFDocument, signer: PadesSigner) {
  pdfkitAddPlaceholder({
    pdf: doc,
    pdfBuffer: Buffer.alloc(0),
    reason: 'Resident certificate issued by the Ministry of Home Affairs',
    contactInfo: '',
    name: signer.key.signerName,
    location: 'Lao PDR',
    signingTime: new Date(),
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
}

/** Fills the placeholder: the byte range, then the CMS over it. */
export async function signPdf(pdf: Buffer, signer: PadesSigner): Promise<Buffer> {
  return new SignPdf().sign(pdf, signer);
}
