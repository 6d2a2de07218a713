import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const VAPID_KEY_FILE = 'web-push-vapid.json';

/** The application server's key pair of Web Push (VAPID, RFC 8292): base64url, as browsers and web-push take them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const b64url = (b: Buffer) => b.toString('base64url');

/** A new P-256 pair: the public key as the uncompressed point (65 bytes), the private one as its 32-byte scalar. */
function generate(): VapidKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: b64url(ecdh.getPublicKey()), privateKey: b64url(ecdh.getPrivateKey()) };
}

/** The public key that belongs to a private scalar: a mismatched pair would sign what browsers refuse. */
function publicOf(privateKey: string): string {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return b64url(ecdh.getPublicKey());
}

function invalid(message: string, cause?: unknown): Error {
  return new Error(`Invalid configuration:\n  ${message}`, cause ? { cause } : undefined);
}

function fromDataDir(dataDir: string, log?: { info(o: object, m: string): void }): VapidKeys {
  const file = path.join(dataDir, VAPID_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(generate()), { mode: 0o600 });
    try {
      // Linked into place: two processes starting at once agree on the first one.
      fs.linkSync(tmp, file);
      log?.info(
        { file },
        'generated the Web Push (VAPID) key pair (a local trial: set WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY_FILE)',
      );
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  if (publicOf(keys.privateKey) !== keys.publicKey) throw invalid(`${file}: the two keys do not belong together`);
  return keys;
}

/**
 * WEB_PUSH_VAPID_PUBLIC_KEY with WEB_PUSH_VAPID_PRIVATE_KEY_FILE (base64url, on a secrets mount outside
 * DATA_DIR), else a pair generated once in DATA_DIR for a local trial. Subscriptions are bound to the
 * public key: changing it makes every phone subscribe again.
 */
export function loadVapidKeys(
  opts: { dataDir: string; webPush: { publicKey?: string; privateKeyFile?: string } },
  log?: { info(o: object, m: string): void },
): VapidKeys {
  const { publicKey, privateKeyFile } = opts.webPush;
  if (!publicKey && !privateKeyFile) return fromDataDir(opts.dataDir, log);
  if (!publicKey || !privateKeyFile)
    throw invalid('set WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY_FILE together');
  let privateKey: string;
  try {
    privateKey = fs.readFileSync(privateKeyFile, 'utf8').trim();
  } catch (err) {
    throw invalid(`WEB_PUSH_VAPID_PRIVATE_KEY_FILE: cannot read ${privateKeyFile} (${(err as Error).message})`, err);
  }
  let derived: string;
  try {
    if (Buffer.from(privateKey, 'base64url').length !== 32) throw new Error('not 32 bytes');
    derived = publicOf(privateKey);
  } catch (err) {
    throw invalid('WEB_PUSH_VAPID_PRIVATE_KEY_FILE: not a base64url P-256 private key (32 bytes)', err);
  }
  if (derived !== publicKey)
    throw invalid('WEB_PUSH_VAPID_PUBLIC_KEY does not belong to the key in WEB_PUSH_VAPID_PRIVATE_KEY_FILE');
  return { publicKey, privateKey };
}
