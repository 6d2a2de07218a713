import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, parseTrustProxy } from '../../server/config';
import { SIGNING_KEY_FILE, keyId } from '../../server/lib/certificate-keys';
import { base64urlDecode } from '../../contract/certificate-statement';
import { startTestApp, type TestApp } from './test-app';

// A small built app of our own, so the page routes exist whether or not the real build does.
await vi.hoisted(async () => {
  const [fs, os, path] = await Promise.all([import('node:fs'), import('node:os'), import('node:path')]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app shell</title><div id="root"></div>');
  process.env.WEB_DIST_DIR = dir;
});

const apps: TestApp[] = [];
const start = async (env: Record<string, string> = {}) => {
  const t = await startTestApp(env);
  apps.push(t);
  return t;
};
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('an early form post is sent back to the same screen of this site, never elsewhere', () => {
  it('answers 303 with a path of this site for every spelling of another host', async () => {
    const t = await start();
    const post = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40b.la&password=x',
      });
    const login = await post('/login?next=//evil.example');
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/login');
    for (const url of [
      '//evil.example',
      '//evil.example/login',
      '/\\evil.example',
      '/\\/evil.example',
      '///evil.example',
    ]) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(303);
      const location = String(res.headers.location);
      expect(location, url).toMatch(/^\/(?![/\\])/);
      // Whatever the browser makes of it, it stays on this site.
      expect(new URL(location, 'https://egov.example.la').host, url).toBe('egov.example.la');
    }
  });
});

describe('TRUST_PROXY', () => {
  const flood = async (app: FastifyInstance, remoteAddress: string, forwardedFor: (i: number) => string) => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (
          await app.inject({
            url: '/api/v1/master-data/location/provinces',
            remoteAddress,
            headers: { 'x-forwarded-for': forwardedFor(i) },
          })
        ).statusCode,
      );
    return codes;
  };

  it('believes X-Forwarded-For only from the listed proxies: a direct client cannot choose its address', async () => {
    const t = await start({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7', RATE_LIMIT_ADDRESS_PER_MINUTE: '2' });
    // Through the proxy, four citizens with four addresses: nobody is limited.
    expect(await flood(t.app, '10.1.2.3', (i) => `198.51.100.${i + 1}`)).toEqual([200, 200, 200, 200]);
    expect(await flood(t.app, '192.0.2.7', (i) => `198.51.101.${i + 1}`)).toEqual([200, 200, 200, 200]);
    // Straight to the server, one client claiming a new address each time: still one address.
    expect(await flood(t.app, '203.0.113.9', (i) => `198.51.102.${i + 1}`)).toEqual([200, 200, 429, 429]);
  });

  it('reads `true` as a proxy on this machine, not as "anyone"', async () => {
    const t = await start({ TRUST_PROXY: 'true', RATE_LIMIT_ADDRESS_PER_MINUTE: '2' });
    expect(await flood(t.app, '127.0.0.1', (i) => `198.51.100.${i + 1}`)).toEqual([200, 200, 200, 200]);
    expect(await flood(t.app, '203.0.113.10', (i) => `198.51.103.${i + 1}`)).toEqual([200, 200, 429, 429]);
  });

  it('with a hop count, believes that many hops and no more', async () => {
    const t = await start({ TRUST_PROXY: '1', RATE_LIMIT_ADDRESS_PER_MINUTE: '2' });
    // The hop next to the proxy is the client; what the client wrote before it is not believed.
    expect(await flood(t.app, '10.9.9.9', (i) => `198.51.104.${i + 1}, 203.0.113.50`)).toEqual([200, 200, 429, 429]);
    expect(await flood(t.app, '10.9.9.9', (i) => `198.51.105.${i + 1}`)).toEqual([200, 200, 200, 200]);
  });

  it('takes a hop count or a list, and refuses anything else at start', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('true')).toEqual(['loopback']);
    expect(parseTrustProxy('10.0.0.1, 2001:db8::/32,loopback')).toEqual(['10.0.0.1', '2001:db8::/32', 'loopback']);
    for (const bad of ['yes', '0', '11', '10.0.0.0/33', 'proxy.example', '10.0.0.1,,nope'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('the certificate signing key from a file outside DATA_DIR', () => {
  it('signs with the key of CERTIFICATE_SIGNING_KEY_FILE and writes no key into DATA_DIR', async () => {
    const secrets = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-secrets-'));
    const file = path.join(secrets, 'signing-key');
    const seed = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, `${seed}\n`, { mode: 0o600 });
    const t = await start({ CERTIFICATE_SIGNING_KEY_FILE: file });
    expect(fs.existsSync(path.join(t.dataDir, SIGNING_KEY_FILE))).toBe(false);
    const keys = (await t.app.inject({ url: '/api/v1/certificate-keys' })).json().data as {
      keys: { kid: string; public_key: string; active: boolean }[];
    };
    const active = keys.keys.find((k) => k.active)!;
    expect(active.kid).toBe(t.app.certificateKeys.active.kid);
    expect(keyId(base64urlDecode(active.public_key)!)).toBe(active.kid);
    const fromSeed = crypto.createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seed, 'base64url')]),
      format: 'der',
      type: 'pkcs8',
    });
    const spki = crypto.createPublicKey(fromSeed).export({ format: 'der', type: 'spki' });
    expect(Buffer.from(active.public_key, 'base64url').equals(spki.subarray(12))).toBe(true);
    fs.rmSync(secrets, { recursive: true, force: true });
  });

  it('refuses to start on a missing or malformed key file, or with both settings', () => {
    expect(() => loadConfig({ CERTIFICATE_SIGNING_KEY_FILE: '/nonexistent/signing-key' })).toThrow(/cannot read/);
    const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rc-secrets-')), 'k');
    fs.writeFileSync(bad, 'not a key');
    expect(() => loadConfig({ CERTIFICATE_SIGNING_KEY_FILE: bad })).toThrow(/32-byte/);
    expect(() =>
      loadConfig({
        CERTIFICATE_SIGNING_KEY_FILE: bad,
        CERTIFICATE_SIGNING_KEY: crypto.randomBytes(32).toString('base64url'),
      }),
    ).toThrow(/not both/);
  });
});
