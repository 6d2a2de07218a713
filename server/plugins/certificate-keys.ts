import fp from 'fastify-plugin';
import { loadCertificateKeys, type CertificateKeys } from '../lib/certificate-keys';

declare module 'fastify' {
  interface FastifyInstance {
    certificateKeys: CertificateKeys;
  }
}

/** The certificate issuing key and the published key set, read (or generated) once at start. */
export default fp(
  async (app) => {
    app.decorate('certificateKeys', loadCertificateKeys(app.config, app.log));
  },
  { name: 'certificate-keys' },
);
