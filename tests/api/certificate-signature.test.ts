import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  base64urlDecode,
  base64urlEncode,
  decodeStatement,
  parseFragment,
  type CertificateKeySet,
} from '../../contract/certificate-statement';
import { keyId, SIGNING_KEY_FILE, verifyWithPublicKey } from '../../server/lib/certificate-keys';
import { loadConfig } from '../../server/config';
import { readQrFromPdf } from '../fixtures/pdf-qr';
import { BASE, issuedApplication } from './certificate-fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_BASE_URL: 'https://egov.example.la' });
});
afterAll(async () => t?.close());

const keySet = async (app = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/certificate-keys' });
  expect(res.statusCode).toBe(200);
  return res.json().data as CertificateKeySet;
};

/** The QR text of a certificate downloaded by its owner. */
async function qrOf(app: TestApp['app'], overrides: Record<string, unknown> = {}) {
  const { citizen, id, code } = await issuedApplication(app, overrides);
  const res = await app.inject({ method: 'GET', url: `${BASE}/${id}/download-2`, headers: citizen.headers });
  expect(res.statusCode, res.body).toBe(200);
  return { qr: readQrFromPdf(res.rawPayload), id, code };
}

function check(keys: CertificateKeySet, fragmentText: string) {
  const f = parseFragment(fragmentText)!;
  const key = keys.keys.find((k) => k.kid === f.kid);
  if (!key) return 'unknown-key';
  return verifyWithPublicKey(
    base64urlDecode(key.public_key)!,
    base64urlDecode(f.statement)!,
    base64urlDecode(f.signature)!,
  )
    ? 'genuine'
    : 'not-genuine';
}

describe('the signed statement in the certificate QR code', () => {
  it('carries the verify address and a statement signed by the published key', async () => {
    const { qr, id, code } = await qrOf(t.app, {
      first_name: 'ສົມພອນ',
      last_name: 'ແກ້ວມະນີ',
      date_of_birth: '1990-04-12',
    });
    const [address, fragment] = qr.split('#');
    expect(address).toBe(`https://egov.example.la/verify/${code}`);
    const keys = await keySet();
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ alg: 'Ed25519', active: true });
    expect(check(keys, fragment!)).toBe('genuine');
    const statement = decodeStatement(base64urlDecode(parseFragment(fragment!)!.statement)!)!;
    expect(statement).toMatchObject({ v: 1, c: code, t: `RC0000${id}`, n: 'ສົມພອນ ແກ້ວມະນີ', b: '1990-04-12' });
    expect(statement.i).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(statement.o).toMatch(/District Office$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/certificate-keys' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
  });

  it('a statement altered by one letter no longer matches its signature', async () => {
    const { qr } = await qrOf(t.app);
    const f = parseFragment(qr.split('#')[1]!)!;
    const forged = new TextDecoder().decode(base64urlDecode(f.statement)!).replace('"b":"', '"b":"1');
    const tampered = `${base64urlEncode(new TextEncoder().encode(forged))}.${f.signature}.${f.kid}`;
    expect(check(await keySet(), tampered)).toBe('not-genuine');
  });

  it('the key is generated once in DATA_DIR, readable by its owner only', async () => {
    const file = path.join(t.dataDir, SIGNING_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('key rotation and configuration', () => {
  it('a configured key signs new certificates while the retired key stays published: old certificates keep verifying by key id', async () => {
    const old = await qrOf(t.app);
    const oldKey = (await keySet()).keys[0]!;
    const seed = base64urlEncode(crypto.randomBytes(32));
    // A second installation (several instances share these two settings) after a rotation.
    const rotated = await startTestApp({
      APP_BASE_URL: 'https://egov.example.la',
      CERTIFICATE_SIGNING_KEY: seed,
      CERTIFICATE_RETIRED_KEYS: oldKey.public_key,
    });
    try {
      const keys = await keySet(rotated.app);
      const active = keys.keys.find((k) => k.active)!;
      expect(keys.keys).toHaveLength(2);
      expect(keys.keys.find((k) => k.kid === oldKey.kid)).toMatchObject({
        active: false,
        public_key: oldKey.public_key,
      });
      expect(active.kid).not.toBe(oldKey.kid);
      expect(check(keys, old.qr.split('#')[1]!)).toBe('genuine');
      const fresh = await qrOf(rotated.app);
      expect(parseFragment(fresh.qr.split('#')[1]!)!.kid).toBe(active.kid);
      expect(check(keys, fresh.qr.split('#')[1]!)).toBe('genuine');
      // The configured key is used as given: no key file is generated beside it.
      expect(fs.existsSync(path.join(rotated.dataDir, SIGNING_KEY_FILE))).toBe(false);
    } finally {
      await rotated.close();
    }
  });

  it('refuses a malformed key at start with a clear message; retired public keys are listed by id', () => {
    expect(() => loadConfig({ CERTIFICATE_SIGNING_KEY: 'short' })).toThrow(
      /CERTIFICATE_SIGNING_KEY: must be a 32-byte Ed25519 key/,
    );
    expect(() => loadConfig({ CERTIFICATE_RETIRED_KEYS: 'abc,def' })).toThrow(/CERTIFICATE_RETIRED_KEYS/);
    const pk = crypto.randomBytes(32);
    const config = loadConfig({ CERTIFICATE_RETIRED_KEYS: base64urlEncode(pk) });
    expect(config.certificateRetiredKeys.map((k) => keyId(k))).toEqual([keyId(pk)]);
  });
});
