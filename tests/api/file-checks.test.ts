import zlib from 'node:zlib';
import sharp from 'sharp';
import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './fixtures';
import { applicationBody, dataUrl, pdf, png, storedFiles } from './application-fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const BASE = '/api/v1/citizen/resident-certificate';
const create = async (overrides: Record<string, unknown>) => {
  const citizen = await createAccount(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/create-new`,
    headers: citizen.headers,
    payload: await applicationBody(t.app, overrides),
  });
  return { res, citizen };
};
const refusedOn = async (field: string, overrides: Record<string, unknown>, status = 415) => {
  const before = storedFiles(t.dataDir).length;
  const { res } = await create(overrides);
  expect(res.statusCode, res.body).toBe(status);
  expect(Object.keys(res.json().data.fields ?? {})).toEqual([field]);
  expect(storedFiles(t.dataDir).length).toBe(before);
  return res.json().data as { error_code: string; message: string };
};

/** A PDF with these extra objects (numbered from 6) and catalogue entries, otherwise the fixture's. */
function pdfWith(catalogueExtra: string, extraObjects: string[] = [], trailerExtra = ''): Buffer {
  const base = pdf().toString('latin1');
  let out = base
    .replace('<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Catalog /Pages 2 0 R ${catalogueExtra} >>`)
    .replace(/xref[\s\S]*$/, '');
  extraObjects.forEach((o, i) => (out += `${i + 6} 0 obj\n${o}\nendobj\n`));
  // Viewers rebuild a broken cross-reference table; our check does not need one.
  out += `trailer\n<< /Size ${6 + extraObjects.length} /Root 1 0 R ${trailerExtra} >>\nstartxref\n0\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('images are decoded in full and kept as a fresh encoding', () => {
  it('refuses a PNG with an HTML page after its image (the polyglot once stored as a photo)', async () => {
    const polyglot = Buffer.concat([
      png(300, 400),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const data = await refusedOn('applicant_photo', { applicant_photo: dataUrl(polyglot) });
    expect(data.error_code).toBe('file_type_not_allowed');
  });

  it('refuses files that only start like an image, and damaged images', async () => {
    const pngHeaderOnly = Buffer.concat([png(300, 400).subarray(0, 33), Buffer.from('<html>not an image</html>')]);
    await refusedOn('applicant_photo', { applicant_photo: dataUrl(pngHeaderOnly) });
    const jpegLike = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html>hello</html>')]);
    await refusedOn('applicant_photo', { applicant_photo: dataUrl(jpegLike, 'image/jpeg') });
    const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#c86' } })
      .jpeg()
      .toBuffer();
    const truncated = photo.subarray(0, Math.floor(photo.length * 0.6));
    await refusedOn('applicant_photo', { applicant_photo: dataUrl(truncated, 'image/jpeg') });
    // A PNG whose pixel data is damaged (its chunks still add up).
    const good = png(300, 400);
    const damaged = Buffer.from(good);
    damaged.fill(0x41, 41, 60);
    await refusedOn('applicant_photo', { applicant_photo: dataUrl(damaged) });
  });

  it('refuses a 20,000 × 20,000 pixel bomb at once, without decoding it', async () => {
    // The header says 400 megapixels; the pixel data is a few bytes.
    const bomb = png(1, 1);
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    const started = performance.now();
    const data = await refusedOn('household_registration_book', { household_registration_book: dataUrl(bomb) }, 413);
    expect(data.error_code).toBe('file_too_large');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('accepts a phone photo, keeps it upright as a JPEG and drops its metadata (GPS position)', async () => {
    // As a phone stores a portrait shot: landscape pixels, EXIF orientation 6 (turn 90°), GPS.
    const sent = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8ac' } })
      .jpeg({ quality: 95 })
      .withExif({
        IFD0: { Make: 'PhonePhone', Model: 'X1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '17/1 58/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '102/1 36/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sentMeta = await sharp(sent).metadata();
    expect(sentMeta.orientation).toBe(6);
    expect(sentMeta.exif?.toString('latin1')).toContain('PhonePhone');

    const { res, citizen } = await create({ applicant_photo: dataUrl(sent, 'image/jpeg') });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const doc = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${id}/documents/applicant_photo`,
      headers: citizen.headers,
    });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toMatch(/^image\/jpeg/);
    const kept = doc.rawPayload;
    expect(kept.equals(sent)).toBe(false);
    const keptMeta = await sharp(kept).metadata();
    expect(keptMeta.format).toBe('jpeg');
    expect([keptMeta.width, keptMeta.height]).toEqual([300, 400]);
    expect(keptMeta.exif).toBeUndefined();
    expect(keptMeta.orientation).toBeUndefined();
    expect(kept.toString('latin1')).not.toContain('PhonePhone');
  });

  it('keeps the 3:4 check on the image as it will be shown', async () => {
    // 300 × 400 pixels turned by its EXIF orientation is 400 × 300 on screen: not a portrait photo.
    const sideways = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#8ac' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const data = await refusedOn('applicant_photo', { applicant_photo: dataUrl(sideways, 'image/jpeg') }, 422);
    expect(data.error_code).toBe('photo_aspect_ratio');
  });
});

describe('PDFs with active content, attached files or encryption are refused', () => {
  const field = 'household_registration_book';
  const refusePdf = (bytes: Buffer) => refusedOn(field, { [field]: dataUrl(bytes, 'application/pdf') });

  it.each([
    ['JavaScript run on opening', pdfWith('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>')],
    ['an opening action by reference', pdfWith('/OpenAction 6 0 R', ['<< /S /URI /URI (http://evil.example) >>'])],
    [
      'a JavaScript name tree',
      pdfWith('/Names << /JavaScript 6 0 R >>', ['<< /Names [(x) 7 0 R] >>', '<< /S /JavaScript /JS (1) >>']),
    ],
    ['a launch action', pdfWith('', ['<< /Type /Annot /Subtype /Link /A << /S /Launch /F (cmd.exe) >> >>'])],
    [
      'an embedded file',
      pdfWith('/Names << /EmbeddedFiles 6 0 R >>', [
        '<< /Names [(a.exe) 7 0 R] >>',
        '<< /Type /EmbeddedFile /Length 0 >>',
      ]),
    ],
    ['encryption', pdfWith('', ['<< /Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4 >>'], '/Encrypt 6 0 R')],
    ['a name spelt with # escapes', pdfWith('/OpenAction << /S /J#61vaScript /J#53 (1) >>')],
  ])('refuses %s', async (_what, bytes) => {
    const data = await refusePdf(bytes);
    expect(data.error_code).toBe('file_type_not_allowed');
  });

  it('refuses JavaScript hidden in a compressed object stream', async () => {
    const hidden = zlib.deflateSync(Buffer.from('7 0 << /S /JavaScript /JS (app.alert(1)) >>'));
    const objStm = `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${hidden.length} >>\nstream\n${hidden.toString('latin1')}\nendstream`;
    await refusePdf(pdfWith('/OpenAction 7 0 R'.replace('/OpenAction 7 0 R', ''), [objStm]));
  });

  it('refuses a file with something else appended after the PDF', async () => {
    await refusePdf(Buffer.concat([pdf(), Buffer.from(`<html>${'x'.repeat(2000)}</html>`)]));
  });

  it('accepts an ordinary PDF, also one that opens on a page (a destination, not an action)', async () => {
    expect((await create({})).res.statusCode).toBe(201);
    const withDestination = dataUrl(pdfWith('/OpenAction [3 0 R /Fit]'), 'application/pdf');
    expect((await create({ [field]: withDestination })).res.statusCode).toBe(201);
    // Compressed page content whose bytes happen to spell a forbidden name is not read as one.
    const content = Buffer.from('BT /F1 14 Tf 20 100 Td (/JavaScript /Launch) Tj ET');
    const page = zlib.deflateSync(content);
    const withCompressedPage = pdfWith('', [
      `<< /Filter /FlateDecode /Length ${page.length} >>\nstream\n${page.toString('latin1')}\nendstream`,
    ]);
    expect((await create({ [field]: dataUrl(withCompressedPage, 'application/pdf') })).res.statusCode).toBe(201);
  });
});

describe('PDFs are read by a parser and kept as their pages only', () => {
  const field = 'household_registration_book';
  const JS_ACTION = '<< /S /JavaScript /JS (app.alert(1)) >>';
  const CATALOG = '<< /Type /Catalog /Pages 2 0 R /OpenAction 7 0 R >>';
  /** The fixture's page tree (objects 2 to 5), then `rest`: where the catalog (1) and the action (7) hide. */
  const withHidden = (rest: string) => {
    const body = pdf()
      .toString('latin1')
      .replace(/1 0 obj\n[\s\S]*?endobj\n/, '')
      .replace(/xref[\s\S]*$/, '');
    return Buffer.from(`${body}${rest}trailer\n<< /Size 8 /Root 1 0 R >>\nstartxref\n0\n%%EOF\n`, 'latin1');
  };
  /** Object 6: an object stream holding the catalog and the action, its bytes encoded by `encode`. */
  const objectStream = (dictionary: string, encode: (plain: Buffer) => Buffer) => {
    const second = `${CATALOG} `;
    const header = `1 0 7 ${second.length} `;
    const data = encode(Buffer.from(`${header}${second}${JS_ACTION}`, 'latin1'));
    return withHidden(
      `6 0 obj\n<< ${dictionary} /N 2 /First ${header.length} /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream\nendobj\n`,
    );
  };
  const hex = (b: Buffer) => Buffer.from(`${b.toString('hex')}>`, 'latin1');
  const constructions: [string, Buffer][] = [
    [
      'a `%stream` comment that hides the objects after it',
      withHidden(`%stream\n1 0 obj\n${CATALOG}\nendobj\n7 0 obj\n${JS_ACTION}\nendobj\n%endstream\n`),
    ],
    [
      'a filter chain',
      objectStream('/Type /ObjStm /Filter [/FlateDecode /ASCIIHexDecode]', (b) => zlib.deflateSync(hex(b))),
    ],
    ['`/Type /Obj#53tm`', objectStream('/Type /Obj#53tm /Filter /FlateDecode', (b) => zlib.deflateSync(b))],
    [
      'the text `(obj)` in the dictionary',
      objectStream('/Type /ObjStm /Filter /FlateDecode /T (obj)', (b) => zlib.deflateSync(b)),
    ],
    ['`/F#69lter`', objectStream('/Type /ObjStm /F#69lter /FlateDecode', (b) => zlib.deflateSync(b))],
  ];

  it.each(constructions)('refuses an opening JavaScript action hidden by %s', async (_what, bytes) => {
    // The construction is a PDF whose catalog opens with JavaScript, as a reader sees it.
    const seen = await PDFDocument.load(bytes);
    const action = seen.catalog.lookup(PDFName.of('OpenAction'), PDFDict);
    expect(action.lookup(PDFName.of('S'))).toBe(PDFName.of('JavaScript'));
    const data = await refusedOn(field, { [field]: dataUrl(bytes, 'application/pdf') });
    expect(data.error_code).toBe('file_type_not_allowed');
  });

  it('refuses an object stream that inflates past the budget (a deflate bomb)', async () => {
    const bomb = objectStream('/Type /ObjStm /Filter /FlateDecode', () =>
      zlib.deflateSync(Buffer.alloc(80 * 1024 * 1024, 0x20), { level: 9 }),
    );
    await refusedOn(field, { [field]: dataUrl(bomb, 'application/pdf') });
  });

  it('refuses what does not parse', async () => {
    const broken = Buffer.from(pdf().toString('latin1').replace('/Type /Pages', '/Type /Pages <<'), 'latin1');
    await refusedOn(field, { [field]: dataUrl(broken, 'application/pdf') });
  });

  it('keeps every page of an ordinary PDF, without its annotations or page actions, and serves only that', async () => {
    const source = await PDFDocument.create();
    for (const text of ['first page', 'second page', 'third page']) source.addPage([300, 200]).drawText(text);
    // A link on the first page (an annotation), and an outline-free catalog entry that does not survive.
    const link = source.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [0, 0, 50, 50],
      A: { S: 'URI', URI: PDFString.of('https://evil.example') },
    });
    source.getPage(0).node.set(PDFName.of('Annots'), source.context.obj([source.context.register(link)]));
    source.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
    const bytes = Buffer.from(await source.save());

    const { res, citizen } = await create({ [field]: dataUrl(bytes, 'application/pdf') });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const served = await t.app.inject({
      url: `${BASE}/${id}/documents/${field}?download=1`,
      headers: citizen.headers,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    const kept = await PDFDocument.load(served.rawPayload);
    expect(kept.getPageCount()).toBe(3);
    expect(kept.getPage(0).node.get(PDFName.of('Annots'))).toBeUndefined();
    expect(kept.catalog.get(PDFName.of('PageMode'))).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('evil.example');
    expect(served.rawPayload.equals(bytes)).toBe(false);
  });
});
