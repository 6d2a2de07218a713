import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { districts, provinces, villages } from '../../server/db/schema';

/** A greyscale PNG of `width` × `height` pixels whose rows `row(y)` gives (width bytes each). */
function greyPng(width: number, height: number, row: (y: number) => Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.concat(Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), row(y)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real, decodable PNG of the given size (one grey pixel row repeated), as bytes. */
export function png(width: number, height: number): Buffer {
  const row = Buffer.alloc(width, 0xc8);
  return greyPng(width, height, () => row);
}

/**
 * A one-page PDF a viewer can open. `imageHex`: hex samples of a grey image on the page (a scan's
 * worth of bytes, for tests that need a large document).
 */
export function pdf(text = 'Household registration book', imageHex = ''): Buffer {
  const side = Math.max(1, Math.floor(Math.sqrt(imageHex.length / 2)));
  const image = imageHex.slice(0, side * side * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >>${image ? ' /XObject << /Im1 6 0 R >>' : ''} >> >>`,
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...(image
      ? [
          `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /ASCIIHexDecode /Length ${image.length + 1} >>\nstream\n${image}>\nendstream`,
        ]
      : []),
  ];
  const stream = `BT /F1 14 Tf 20 100 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A greyscale PNG of random noise: about width × height bytes that no encoder can shrink. */
export function noisePng(width: number, height: number): Buffer {
  return greyPng(width, height, () => crypto.randomBytes(width));
}

/** Whether two images hold the same pixels (the server keeps a re-encoding, never the bytes sent). */
export async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
  const pixels = (x: Buffer) =>
    sharp(x).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  return pa.info.width === pb.info.width && pa.info.height === pb.info.height && pa.data.equals(pb.data);
}

/**
 * A stored PDF is the pages sent, written anew (file-checks.ts): the same when each stream of the
 * file sent (its page's drawing and image, random samples) is in it byte for byte.
 */
export const samePdf = (stored: Buffer, sent: Buffer) => {
  const streams = [...sent.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) => m[1]);
  const text = stored.toString('latin1');
  return stored.subarray(0, 5).toString() === '%PDF-' && streams.length > 0 && streams.every((s) => text.includes(s));
};
export const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

/** The first province, district and village of the seeded list (ids as the API wants them). */
export async function somePlace(app: FastifyInstance, index = 0) {
  const [p] = await app.db.select().from(provinces).orderBy(asc(provinces.code)).offset(index).limit(1);
  const [d] = await app.db
    .select()
    .from(districts)
    .where(eq(districts.provinceId, p.id))
    .orderBy(asc(districts.code))
    .limit(1);
  const [v] = await app.db
    .select()
    .from(villages)
    .where(and(eq(villages.districtId, d.id)))
    .orderBy(asc(villages.code))
    .limit(1);
  return { province: p, district: d, village: v };
}

/** A complete, valid create-new body: applicant data, a 300x400 photo, two PDFs and the first bank. */
export async function applicationBody(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const home = await somePlace(app, 0);
  const parents = await somePlace(app, 1);
  return {
    first_name: 'Somchai',
    last_name: 'Phommachanh',
    date_of_birth: '1990-04-12',
    occupation: 'Teacher',
    current_address: 'Ban Nongping, Chanthabuly',
    house_number: '12',
    province_id: home.province.id,
    district_id: home.district.id,
    village_id: home.village.id,
    head_of_household: 'Bounmy Phommachanh',
    family_book_number: '0012345',
    family_book_date: '2015-06-01',
    father_name: 'Bounmy Phommachanh',
    mother_name: 'Khamla Phommachanh',
    parent_province_id: parents.province.id,
    parent_district_id: parents.district.id,
    parent_village_id: parents.village.id,
    reason: 'Opening a bank account',
    applicant_photo: dataUrl(png(300, 400)),
    applicant_photo_name: 'photo 3x4.png',
    household_registration_book: dataUrl(pdf(), 'application/pdf'),
    household_registration_book_name: 'ປຶ້ມສຳມະໂນຄົວ.pdf',
    proof_of_residence: dataUrl(pdf('Proof of residence'), 'application/pdf'),
    proof_of_residence_name: 'residence.pdf',
    bank_id: 1,
    ...overrides,
  };
}

/** Every file the document store holds under DATA_DIR (to prove a refused request left none). */
export function storedFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'files');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}
