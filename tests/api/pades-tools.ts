import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * What a receiver of a certificate PDF has, and what a ministry gets from its CA — all made with
 * Debian's own tools (openssl, poppler's pdfsig, qpdf, NSS's certutil), never with our code.
 */
const run = promisify(execFile);

export async function sh(cmd: string, args: string[], cwd?: string) {
  const { stdout, stderr } = await run(cmd, args, { cwd, maxBuffer: 16 << 20 });
  return stdout + stderr;
}

const ext = (dir: string, name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

/** A CA and a certificate it issues, as `openssl` makes them: `kind` ec (P-256) or rsa (2048 bits). */
export async function opensslChain(dir: string, kind: 'ec' | 'rsa', leafExtensions: string) {
  fs.mkdirSync(dir, { recursive: true });
  const newKey = (out: string) =>
    kind === 'ec'
      ? sh('openssl', ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', out])
      : sh('openssl', ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', out]);
  const f = (n: string) => path.join(dir, n);
  await newKey(f('root.key'));
  await sh('openssl', [
    'req',
    '-x509',
    '-new',
    '-key',
    f('root.key'),
    '-subj',
    '/C=LA/O=Test Ministry/CN=Test Root CA',
    '-days',
    '30',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
    '-out',
    f('root.pem'),
  ]);
  await newKey(f('leaf.key'));
  await sh('openssl', [
    'req',
    '-new',
    '-key',
    f('leaf.key'),
    '-subj',
    '/C=LA/O=Test Ministry/CN=Test Ministry Signer',
    '-out',
    f('leaf.csr'),
  ]);
  await sh('openssl', [
    'x509',
    '-req',
    '-in',
    f('leaf.csr'),
    '-CA',
    f('root.pem'),
    '-CAkey',
    f('root.key'),
    '-CAcreateserial',
    '-days',
    '30',
    '-extfile',
    ext(dir, 'leaf.ext', leafExtensions),
    '-out',
    f('leaf.pem'),
  ]);
  fs.writeFileSync(f('chain.pem'), fs.readFileSync(f('leaf.pem'), 'utf8') + fs.readFileSync(f('root.pem'), 'utf8'));
  return { root: f('root.pem'), key: f('leaf.key'), cert: f('leaf.pem'), chain: f('chain.pem') };
}

export const SIGNER_EXTENSIONS = 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n';

/** An RFC 3161 responder on 127.0.0.1 that answers with `openssl ts -reply` and its own TSA key. */
export async function startTimestampAuthority(dir: string) {
  const tsa = await opensslChain(
    dir,
    'ec',
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n',
  );
  const config = ext(
    dir,
    'tsa.cnf',
    `[ tsa ]\ndefault_tsa = tsa_config\n[ tsa_config ]\nserial = ${path.join(dir, 'tsaserial')}\n` +
      `crypto_device = builtin\nsigner_digest = sha256\ndefault_policy = 1.2.3.4.1\nother_policies = 1.2.3.4.5\ndigests = sha256\n` +
      `accuracy = secs:1\nordering = yes\ntsa_name = no\ness_cert_id_chain = no\ness_cert_id_alg = sha256\n`,
  );
  fs.writeFileSync(path.join(dir, 'tsaserial'), '01\n');
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = ++requests;
      const query = path.join(dir, `q${n}.tsq`);
      const reply = path.join(dir, `r${n}.tsr`);
      fs.writeFileSync(query, Buffer.concat(chunks));
      sh('openssl', [
        'ts',
        '-reply',
        '-config',
        config,
        '-queryfile',
        query,
        '-signer',
        tsa.cert,
        '-inkey',
        tsa.key,
        '-chain',
        tsa.root,
        '-out',
        reply,
      ]).then(
        () => res.writeHead(200, { 'Content-Type': 'application/timestamp-reply' }).end(fs.readFileSync(reply)),
        (err: Error) => res.writeHead(500).end(err.message),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`,
    root: tsa.root,
    cert: tsa.cert,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** pdfsig's report on a PDF, with the NSS database it trusts (none: the system's, which knows no test CA). */
export async function pdfsig(dir: string, pdf: Buffer, nssDir?: string) {
  const file = path.join(dir, `check-${process.hrtime.bigint()}.pdf`);
  fs.writeFileSync(file, pdf);
  return sh('pdfsig', [...(nssDir ? ['-nssdir', `sql:${nssDir}`] : []), file]);
}

/** An NSS database that trusts `root` as a CA, as a receiver would install the Lao national root. */
export async function nssTrusting(dir: string, root: string) {
  fs.mkdirSync(dir, { recursive: true });
  await sh('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
  await sh('certutil', ['-A', '-d', `sql:${dir}`, '-n', 'root', '-t', 'CT,C,C', '-i', root]);
  return dir;
}

/** The /ByteRange and the CMS in /Contents of a signed PDF (the zero padding after the DER cut off). */
export function signatureOf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const m = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(text);
  if (!m) throw new Error('no /ByteRange');
  const range = m.slice(1, 5).map(Number) as [number, number, number, number];
  const hex = text.slice(range[1] + 1, range[2] - 1);
  const padded = Buffer.from(hex, 'hex');
  const parsed = asn1js.fromBER(new Uint8Array(padded));
  const cms = padded.subarray(0, parsed.offset);
  const signed = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(new Uint8Array(cms)).content });
  const signer = signed.signerInfos[0]!;
  const token = signer.unsignedAttrs?.attributes.find((a) => a.type === '1.2.840.113549.1.9.16.2.14')?.values[0];
  return {
    range,
    cms,
    signatureValue: Buffer.from(signer.signature.valueBlock.valueHexView),
    timestampToken: token ? Buffer.from(token.toBER()) : undefined,
  };
}
