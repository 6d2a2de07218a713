import crypto from 'node:crypto';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  base64urlDecode,
  base64urlEncode,
  parseFragment,
  type CertificateStatement,
} from '../../contract/certificate-statement';
import { loadCertificateKeys } from '../../server/lib/certificate-keys';
import { checkSignature } from '../../src/features/verify/lib/check-signature';

const keys = loadCertificateKeys({
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'rc-keys-')),
  certificateRetiredKeys: [],
});
const statement: CertificateStatement = {
  v: 1,
  c: 'ABCDEFGH',
  t: 'RC000042',
  n: 'ສົມພອນ ແກ້ວມະນີ',
  b: '1990-04-12',
  i: '2026-11-23',
  o: 'ຫ້ອງການເມືອງຈັນທະບູລີ / Chanthabouly District Office',
};
const fragment = `#${keys.active.sign(statement)}`;

/** The verify page's check, with WebCrypto's Ed25519 and with the @noble/ed25519 fallback. */
describe.each([{ forceFallback: false }, { forceFallback: true }])('checkSignature %o', (opts) => {
  it('a genuine statement is genuine and shows what was signed', async () => {
    expect(await checkSignature('ABCDEFGH', fragment, keys.keySet, opts)).toEqual({
      result: 'genuine',
      statement,
      kid: keys.active.kid,
    });
  });

  it('an altered statement, a statement behind another code, or a broken fragment is not genuine', async () => {
    const f = parseFragment(fragment)!;
    const altered = base64urlEncode(
      new TextEncoder().encode(new TextDecoder().decode(base64urlDecode(f.statement)!).replace('1990', '1980')),
    );
    expect((await checkSignature('ABCDEFGH', `#${altered}.${f.signature}.${f.kid}`, keys.keySet, opts)).result).toBe(
      'not-genuine',
    );
    expect((await checkSignature('OTHERCODE', fragment, keys.keySet, opts)).result).toBe('not-genuine');
    expect((await checkSignature('ABCDEFGH', '#garbage', keys.keySet, opts)).result).toBe('not-genuine');
    const otherSignature = base64urlEncode(crypto.randomBytes(64));
    expect(
      (await checkSignature('ABCDEFGH', `#${f.statement}.${otherSignature}.${f.kid}`, keys.keySet, opts)).result,
    ).toBe('not-genuine');
  });

  it('a key id this device does not know says so', async () => {
    const f = parseFragment(fragment)!;
    expect(await checkSignature('ABCDEFGH', `#${f.statement}.${f.signature}.AAAAAAAAAAA`, keys.keySet, opts)).toEqual({
      result: 'unknown-key',
      kid: 'AAAAAAAAAAA',
    });
  });
});
