import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, uploadParts, uploads } from '../../server/db/schema';
import { runScheduledJobs } from '../../server/services/jobs';
import { UPLOAD_PIECE_BYTES } from '../../server/services/uploads';
import { applicationBody, dataUrl, noisePng, pdf, png, samePdf, samePixels } from './application-fixtures';
import { createAccount } from './fixtures';
import { startSecondInstance, startTestApp, type TestApp } from './test-app';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
const TUS = { 'tus-resumable': '1.0.0' };

/**
 * A PATCH from offset 0 on a socket of its own (not inject), so that a test can stop writing or
 * cut the connection halfway through the body it announced.
 */
const rawPatchFromStart = (headers: Record<string, string>, location: string, length: number) =>
  http.request(`${base}${location}`, {
    method: 'PATCH',
    headers: {
      ...headers,
      ...TUS,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
      'content-length': String(length),
    },
  });
const APP = '/api/v1/citizen/resident-certificate';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

const create = (headers: Headers, kind: string, length: number, extra: Headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      ...headers,
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': metadata({ kind, filename: `${kind}.bin` }),
      ...extra,
    },
  });
const head = (headers: Headers, location: string) =>
  t.app.inject({ method: 'HEAD', url: location, headers: { ...headers, ...TUS } });
const patch = (headers: Headers, location: string, offset: number, bytes: Buffer, extra: Headers = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...headers,
      ...TUS,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      ...extra,
    },
    payload: bytes,
  });

/** Creates an upload and sends it whole in pieces of `piece` bytes; returns its id. */
async function uploadWhole(headers: Headers, kind: string, bytes: Buffer, piece = 100_000): Promise<string> {
  const created = await create(headers, kind, bytes.length);
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  for (let offset = 0; offset < bytes.length; offset += piece) {
    const res = await patch(headers, location, offset, bytes.subarray(offset, offset + piece));
    expect(res.statusCode, res.body).toBe(204);
    expect(Number(res.headers['upload-offset'])).toBe(Math.min(offset + piece, bytes.length));
  }
  return location.split('/').pop()!;
}

/** A whole PDF of about `size` bytes: its page carries an image of random samples (hex-encoded). */
const bigPdf = (size: number) => pdf('Household registration book', crypto.randomBytes(size >> 1).toString('hex'));
/** A 3:4 PNG of grey noise, about `size` bytes: large and incompressible, and decodable whole. */
const bigPhoto = (size: number) => {
  const width = Math.round(Math.sqrt((size * 3) / 4));
  return noisePng(width, Math.round((width * 4) / 3));
};

/**
 * An application made with the upload at `location` as its proof of residence; the bytes the server
 * then gives back for that document (through `reader`, the same instance or another).
 */
async function residenceStoredFrom(headers: Headers, location: string, reader = t.app): Promise<Buffer> {
  const used = await t.app.inject({
    method: 'POST',
    url: `${APP}/create-new`,
    headers,
    payload: await applicationBody(t.app, {
      proof_of_residence: undefined,
      proof_of_residence_upload_id: location.split('/').pop(),
    }),
  });
  expect(used.statusCode, used.body).toBe(201);
  const doc = await reader.inject({
    method: 'GET',
    url: `${APP}/${used.json().data.id}/documents/proof_of_residence`,
    headers,
  });
  return doc.rawPayload;
}

async function liveUploads(userId: number) {
  const [row] = await t.app.db.select({ n: count() }).from(uploads).where(eq(uploads.userId, userId));
  return row.n;
}

describe('resumable uploads (tus 1.0.0)', () => {
  it('says what it supports', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/uploads' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['tus-version']).toBe('1.0.0');
    expect(res.headers['tus-extension']).toContain('creation,');
    expect(res.headers['tus-extension']).toContain('termination');
    expect(res.headers['tus-max-size']).toBe(String(10 * 1024 * 1024));
  });

  it('takes three documents in pieces, and create-new uses them: byte for byte, uploads then gone', async () => {
    const citizen = await createAccount(t.app);
    const photo = bigPhoto(300_000);
    const book = bigPdf(600_000);
    const residence = bigPdf(3 * 1024 * 1024 + 17);
    const created = await create(citizen.headers, 'applicant_photo', photo.length);
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{32}$/);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const expires = Date.parse(created.headers['upload-expires'] as string);
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(expires - Date.now()).toBeLessThan(24.1 * 3_600_000);

    const location = created.headers.location as string;
    let state = await head(citizen.headers, location);
    expect(state.statusCode).toBe(200);
    expect(state.headers).toMatchObject({
      'upload-offset': '0',
      'upload-length': String(photo.length),
      'cache-control': 'no-store',
    });
    for (let offset = 0; offset < photo.length; offset += 70_000) {
      const res = await patch(citizen.headers, location, offset, photo.subarray(offset, offset + 70_000));
      expect(res.statusCode, res.body).toBe(204);
    }
    state = await head(citizen.headers, location);
    expect(state.headers['upload-offset']).toBe(String(photo.length));

    const ids = {
      applicant_photo_upload_id: location.split('/').pop(),
      household_registration_book_upload_id: await uploadWhole(citizen.headers, 'household_registration_book', book),
      // One PATCH of 3 MB (beyond the 1 MB limit of JSON bodies), stored in pieces as it arrives.
      proof_of_residence_upload_id: await uploadWhole(
        citizen.headers,
        'proof_of_residence',
        residence,
        10 * 1024 * 1024,
      ),
    };
    const body = await applicationBody(t.app, {
      applicant_photo: undefined,
      household_registration_book: undefined,
      proof_of_residence: undefined,
      ...ids,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `${APP}/create-new`,
      headers: citizen.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;

    for (const [kind, bytes, type] of [
      ['applicant_photo', photo, 'image/png'],
      ['household_registration_book', book, 'application/pdf'],
      ['proof_of_residence', residence, 'application/pdf'],
    ] as const) {
      const doc = await t.app.inject({
        method: 'GET',
        url: `${APP}/${id}/documents/${kind}`,
        headers: citizen.headers,
      });
      expect(doc.statusCode).toBe(200);
      expect(doc.headers['content-type']).toContain(type);
      // PDFs are kept as sent; images as a fresh encoding of the same pixels.
      if (type === 'application/pdf') expect(samePdf(doc.rawPayload, bytes), kind).toBe(true);
      else expect(await samePixels(doc.rawPayload, bytes), kind).toBe(true);
    }
    const detail = (await t.app.inject({ method: 'GET', url: `${APP}/${id}`, headers: citizen.headers })).json().data;
    expect(detail.document_submit.applicant_photo_name).toBe('photo 3x4.png');

    expect(await liveUploads(citizen.user.id)).toBe(0);
    const [parts] = await t.app.db.select({ n: count() }).from(uploadParts);
    expect(parts.n).toBe(0);
    const files = path.join(t.dataDir, 'uploads');
    if (fs.existsSync(files)) expect(fs.readdirSync(files)).toEqual([]);
    expect(await head(citizen.headers, location)).toMatchObject({ statusCode: 404 });
  });

  it('keeps the bytes that arrived before the connection broke, and resumes from there', async () => {
    const citizen = await createAccount(t.app);
    const bytes = bigPdf(1_200_000);
    const created = await create(citizen.headers, 'household_registration_book', bytes.length);
    const location = created.headers.location as string;

    // Half of the body (more than one stored piece), then the socket is destroyed.
    const sent = 700_000;
    await new Promise<void>((resolve) => {
      const req = rawPatchFromStart(citizen.headers, location, bytes.length);
      req.on('error', () => resolve());
      req.write(bytes.subarray(0, sent), () => setTimeout(() => req.destroy(), 300));
    });

    // The server keeps what reached it (all of it, or all but what was still in its buffers),
    // once it has seen the connection close.
    let offset = -1;
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const now = Number((await head(citizen.headers, location)).headers['upload-offset']);
      if (now === offset) break;
      offset = now;
    }
    expect(offset).toBeGreaterThanOrEqual(UPLOAD_PIECE_BYTES * 2);
    expect(offset).toBeLessThanOrEqual(sent);

    // A resume from elsewhere than the server's offset is refused, from there it completes.
    expect((await patch(citizen.headers, location, 0, bytes.subarray(0, 10))).statusCode).toBe(409);
    const rest = await patch(citizen.headers, location, offset, bytes.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));

    const proof = await uploadWhole(citizen.headers, 'applicant_photo', png(300, 400));
    const other = await uploadWhole(citizen.headers, 'proof_of_residence', pdf('Residence'));
    const res = await t.app.inject({
      method: 'POST',
      url: `${APP}/create-new`,
      headers: citizen.headers,
      payload: await applicationBody(t.app, {
        applicant_photo: undefined,
        applicant_photo_upload_id: proof,
        household_registration_book: undefined,
        household_registration_book_upload_id: location.split('/').pop(),
        proof_of_residence: undefined,
        proof_of_residence_upload_id: other,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = await t.app.inject({
      method: 'GET',
      url: `${APP}/${res.json().data.id}/documents/household_registration_book`,
      headers: citizen.headers,
    });
    expect(samePdf(doc.rawPayload, bytes)).toBe(true);
  });

  it('lets a resume take over from a request whose link went silent, without mixing their bytes', async () => {
    const citizen = await createAccount(t.app);
    const bytes = bigPdf(800_000);
    const location = (await create(citizen.headers, 'proof_of_residence', bytes.length)).headers.location as string;
    // The first request sends 300 KB and then nothing more, its connection still open (a link that stalled).
    const stalled = rawPatchFromStart(citizen.headers, location, bytes.length);
    stalled.on('error', () => undefined);
    await new Promise((r) => stalled.write(bytes.subarray(0, 300_000), r));
    await new Promise((r) => setTimeout(r, 300));
    try {
      // What it sent is stored by pieces of at least UPLOAD_PIECE_BYTES (as they arrived); any rest is held.
      const offset = Number((await head(citizen.headers, location)).headers['upload-offset']);
      expect(offset).toBeGreaterThanOrEqual(UPLOAD_PIECE_BYTES);
      expect(offset).toBeLessThanOrEqual(300_000);
      const rest = await patch(citizen.headers, location, offset, bytes.subarray(offset));
      expect(rest.statusCode, rest.body).toBe(204);
    } finally {
      stalled.destroy();
    }
    expect(samePdf(await residenceStoredFrom(citizen.headers, location), bytes)).toBe(true);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('resumes on another instance of the server', async () => {
    const second = await startSecondInstance(t);
    try {
      const citizen = await createAccount(t.app);
      const bytes = bigPdf(400_000);
      const location = (await create(citizen.headers, 'proof_of_residence', bytes.length)).headers.location as string;
      expect((await patch(citizen.headers, location, 0, bytes.subarray(0, 150_000))).statusCode).toBe(204);
      const there = (extra: object) => second.app.inject({ url: location, ...extra });
      const state = await there({ method: 'HEAD', headers: { ...citizen.headers, ...TUS } });
      expect(state.headers['upload-offset']).toBe('150000');
      const rest = await there({
        method: 'PATCH',
        headers: {
          ...citizen.headers,
          ...TUS,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '150000',
        },
        payload: bytes.subarray(150_000),
      });
      expect(rest.statusCode, rest.body).toBe(204);
      expect(samePdf(await residenceStoredFrom(citizen.headers, location, second.app), bytes)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('refuses a wrong offset (409), a wrong body type (415), a body past the length and a bad creation', async () => {
    const citizen = await createAccount(t.app);
    const created = await create(citizen.headers, 'proof_of_payment', 100);
    const location = created.headers.location as string;
    expect((await patch(citizen.headers, location, 5, Buffer.alloc(10))).statusCode).toBe(409);
    const json = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...citizen.headers, ...TUS, 'upload-offset': '0', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    const tooLong = await patch(citizen.headers, location, 0, Buffer.alloc(101));
    expect(tooLong.statusCode).toBe(413);
    expect((await head(citizen.headers, location)).headers['upload-offset']).toBe('0');
    expect((await patch(citizen.headers, location, 0, Buffer.alloc(10), { 'tus-resumable': '0.2.2' })).statusCode).toBe(
      412,
    );

    const big = await create(citizen.headers, 'applicant_photo', 10 * 1024 * 1024 + 1);
    expect(big.statusCode).toBe(413);
    expect(big.json().data.error_code).toBe('file_too_large');
    expect((await create(citizen.headers, 'applicant_photo', 0)).statusCode).toBe(400);
    const unknownKind = await create(citizen.headers, 'passport', 100);
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json().data.fields).toEqual({ kind: 'invalid_kind' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...TUS, 'upload-length': '100', 'upload-metadata': metadata({ kind: 'applicant_photo' }) },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes a first piece with the creation, and lets the owner abandon an upload', async () => {
    const citizen = await createAccount(t.app);
    const bytes = pdf('Proof of residence');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        ...citizen.headers,
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': metadata({ kind: 'proof_of_residence' }),
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes.subarray(0, 100),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['upload-offset']).toBe('100');
    const location = created.headers.location as string;
    expect(
      (await t.app.inject({ method: 'DELETE', url: location, headers: { ...citizen.headers, ...TUS } })).statusCode,
    ).toBe(204);
    expect((await head(citizen.headers, location)).statusCode).toBe(404);
  });

  it("never shows, changes or lets anyone use another citizen's upload", async () => {
    const owner = await createAccount(t.app);
    const other = await createAccount(t.app);
    const id = await uploadWhole(owner.headers, 'applicant_photo', png(300, 400));
    const location = `/api/v1/uploads/${id}`;
    const unknown = `/api/v1/uploads/${crypto.randomBytes(16).toString('hex')}`;
    for (const url of [location, unknown, '/api/v1/uploads/..%2F..%2Fdb']) {
      expect((await head(other.headers, url)).statusCode).toBe(404);
      expect((await patch(other.headers, url, 0, Buffer.alloc(1))).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url, headers: { ...other.headers, ...TUS } })).statusCode).toBe(
        404,
      );
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `${APP}/create-new`,
      headers: other.headers,
      payload: await applicationBody(t.app, { applicant_photo: undefined, applicant_photo_upload_id: id }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().data.fields).toEqual({ applicant_photo_upload_id: 'upload_not_found' });
    expect((await head(owner.headers, location)).statusCode).toBe(200);
  });

  it('refuses a reference to the wrong kind, an unfinished upload, both ways or neither, and files that fail the checks', async () => {
    const citizen = await createAccount(t.app);
    const send = async (overrides: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `${APP}/create-new`,
        headers: citizen.headers,
        payload: await applicationBody(t.app, overrides),
      });
    const book = await uploadWhole(citizen.headers, 'household_registration_book', pdf());
    const wrongKind = await send({ applicant_photo: undefined, applicant_photo_upload_id: book });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().data.fields).toEqual({ applicant_photo_upload_id: 'upload_wrong_kind' });

    const half = (await create(citizen.headers, 'applicant_photo', 1000)).headers.location as string;
    const unfinished = await send({ applicant_photo: undefined, applicant_photo_upload_id: half.split('/').pop() });
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json().data.fields).toEqual({ applicant_photo_upload_id: 'upload_incomplete' });

    const photo = await uploadWhole(citizen.headers, 'applicant_photo', png(300, 400));
    const both = await send({ applicant_photo_upload_id: photo });
    expect(both.statusCode).toBe(400);
    expect(both.json().data.fields).toEqual({ applicant_photo: 'document_sent_twice' });
    const neither = await send({ applicant_photo: undefined });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().data.fields).toEqual({ applicant_photo: 'required' });
    const badId = await send({ applicant_photo: undefined, applicant_photo_upload_id: '../etc' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().data.fields).toEqual({ applicant_photo_upload_id: 'invalid_upload_id' });

    // The same checks as a data URL: the real type, and the 3:4 ratio of the photo.
    const [docsBefore] = await t.app.db.select({ n: count() }).from(documents);
    const square = await uploadWhole(citizen.headers, 'applicant_photo', png(400, 400));
    const ratio = await send({ applicant_photo: undefined, applicant_photo_upload_id: square });
    expect(ratio.statusCode).toBe(422);
    expect(ratio.json().data).toMatchObject({
      error_code: 'photo_aspect_ratio',
      fields: { applicant_photo: 'photo_aspect_ratio' },
    });
    const html = await uploadWhole(
      citizen.headers,
      'proof_of_residence',
      Buffer.from('<html><script>alert(1)</script>'),
    );
    const type = await send({ proof_of_residence: undefined, proof_of_residence_upload_id: html });
    expect(type.statusCode).toBe(415);
    expect(type.json().data).toMatchObject({
      error_code: 'file_type_not_allowed',
      fields: { proof_of_residence: 'file_type_not_allowed' },
    });
    const [docsAfter] = await t.app.db.select({ n: count() }).from(documents);
    expect(docsAfter.n).toBe(docsBefore.n);
    // A refused request uses nothing up: the photo can still be used.
    expect((await head(citizen.headers, `/api/v1/uploads/${photo}`)).statusCode).toBe(200);
  });

  it('answers a retried create-new with its first answer although its uploads are gone', async () => {
    const citizen = await createAccount(t.app);
    const body = await applicationBody(t.app, {
      applicant_photo: undefined,
      applicant_photo_upload_id: await uploadWhole(citizen.headers, 'applicant_photo', png(300, 400)),
      proof_of_residence: undefined,
      proof_of_residence_upload_id: await uploadWhole(citizen.headers, 'proof_of_residence', pdf('Residence')),
    });
    const headers = { ...citizen.headers, 'idempotency-key': crypto.randomUUID() };
    const first = await t.app.inject({ method: 'POST', url: `${APP}/create-new`, headers, payload: body });
    expect(first.statusCode, first.body).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: `${APP}/create-new`, headers, payload: body });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('accepts the proof of payment as an upload', async () => {
    const citizen = await createAccount(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: `${APP}/create-new`,
      headers: citizen.headers,
      payload: await applicationBody(t.app),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const proof = png(600, 900);
    const res = await t.app.inject({
      method: 'POST',
      url: `${APP}/${id}/upload-payment`,
      headers: citizen.headers,
      payload: {
        proof_of_payment_upload_id: await uploadWhole(citizen.headers, 'proof_of_payment', proof),
        proof_of_payment_name: 'transfer.png',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('waiting for approve');
    const doc = await t.app.inject({
      method: 'GET',
      url: `${APP}/${id}/documents/proof_of_payment`,
      headers: citizen.headers,
    });
    expect(await samePixels(doc.rawPayload, proof)).toBe(true);
    expect(await liveUploads(citizen.user.id)).toBe(0);
  });

  it('still takes documents as data URLs', async () => {
    const citizen = await createAccount(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `${APP}/create-new`,
      headers: citizen.headers,
      payload: await applicationBody(t.app, { applicant_photo: dataUrl(png(300, 400)) }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('removes uploads unused for a day, with their bytes', async () => {
    const citizen = await createAccount(t.app);
    const old = await uploadWhole(citizen.headers, 'proof_of_payment', png(300, 400));
    const fresh = await uploadWhole(citizen.headers, 'proof_of_payment', png(300, 400));
    const file = path.join(t.dataDir, 'uploads', old);
    expect(fs.existsSync(file)).toBe(t.databaseUrl === undefined);
    await t.app.db
      .update(uploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploads.id, old));
    const done = await runScheduledJobs(t.app);
    expect(done.expiredUploads).toBeGreaterThanOrEqual(1);
    expect((await head(citizen.headers, `/api/v1/uploads/${old}`)).statusCode).toBe(404);
    expect(await t.app.db.select().from(uploadParts).where(eq(uploadParts.uploadId, old))).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    expect((await head(citizen.headers, `/api/v1/uploads/${fresh}`)).statusCode).toBe(200);
  });

  it('limits the uploads a citizen holds at once', async () => {
    const citizen = await createAccount(t.app);
    for (let i = 0; i < 30; i++) expect((await create(citizen.headers, 'proof_of_payment', 10)).statusCode).toBe(201);
    const refused = await create(citizen.headers, 'proof_of_payment', 10);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().data.error_code).toBe('too_many_uploads');
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('hourly upload budgets', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ RATE_LIMIT_UPLOAD_MB_PER_HOUR: '1', RATE_LIMIT_UPLOAD_STARTS_PER_HOUR: '3' });
  });
  afterAll(async () => small?.close());
  const begin = (headers: Headers, length: number) =>
    small.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        ...headers,
        ...TUS,
        'upload-length': String(length),
        'upload-metadata': metadata({ kind: 'proof_of_payment' }),
      },
    });

  it('counts the megabytes and the uploads begun per account, with Retry-After', async () => {
    const citizen = await createAccount(small.app);
    expect((await begin(citizen.headers, 600_000)).statusCode).toBe(201);
    const bytes = await begin(citizen.headers, 600_000);
    expect(bytes.statusCode).toBe(429);
    expect(bytes.json().data.error_code).toBe('too_many_requests');
    expect(Number(bytes.headers['retry-after'])).toBeGreaterThan(3000);
    // A refused upload costs nothing: a smaller one still fits.
    expect((await begin(citizen.headers, 300_000)).statusCode).toBe(201);
    expect((await begin(citizen.headers, 10)).statusCode).toBe(201);
    expect((await begin(citizen.headers, 10)).statusCode).toBe(429);
    // Another citizen has a budget of their own.
    expect((await begin((await createAccount(small.app)).headers, 600_000)).statusCode).toBe(201);
  });
});

describe('an upload cannot bloat the database', () => {
  it('joins tiny pieces to the last part: a byte per PATCH adds no rows', async () => {
    const citizen = await createAccount(t.app);
    const bytes = crypto.randomBytes(UPLOAD_PIECE_BYTES + 70_000);
    const created = await create(citizen.headers, 'proof_of_residence', bytes.length);
    const location = created.headers.location as string;
    const id = location.split('/').pop()!;
    let offset = 0;
    for (; offset < 200; offset++)
      expect((await patch(citizen.headers, location, offset, bytes.subarray(offset, offset + 1))).statusCode).toBe(204);
    // A whole piece, then tiny ones again, then the rest.
    for (const size of [UPLOAD_PIECE_BYTES, 1, 1, 1]) {
      expect((await patch(citizen.headers, location, offset, bytes.subarray(offset, offset + size))).statusCode).toBe(
        204,
      );
      offset += size;
    }
    expect((await patch(citizen.headers, location, offset, bytes.subarray(offset))).statusCode).toBe(204);
    const [parts] = await t.app.db.select({ n: count() }).from(uploadParts).where(eq(uploadParts.uploadId, id));
    // PostgreSQL: the first part grew past a piece, the second holds the rest; PGlite: a file, no rows.
    expect(parts.n).toBe(t.databaseUrl ? 2 : 0);
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row.finished).toBe(true);
    expect((await t.app.uploads.read(row)).equals(bytes)).toBe(true);
  });

  it('limits the pieces and offset questions (PATCH, HEAD) per account per hour', async () => {
    const few = await startTestApp({ RATE_LIMIT_UPLOAD_PIECES_PER_HOUR: '3' });
    try {
      const citizen = await createAccount(few.app);
      const send = (method: 'HEAD' | 'PATCH', location: string, offset = 0) =>
        few.app.inject({
          method,
          url: location,
          headers: {
            ...citizen.headers,
            ...TUS,
            ...(method === 'PATCH'
              ? { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }
              : {}),
          },
          ...(method === 'PATCH' ? { payload: Buffer.from('x') } : {}),
        });
      const created = await few.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: {
          ...citizen.headers,
          ...TUS,
          'upload-length': '100',
          'upload-metadata': metadata({ kind: 'proof_of_payment' }),
        },
      });
      const location = created.headers.location as string;
      expect((await send('PATCH', location, 0)).statusCode).toBe(204);
      expect((await send('HEAD', location)).statusCode).toBe(200);
      expect((await send('PATCH', location, 1)).statusCode).toBe(204);
      const refused = await send('PATCH', location, 2);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().data.error_code).toBe('too_many_requests');
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await send('HEAD', location)).statusCode).toBe(429);
      // Not one more byte was taken.
      const [row] = await few.app.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, location.split('/').pop()!));
      expect(row.offset).toBe(2);
    } finally {
      await few.close();
    }
  });

  it.each([
    ['the disk keeps too little free', { STORAGE_MIN_FREE_MB: '10000000' }],
    ['the database is past its budget', { STORAGE_DATABASE_MAX_MB: '1' }],
  ])('refuses new uploads with 507 when %s, and nothing else', async (_what, env) => {
    const full = await startTestApp(env);
    try {
      const citizen = await createAccount(full.app);
      const begun = await full.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: {
          ...citizen.headers,
          ...TUS,
          'upload-length': '100',
          'upload-metadata': metadata({ kind: 'proof_of_payment' }),
        },
      });
      expect(begun.statusCode).toBe(507);
      expect(begun.json().data.error_code).toBe('storage_full');
      const inline = await full.app.inject({
        method: 'POST',
        url: `${APP}/create-new`,
        headers: citizen.headers,
        payload: await applicationBody(full.app),
      });
      expect(inline.statusCode).toBe(507);
      const [stored] = await full.app.db.select({ n: count() }).from(documents);
      expect(stored.n).toBe(0);
      // Reading goes on.
      expect((await full.app.inject({ url: `${APP}/history`, headers: citizen.headers })).statusCode).toBe(200);
    } finally {
      await full.close();
    }
  });
});

describe('what one account may hold', () => {
  it('refuses a sixth application under way', async () => {
    const citizen = await createAccount(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${APP}/create-new`,
        headers: citizen.headers,
        payload: await applicationBody(t.app),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const sixth = await t.app.inject({
      method: 'POST',
      url: `${APP}/create-new`,
      headers: citizen.headers,
      payload: await applicationBody(t.app),
    });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().data.error_code).toBe('too_many_applications');
  });

  it('refuses documents past the share of one account', async () => {
    const citizen = await createAccount(t.app);
    await t.app.db.insert(documents).values(
      Array.from({ length: 98 }, () => ({
        ownerId: citizen.user.id,
        kind: 'proof_of_payment',
        fileName: 'p.pdf',
        contentType: 'application/pdf',
        size: 1,
        sha256: '0'.repeat(64),
      })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `${APP}/create-new`,
      headers: citizen.headers,
      payload: await applicationBody(t.app),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().data.error_code).toBe('too_many_documents');
  });
});
