import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, importJWK, importPKCS8, type CryptoKey, type JWK } from 'jose';

export const WALLET_KEY_FILE = 'wallet-issuer-key.pem';

/** The key that signs wallet credentials and the status list (ES256: every wallet takes it). */
export interface WalletIssuerKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Private JWK, for the SD-JWT signer. */
  privateJwk: JWK;
  /** Public JWK with kid, alg and use, as published in /.well-known/jwt-vc-issuer. */
  publicJwk: JWK;
}

function pemFromDataDir(dataDir: string, log?: { info(o: object, m: string): void }): string {
  const file = path.join(dataDir, WALLET_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    try {
      // Linked into place: two processes starting at once agree on the first one.
      fs.linkSync(tmp, file);
      log?.info({ file }, 'generated the wallet credential issuer key (a local trial: set WALLET_ISSUER_KEY_FILE)');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8');
}

/**
 * WALLET_ISSUER_KEY_FILE (a PKCS#8 PEM of an ECDSA P-256 key, on a secrets mount outside DATA_DIR),
 * else a key generated once in DATA_DIR for a local trial.
 */
export async function loadWalletIssuerKey(
  opts: { dataDir: string; walletIssuerKeyFile?: string },
  log?: { info(o: object, m: string): void },
): Promise<WalletIssuerKey> {
  let pem: string;
  if (opts.walletIssuerKeyFile) {
    try {
      pem = fs.readFileSync(opts.walletIssuerKeyFile, 'utf8');
    } catch (err) {
      throw new Error(
        `Invalid configuration:\n  WALLET_ISSUER_KEY_FILE: cannot read ${opts.walletIssuerKeyFile} (${(err as Error).message})`,
        { cause: err },
      );
    }
  } else pem = pemFromDataDir(opts.dataDir, log);
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey(pem);
  } catch (err) {
    throw new Error('Invalid configuration:\n  WALLET_ISSUER_KEY_FILE: not a PEM private key', { cause: err });
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('Invalid configuration:\n  WALLET_ISSUER_KEY_FILE: must be an ECDSA P-256 key (ES256)');
  const pkcs8 = key.export({ format: 'pem', type: 'pkcs8' }).toString();
  const privateKey = await importPKCS8(pkcs8, 'ES256', { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const { d: _d, ...pub } = privateJwk;
  const kid = await calculateJwkThumbprint(pub);
  const publicKey = (await importJWK(pub, 'ES256')) as CryptoKey;
  return { kid, privateKey, publicKey, privateJwk, publicJwk: { ...pub, kid, alg: 'ES256', use: 'sig' } };
}
