import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, publicStartProblems } from '../../server/config';
import { BASE, issuedApplication } from './certificate-fixtures';
import {
  SIGNER_EXTENSIONS,
  nssTrusting,
  opensslChain,
  pdfsig,
  sh,
  signatureOf,
  startTimestampAuthority,
} from './pades-tools';
import { startTestApp, type TestApp } from './test-app';

/**
 * Issue 37: a certificate PDF that proves itself in any PDF reader — PAdES signed by the
 * ministry's key, checked with the tools a receiver has (poppler's pdfsig, qpdf, openssl).
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-pades-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function download(app: TestApp['app']) {
  const { citizen, id } = await issuedApplication(app);
  const res = await app.inject({ method: 'GET', url: `${BASE}/${id}/download-2`, headers: citizen.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

let tsa: Awaited<ReturnType<typeof startTimestampAuthority>>;
beforeAll(async () => {
  tsa = await startTimestampAuthority(path.join(work, 'tsa'));
});
afterAll(async () => tsa?.close());

describe.each([
  { kind: 'ec' as const, form: 'PEM key and chain' },
  { kind: 'rsa' as const, form: 'PKCS#12' },
])('a certificate signed with the ministry’s $kind key ($form), timestamped', ({ kind }) => {
  const dir = path.join(work, kind);
  let t: TestApp;
  let ministry: Awaited<ReturnType<typeof opensslChain>>;
  let pdf: Buffer;

  beforeAll(async () => {
    ministry = await opensslChain(dir, kind, SIGNER_EXTENSIONS);
    let keySettings: Record<string, string>;
    if (kind === 'ec') {
      keySettings = { CERTIFICATE_PDF_KEY_FILE: ministry.key, CERTIFICATE_PDF_CERT_FILE: ministry.chain };
    } else {
      const p12 = path.join(dir, 'ministry.p12');
      await sh('openssl', [
        'pkcs12',
        '-export',
        '-inkey',
        ministry.key,
        '-in',
        ministry.cert,
        '-certfile',
        ministry.root,
        '-passout',
        'pass:trial-passphrase',
        '-out',
        p12,
      ]);
      keySettings = { CERTIFICATE_PDF_KEY_FILE: p12, CERTIFICATE_PDF_KEY_PASSPHRASE: 'trial-passphrase' };
    }
    t = await startTestApp({ ...keySettings, CERTIFICATE_PDF_TSA_URL: tsa.url });
    pdf = await download(t.app);
  });
  afterAll(async () => t?.close());

  it('pdfsig: a valid ETSI.CAdES.detached signature over the whole document, not trusted without the root', async () => {
    const out = await pdfsig(dir, pdf);
    expect(out).toContain('Signature Type: ETSI.CAdES.detached');
    expect(out).toContain('Total document signed');
    expect(out).toContain('Signature Validation: Signature is Valid.');
    expect(out).toContain('Signer Certificate Common Name: Test Ministry Signer');
    expect(out).toMatch(/Certificate issuer isn't Trusted/);
  });

  it('pdfsig: trusted once the ministry’s root is in the reader’s NSS database', async () => {
    const nss = await nssTrusting(path.join(dir, 'nss'), ministry.root);
    const out = await pdfsig(dir, pdf, nss);
    expect(out).toContain('Signature Validation: Signature is Valid.');
    expect(out).toContain('Certificate Validation: Certificate is Trusted.');
  });

  it('pdfsig: one byte changed inside the signed range is a digest mismatch', async () => {
    const { range } = signatureOf(pdf);
    const edited = Buffer.from(pdf);
    const at = range[2] + Math.floor(range[3] / 2); // in the second signed part, after /Contents
    edited[at] = edited[at]! ^ 0x01;
    const out = await pdfsig(dir, edited);
    expect(out).toMatch(/Digest Mismatch/);
    expect(out).not.toContain('Signature is Valid');
  });

  it('qpdf --check finds no fault', async () => {
    const file = path.join(dir, 'qpdf.pdf');
    fs.writeFileSync(file, pdf);
    expect(await sh('qpdf', ['--check', file])).toMatch(/No syntax or stream encoding errors found/);
  });

  it('CMS as PAdES wants it: signing-certificate-v2, no signing-time; a timestamp openssl ts -verify accepts', async () => {
    const sig = signatureOf(pdf);
    const cmsFile = path.join(dir, 'signature.p7s');
    fs.writeFileSync(cmsFile, sig.cms);
    const printed = await sh('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cmsFile]);
    // Our signer's signed attributes come before its unsigned ones (the timestamp token has its own).
    const [signedPart, unsignedPart] = printed.split(/unsignedAttrs:/);
    expect(signedPart).toMatch(/id-smime-aa-signingCertificateV2|1\.2\.840\.113549\.1\.9\.16\.2\.47/);
    expect(signedPart).toMatch(/messageDigest/);
    expect(signedPart).not.toMatch(/signingTime/i);
    expect(unsignedPart).toMatch(/id-smime-aa-timeStampToken|1\.2\.840\.113549\.1\.9\.16\.2\.14/);

    expect(sig.timestampToken).toBeDefined();
    const token = path.join(dir, 'token.der');
    const data = path.join(dir, 'signature-value.bin');
    fs.writeFileSync(token, sig.timestampToken!);
    fs.writeFileSync(data, sig.signatureValue);
    const verified = await sh('openssl', [
      'ts',
      '-verify',
      '-token_in',
      '-in',
      token,
      '-data',
      data,
      '-CAfile',
      tsa.root,
      '-untrusted',
      tsa.cert,
    ]);
    expect(verified).toMatch(/Verification: OK/);
  });
});

describe('a local trial', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('signs with a trial CA of its own in DATA_DIR, which a reader trusts only when told to', async () => {
    const ca = path.join(t.dataDir, 'certificate-pdf-trial-ca.pem');
    expect(fs.existsSync(ca)).toBe(true);
    const pdf = await download(t.app);
    const dir = path.join(work, 'trial');
    fs.mkdirSync(dir, { recursive: true });
    const plain = await pdfsig(dir, pdf);
    expect(plain).toContain('Signature Type: ETSI.CAdES.detached');
    expect(plain).toContain('Signature Validation: Signature is Valid.');
    expect(plain).toContain('Total document signed');
    expect(plain).toMatch(/Certificate issuer isn't Trusted/);
    expect(plain).toContain('Signer Certificate Common Name: Resident certificates trial signer (not the ministry)');
    expect(plain).not.toMatch(/Distinguished Name: .*\+/); // C, O and CN each their own RDN
    const trusted = await pdfsig(dir, pdf, await nssTrusting(path.join(dir, 'nss'), ca));
    expect(trusted).toContain('Certificate Validation: Certificate is Trusted.');
    expect(signatureOf(pdf).timestampToken).toBeUndefined(); // no timestamp authority: B-B
  });

  it('prints that the PDF is digitally signed, and how to check it, in both languages', async () => {
    const pdf = await download(t.app);
    const file = path.join(work, 'trial-text.pdf');
    fs.writeFileSync(file, pdf);
    const text = (await sh('pdftotext', ['-layout', file, '-'])).replace(/\s+/g, ' ');
    expect(text).toContain('Digitally signed by the Ministry of Home Affairs');
    expect(text).toContain('signature panel of a PDF reader');
    expect(text).toContain('ກະຊວງພາຍໃນ'); // the Ministry of Home Affairs (pdftotext splits some Lao vowels off)
  });

  it('says so in the log when it generates them', async () => {
    const { loadPdfSigningKey } = await import('../../server/lib/pdf-signing-key');
    const fresh = fs.mkdtempSync(path.join(work, 'fresh-'));
    const lines: string[] = [];
    const info = (_o: object, m: string) => void lines.push(m);
    await loadPdfSigningKey(loadConfig({ NODE_ENV: 'test', DATA_DIR: fresh }), { info });
    expect(lines.join('\n')).toMatch(/generated a trial CA and PDF signing certificate/);
    await loadPdfSigningKey(loadConfig({ NODE_ENV: 'test', DATA_DIR: fresh }), { info });
    expect(lines).toHaveLength(1); // the next start reuses them
  });
});

describe('a timestamp authority that does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CERTIFICATE_PDF_TSA_URL: 'http://127.0.0.1:9/tsa' });
  });
  afterAll(async () => t?.close());

  it('does not stop the download: the PDF is signed without a timestamp (B-B)', async () => {
    const pdf = await download(t.app);
    const dir = path.join(work, 'no-tsa');
    fs.mkdirSync(dir, { recursive: true });
    expect(await pdfsig(dir, pdf)).toContain('Signature Validation: Signature is Valid.');
    expect(signatureOf(pdf).timestampToken).toBeUndefined();
  });
});

describe('configuration', () => {
  it('a server meant for others refuses to start without the ministry’s PDF signing key', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      APP_BASE_URL: 'https://egov.example.la',
      DATA_DIR: work,
    });
    expect(publicStartProblems(config).join('\n')).toMatch(/set CERTIFICATE_PDF_KEY_FILE/);
  });

  it('refuses a key inside DATA_DIR, a PEM key without its chain, and a wrong passphrase, in words', async () => {
    const { loadPdfSigningKey } = await import('../../server/lib/pdf-signing-key');
    const inside = fs.mkdtempSync(path.join(work, 'data-'));
    fs.copyFileSync(path.join(work, 'ec', 'leaf.key'), path.join(inside, 'leaf.key'));
    const load = (env: Record<string, string>) => loadPdfSigningKey(loadConfig({ NODE_ENV: 'test', ...env }));
    await expect(load({ DATA_DIR: inside, CERTIFICATE_PDF_KEY_FILE: path.join(inside, 'leaf.key') })).rejects.toThrow(
      /inside DATA_DIR/,
    );
    await expect(
      load({ DATA_DIR: inside, CERTIFICATE_PDF_KEY_FILE: path.join(work, 'ec', 'leaf.key') }),
    ).rejects.toThrow(/CERTIFICATE_PDF_CERT_FILE: a PEM key needs its certificate chain/);
    await expect(
      load({
        DATA_DIR: inside,
        CERTIFICATE_PDF_KEY_FILE: path.join(work, 'rsa', 'ministry.p12'),
        CERTIFICATE_PDF_KEY_PASSPHRASE: 'wrong',
      }),
    ).rejects.toThrow(/CERTIFICATE_PDF_KEY_FILE: .* neither a PEM key nor a PKCS#12 file this passphrase opens/);
    await expect(
      load({
        DATA_DIR: inside,
        CERTIFICATE_PDF_KEY_FILE: path.join(work, 'ec', 'leaf.key'),
        CERTIFICATE_PDF_CERT_FILE: path.join(work, 'rsa', 'chain.pem'),
      }),
    ).rejects.toThrow(/no certificate given matches the key/);
  });
});
