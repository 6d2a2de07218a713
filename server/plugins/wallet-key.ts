import fp from 'fastify-plugin';
import { loadWalletIssuerKey, type WalletIssuerKey } from '../lib/wallet-keys';

declare module 'fastify' {
  interface FastifyInstance {
    walletKey: WalletIssuerKey;
  }
}

/** The wallet credential issuer key, read (or generated) once at start. */
export default fp(
  async (app) => {
    app.decorate('walletKey', await loadWalletIssuerKey(app.config, app.log));
  },
  { name: 'wallet-key' },
);
