/**
 * The server's memory while many citizens send their documents at once: each citizen sends three
 * documents and applies (create-new), all at the same time, either by resumable upload (tus, one
 * PATCH per document, which the server stores by 256 KB pieces as they arrive; then the
 * application names the uploads) or inline as base64 data URLs in the JSON body. Each run has a fresh server process; its resident memory (VmRSS) is sampled every
 * 10 ms from /proc, so the figure is the server's alone (Linux only).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { dataUrl, pdf, png } from '../../tests/api/application-fixtures';
import { startServer } from './server-process';

export interface UploadMemoryFigure {
  database: string;
  way: 'resumable upload' | 'base64 in JSON';
  citizens: number;
  documentKb: number;
  baselineMb: number;
  peakMb: number;
  seconds: number;
  failures: number;
}

/** What one PATCH carries: the whole document (the server keeps each piece as it arrives). */
const PATCH_BYTES = 10 * 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };
const KINDS = ['applicant_photo', 'household_registration_book', 'proof_of_residence'] as const;

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

/** Three documents of about `size` bytes each that do not compress away (random bytes after the file's end). */
function documentsOf(size: number) {
  const pad = (b: Buffer) => Buffer.concat([b, crypto.randomBytes(Math.max(0, size - b.length))]);
  return {
    applicant_photo: { bytes: pad(png(300, 400)), type: 'image/png' },
    household_registration_book: { bytes: pad(pdf()), type: 'application/pdf' },
    proof_of_residence: { bytes: pad(pdf('Proof of residence')), type: 'application/pdf' },
  };
}
type Documents = ReturnType<typeof documentsOf>;

async function resumable(api: string, auth: Record<string, string>, kind: string, bytes: Buffer): Promise<string> {
  const meta = `kind ${Buffer.from(kind).toString('base64')}`;
  const created = await fetch(`${api}/v1/uploads`, {
    method: 'POST',
    headers: { ...auth, ...TUS, 'upload-length': String(bytes.length), 'upload-metadata': meta },
  });
  if (created.status !== 201) throw new Error(`create upload: ${created.status} ${await created.text()}`);
  const location = created.headers.get('location')!;
  for (let offset = 0; offset < bytes.length; offset += PATCH_BYTES) {
    const res = await fetch(`${api.replace(/\/api$/, '')}${location}`, {
      method: 'PATCH',
      headers: {
        ...auth,
        ...TUS,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
      },
      body: new Uint8Array(bytes.subarray(offset, offset + PATCH_BYTES)),
    });
    if (res.status !== 204) throw new Error(`patch: ${res.status} ${await res.text()}`);
  }
  return location.split('/').pop()!;
}

async function apply(
  api: string,
  token: string,
  form: Record<string, unknown>,
  docs: Documents,
  way: UploadMemoryFigure['way'],
) {
  const auth = { authorization: `Bearer ${token}` };
  const body: Record<string, unknown> = { ...form };
  for (const kind of KINDS) {
    delete body[kind];
    if (way === 'base64 in JSON') body[kind] = dataUrl(docs[kind].bytes, docs[kind].type);
    else body[`${kind}_upload_id`] = await resumable(api, auth, kind, docs[kind].bytes);
  }
  const res = await fetch(`${api}/v1/citizen/resident-certificate/create-new`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status === 201;
}

async function run(
  databaseUrl: string | undefined,
  way: UploadMemoryFigure['way'],
  citizens: number,
  size: number,
): Promise<UploadMemoryFigure> {
  const server = await startServer(databaseUrl, { BENCH_CITIZENS: String(citizens) });
  try {
    const api = `http://127.0.0.1:${server.appPort}/api`;
    const docs = documentsOf(size);
    const form = server.form;
    await new Promise((r) => setTimeout(r, 1000));
    const baselineMb = rssMb(server.pid);
    let peakMb = baselineMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server.pid))), 10);
    const t0 = performance.now();
    const results = await Promise.all(
      server.citizens.map((token) => apply(api, token, form, docs, way).catch(() => false)),
    );
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, rssMb(server.pid));
    return {
      database: server.database,
      way,
      citizens,
      documentKb: Math.round(size / 1024),
      baselineMb,
      peakMb,
      seconds,
      failures: results.filter((ok) => !ok).length,
    };
  } finally {
    await server.stop();
  }
}

/** Resumable and base64, 20 citizens with ~450 KB documents and with 5 MB documents. */
export async function uploadMemory(databaseUrl?: string): Promise<UploadMemoryFigure[]> {
  const figures: UploadMemoryFigure[] = [];
  for (const size of [450 * 1024, 5 * 1024 * 1024])
    for (const way of ['resumable upload', 'base64 in JSON'] as const) {
      process.stderr.write(`  ${way}, 20 citizens × 3 × ${Math.round(size / 1024)} KB…\n`);
      figures.push(await run(databaseUrl, way, 20, size));
    }
  return figures;
}

export function uploadMemoryTable(figures: UploadMemoryFigure[]): string[] {
  const lines = [
    '',
    '## Server memory while citizens send documents at once',
    '',
    'Each citizen sends three documents and applies (create-new), all at the same time: by resumable upload (one PATCH per document) or as base64 data URLs in the JSON body. A fresh server process per row, its resident memory sampled every 10 ms.',
    '',
    '| database | way | citizens × documents | before | peak | peak − before | time | failed |',
    '|---|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const f of figures)
    lines.push(
      `| ${f.database} | ${f.way} | ${f.citizens} × 3 × ${f.documentKb} KB | ${Math.round(f.baselineMb)} MB | ${Math.round(f.peakMb)} MB | ${Math.round(f.peakMb - f.baselineMb)} MB | ${f.seconds.toFixed(1)} s | ${f.failures} |`,
    );
  return lines;
}
