import fp from 'fastify-plugin';
import { loadCertificateKeys, type CertificateKeys } from '../lib/certificate-keys';
import { PadesSigner, type PdfSigningKey } from '../lib/pdf-signature';
import { loadPdfSigningKey } from '../lib/pdf-signing-key';

declare module 'fastify' {
  interface FastifyInstance {
    certificateKeys: CertificateKeys;
    /** A fresh signer for each certificate PDF (PAdES, with a timestamp when an authority is set). */
    pdfSigner(): PadesSigner;
  }
}

/** The certificate issuing key, the published key set and the PDF signing key, read (or generated) once at start. */
export default fp(
  async (app) => {
    app.decorate('certificateKeys', loadCertificateKeys(app.config, app.log));
    const pdfKey: PdfSigningKey = await loadPdfSigningKey(app.config, app.log);
    const { tsaUrl } = app.config.certificatePdf;
    app.decorate(
      'pdfSigner',
      () =>
        new PadesSigner(pdfKey, tsaUrl, (err) =>
          app.log.warn({ err }, 'timestamp authority failed: the certificate PDF is signed without a timestamp'),
        ),
    );
  },
  { name: 'certificate-keys' },
);
