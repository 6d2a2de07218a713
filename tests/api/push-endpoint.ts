import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service of the test's own on 127.0.0.1, speaking RFC 8030 as far as an application server
 * sees it: it takes POST /push/<name> with TTL, Content-Encoding: aes128gcm and a VAPID Authorization
 * (RFC 8292, whose JWT it verifies against the key in `k=`), and decrypts the RFC 8291 payload with
 * the subscription's private key and auth secret, as the browser would.
 */

/** A browser's side of one subscription: its ECDH P-256 pair and 16-byte auth secret. */
export interface Device {
  name: string;
  ecdh: crypto.ECDH;
  auth: Buffer;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface Received {
  device: string;
  ttl: number;
  vapid: { aud: string; sub: string; exp: number; k: string };
  message: { title: string; body: string; url: string };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 over RFC 8188 (one record, as web-push writes). */
export function decrypt(body: Buffer, device: Pick<Device, 'ecdh' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65 || record.length > rs) throw new Error('unexpected aes128gcm header');
  const uaPublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(device.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `vapid t=<JWT>, k=<key>`: an ES256 JWT signed by the key in k. */
function verifyVapid(header: string | undefined): Received['vapid'] {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${header}`);
  const [jwt, k] = [m[1], m[2]];
  const [h, p, s] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const header_ = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg: string };
  if (header_.alg !== 'ES256') throw new Error('VAPID JWT not ES256');
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  return { ...claims, k };
}

export async function startPushEndpoint() {
  const devices = new Map<string, Device>();
  const answers = new Map<string, number>();
  const received: Received[] = [];
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const device = devices.get(name);
      try {
        if (req.method !== 'POST' || !device) throw new Error(`unknown ${req.method} ${req.url}`);
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL');
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapid = verifyVapid(req.headers.authorization);
        if (vapid.aud !== `http://${req.headers.host}`) throw new Error(`VAPID aud ${vapid.aud}`);
        if (vapid.exp * 1000 < Date.now()) throw new Error('VAPID JWT expired');
        const status = answers.get(name) ?? 201;
        if (status === 201) {
          const message = JSON.parse(decrypt(Buffer.concat(chunks), device).toString('utf8')) as Received['message'];
          received.push({ device: name, ttl, vapid, message });
        }
        res.writeHead(status).end();
      } catch (err) {
        refused.push((err as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    /** A browser's new subscription on this push service. */
    device(name: string): Device {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const endpoint = `${origin}/push/${name}`;
      const d = {
        name,
        ecdh,
        auth,
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
      devices.set(name, d);
      return d;
    },
    /** What this device's endpoint answers from now on (410: the subscription is gone). */
    answer(name: string, status: number) {
      answers.set(name, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
