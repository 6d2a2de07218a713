import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { ApplicantData } from '../../contract/application';
import type { CertificateStatement } from '../../contract/certificate-statement';
import { ErrorCode } from '../../contract/errors';
import { PICKUP_TIME_ZONE } from '../../contract/pickup';
import { Status } from '../../contract/status';
import type { Db } from '../db/client';
import { applications, districts, provinces, statusHistory, villages } from '../db/schema';
import type { IssuingKey } from '../lib/certificate-keys';
import { addSignaturePlaceholder, signPdf, type PadesSigner } from '../lib/pdf-signature';
import { HttpError } from '../lib/http-error';
import type { ApplicationRow } from './applications';

/**
 * Statuses in which the certificate exists and may be downloaded
 * (docs/decisions.md#the-application-status-machine).
 */
export const CERTIFICATE_STATUSES: readonly string[] = [
  Status.certificateIssued,
  Status.waitingToPickup,
  Status.pickedUp,
];

/**
 * TrueType Noto Sans Lao (the WOFF2 build prints blank pages in pdfkit). It carries Latin too, so
 * one family serves both languages and the marks of Lao are placed by its GPOS table.
 */
const fontDir = path.dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-lao/package.json'));
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: fs.readFileSync(path.join(fontDir, '400Regular/NotoSansLao_400Regular.ttf')),
    bold: fs.readFileSync(path.join(fontDir, '700Bold/NotoSansLao_700Bold.ttf')),
  };
  return fonts;
}

export const verifyUrl = (appBaseUrl: string, code: string) => `${appBaseUrl}/verify/${encodeURIComponent(code)}`;

/**
 * The moment the certificate was issued: stored since certificates are signed; for one issued
 * before that, its status-history row (the last one, if reissued).
 */
async function issuedAt(db: Db, row: ApplicationRow): Promise<Date> {
  if (row.certificateIssuedAt) return row.certificateIssuedAt;
  const [h] = await db
    .select({ at: statusHistory.createdAt })
    .from(statusHistory)
    .where(and(eq(statusHistory.applicationId, row.id), eq(statusHistory.toStatus, Status.certificateIssued)))
    .orderBy(desc(statusHistory.createdAt))
    .limit(1);
  return h?.at ?? row.updatedAt;
}

/** 22/11/2026 in Vientiane: one numeric form reads the same in both languages. */
export function officeDate(at: Date | string): string {
  if (typeof at === 'string') return `${at.slice(8, 10)}/${at.slice(5, 7)}/${at.slice(0, 4)}`;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: PICKUP_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(at);
}

async function placesOf(db: Db, data: ApplicantData) {
  const [[p], [d], [v]] = await Promise.all([
    db
      .select({ lo: provinces.nameLo, en: provinces.nameEn })
      .from(provinces)
      .where(inArray(provinces.id, [data.province_id])),
    db
      .select({ lo: districts.nameLo, en: districts.nameEn })
      .from(districts)
      .where(inArray(districts.id, [data.district_id])),
    db
      .select({ lo: villages.nameLo, en: villages.nameEn })
      .from(villages)
      .where(inArray(villages.id, [data.village_id])),
  ]);
  const both = (x?: { lo: string; en: string }) => (x ? (x.lo === x.en ? x.en : `${x.lo} / ${x.en}`) : '—');
  // The district office issues resident certificates for the villages of its district.
  const office = d ? `ຫ້ອງການເມືອງ${d.lo} / ${d.en} District Office` : '—';
  return { province: both(p), district: both(d), village: both(v), office };
}

/** YYYY-MM-DD of a moment in Vientiane. */
const vientianeDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: PICKUP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/** What the QR code signs: the facts printed on the certificate that identify its holder. */
export function certificateStatement(
  row: ApplicationRow,
  code: string,
  issued: Date,
  office: string,
): CertificateStatement {
  const data = row.applicantData as ApplicantData;
  return {
    v: 1,
    c: code,
    t: row.ticketNumber,
    n: `${data.first_name.trim()} ${data.last_name.trim()}`.trim(),
    b: data.date_of_birth.slice(0, 10),
    i: vientianeDay(issued),
    o: office,
  };
}

/** The application if its certificate may be downloaded now; otherwise a 409 that says why. */
export function assertCertificateAvailable(row: ApplicationRow): string {
  if (!CERTIFICATE_STATUSES.includes(row.status) || !row.certificateCode) {
    throw new HttpError(409, ErrorCode.invalidTransition, 'The certificate is not issued yet.');
  }
  if (row.certificateRevokedAt) throw new HttpError(409, ErrorCode.invalidTransition, 'This certificate was revoked.');
  return row.certificateCode;
}

const BLUE = '#1e3a8a';
const INK = '#111827';
const MUTED = '#4b5563';

/**
 * The official bilingual resident certificate, A4, rendered on demand from the stored application
 * (nothing is cached: a revoked or corrected record is never served from an old file).
 */
export async function renderCertificate(
  db: Db,
  row: ApplicationRow,
  appBaseUrl: string,
  key: IssuingKey,
  /** Each citizen's download is signed (PAdES); the office's printed batch need not be. */
  pdfSigner?: PadesSigner,
): Promise<Buffer> {
  const code = assertCertificateAvailable(row);
  const data = row.applicantData as ApplicantData;
  const [places, issued] = await Promise.all([placesOf(db, data), issuedAt(db, row)]);
  const url = verifyUrl(appBaseUrl, code);
  // The QR code carries the signed statement after '#': the page checks it on the device, offline too.
  const signedUrl = `${url}#${key.sign(certificateStatement(row, code, issued, places.office))}`;
  const qr = await QRCode.toBuffer(signedUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 480 });
  const { regular, bold } = loadFonts();

  // Loaded with the first certificate, not at start: the PDF library is 25 MB of an idle server's memory.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: {
      Title: `Resident Certificate ${row.ticketNumber}`,
      Subject: `ໃບຢັ້ງຢືນທີ່ຢູ່ ${row.ticketNumber}`,
      Author: 'Lao e-Government',
      Keywords: code,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('lao', regular);
  doc.registerFont('lao-bold', bold);

  const W = doc.page.width;
  const H = doc.page.height;
  const M = 56;
  const inner = W - 2 * M;

  // Frame: a double rule in the flag's blue.
  doc
    .lineWidth(2.5)
    .strokeColor(BLUE)
    .rect(24, 24, W - 48, H - 48)
    .stroke();
  doc
    .lineWidth(0.8)
    .rect(30, 30, W - 60, H - 60)
    .stroke();

  const centre = (text: string, y: number, font: string, size: number, color = INK) => {
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, M, y, { width: inner, align: 'center', lineBreak: false });
    return y + doc.currentLineHeight(true);
  };

  let y = 52;
  y = centre('ສາທາລະນະລັດ ປະຊາທິປະໄຕ ປະຊາຊົນລາວ', y, 'lao-bold', 14);
  y = centre('ສັນຕິພາບ ເອກະລາດ ປະຊາທິປະໄຕ ເອກະພາບ ວັດທະນະຖາວອນ', y + 2, 'lao', 11.5);
  y = centre("Lao People's Democratic Republic", y + 6, 'lao-bold', 11, MUTED);
  y = centre('Peace Independence Democracy Unity Prosperity', y, 'lao', 10, MUTED);
  doc
    .lineWidth(1)
    .strokeColor(BLUE)
    .moveTo(W / 2 - 70, y + 8)
    .lineTo(W / 2 + 70, y + 8)
    .stroke();

  y = centre('ໃບຢັ້ງຢືນທີ່ຢູ່', y + 26, 'lao-bold', 26, BLUE);
  y = centre('Resident Certificate', y, 'lao-bold', 16, BLUE);

  // Ticket and certificate code, side by side.
  y += 14;
  const half = inner / 2;
  doc.font('lao').fontSize(9).fillColor(MUTED);
  doc.text('ເລກທີຄຳຮ້ອງ / Ticket No.', M, y, { width: half, lineBreak: false });
  doc.text('ລະຫັດໃບຢັ້ງຢືນ / Certificate code', M + half, y, { width: half, align: 'right', lineBreak: false });
  y += doc.currentLineHeight(true);
  doc.font('lao-bold').fontSize(13).fillColor(INK);
  doc.text(row.ticketNumber, M, y, { width: half, lineBreak: false });
  doc.text(code, M + half, y, { width: half, align: 'right', lineBreak: false });
  y += doc.currentLineHeight(true) + 10;

  doc
    .font('lao')
    .fontSize(11)
    .fillColor(INK)
    .text('ຂໍຢັ້ງຢືນວ່າ ບຸກຄົນທີ່ມີລາຍລະອຽດລຸ່ມນີ້ ແມ່ນອາໄສຢູ່ຕາມທີ່ຢູ່ທີ່ໄດ້ລະບຸໄວ້ແທ້.', M, y, { width: inner });
  y = doc.y;
  doc
    .font('lao')
    .fontSize(10)
    .fillColor(MUTED)
    .text('This is to certify that the person described below resides at the address stated.', M, y + 1, {
      width: inner,
    });
  y = doc.y + 12;

  // Applicant data: a two-column table, labels in both languages.
  const rows: [string, string, string][] = [
    ['ຊື່', 'First name', data.first_name],
    ['ນາມສະກຸນ', 'Last name', data.last_name],
    ['ວັນເດືອນປີເກີດ', 'Date of birth', officeDate(data.date_of_birth)],
    ['ອາຊີບ', 'Occupation', data.occupation],
    ['ທີ່ຢູ່ປັດຈຸບັນ', 'Current address', data.current_address],
    ['ເຮືອນເລກທີ', 'House number', data.house_number],
    ['ບ້ານ', 'Village', places.village],
    ['ເມືອງ', 'District', places.district],
    ['ແຂວງ', 'Province', places.province],
    ['ຫົວໜ້າຄອບຄົວ', 'Head of household', data.head_of_household],
    ['ປຶ້ມສຳມະໂນຄົວເລກທີ', 'Family book number', data.family_book_number],
    ['ລົງວັນທີ', 'Family book date', officeDate(data.family_book_date)],
  ];
  const labelW = 200;
  doc.lineWidth(0.5).strokeColor('#cbd5e1');
  doc
    .moveTo(M, y)
    .lineTo(M + inner, y)
    .stroke();
  for (const [lo, en, value] of rows) {
    const top = y + 4;
    doc
      .font('lao')
      .fontSize(9)
      .fillColor(INK)
      .text(lo, M + 4, top, { width: labelW - 8, continued: true })
      .fillColor(MUTED)
      .text(` / ${en}`);
    const labelBottom = doc.y;
    doc
      .font('lao-bold')
      .fontSize(10.5)
      .fillColor(INK)
      .text(value || '—', M + labelW, top - 1, { width: inner - labelW - 4 });
    y = Math.max(labelBottom, doc.y) + 3;
    doc
      .moveTo(M, y)
      .lineTo(M + inner, y)
      .stroke();
  }

  // Verification: QR code (address + signed statement) on the left, its words beside it, and the
  // issue date and issuing office in a column of their own on the right, all at a fixed height above
  // the footer (a long table then never pushes the date onto the QR's words).
  const qrSize = 128;
  const qrY = H - 56 - qrSize - 16;
  const issuedW = 140;
  const issuedX = M + inner - issuedW;
  doc
    .font('lao')
    .fontSize(10)
    .fillColor(MUTED)
    .text('ອອກໃຫ້ວັນທີ / Date of issue', issuedX, qrY + 6, { width: issuedW, align: 'right' });
  doc
    .font('lao-bold')
    .fontSize(13)
    .fillColor(INK)
    .text(officeDate(issued), issuedX, doc.y, { width: issuedW, align: 'right' });
  doc
    .font('lao')
    .fontSize(10)
    .fillColor(MUTED)
    .text('ອອກໂດຍ / Issued by', issuedX, doc.y + 4, { width: issuedW, align: 'right' });
  doc
    .font('lao-bold')
    .fontSize(11)
    .fillColor(INK)
    .text(places.office, issuedX, doc.y, { width: issuedW, align: 'right' });

  doc.image(qr, M, qrY, { width: qrSize, height: qrSize });
  const tx = M + qrSize + 16;
  const tw = issuedX - 14 - tx;
  doc
    .font('lao-bold')
    .fontSize(10)
    .fillColor(INK)
    .text('ກວດສອບໃບຢັ້ງຢືນ / Verify this certificate', tx, qrY + 8, { width: tw });
  doc
    .font('lao')
    .fontSize(9)
    .fillColor(MUTED)
    .text('ສະແກນ QR ໂຄດ ຫຼື ເປີດທີ່ຢູ່ລຸ່ມນີ້ ເພື່ອກວດສອບຄວາມຖືກຕ້ອງ.', tx, doc.y + 2, { width: tw })
    .text(
      'Scan the QR code or open the address below to check it; its signature can be checked offline too.',
      tx,
      doc.y,
      { width: tw },
    );
  doc
    .font('lao-bold')
    .fontSize(8.5)
    .fillColor(BLUE)
    .text(url, tx, doc.y + 3, { width: tw, link: url });

  doc
    .font('lao')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'ເອກະສານເອເລັກໂຕຣນິກ ອອກໂດຍລະບົບບໍລິການລັດເອເລັກໂຕຣນິກ · Electronic document issued by the e-Government service',
      M,
      H - 66,
      {
        width: inner,
        align: 'center',
        lineBreak: false,
      },
    );

  if (pdfSigner) {
    // Only on what is signed: a printed copy is checked by its QR code.
    const small = { width: inner, align: 'center', lineBreak: false } as const;
    doc
      .font('lao')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text('ລົງລາຍເຊັນດິຈິຕອນໂດຍ ກະຊວງພາຍໃນ · ກວດສອບລາຍເຊັນໄດ້ໃນແຖບລາຍເຊັນຂອງໂປຣແກຣມອ່ານ PDF', M, H - 55, small)
      .text(
        'Digitally signed by the Ministry of Home Affairs · check the signature in the signature panel of a PDF reader',
        M,
        H - 45,
        small,
      );
    addSignaturePlaceholder(doc, pdfSigner);
  }
  doc.end();
  return pdfSigner ? signPdf(await done, pdfSigner) : done;
}

export interface Verification {
  status: 'valid' | 'revoked' | 'unknown';
  ticket_number?: string;
  holder_name?: string;
  issued_on?: string;
  /** When it was revoked (status revoked only). */
  revoked_on?: string;
}

/**
 * GET /v1/verify/{code}: what anyone holding the paper may learn — that it is genuine, the ticket,
 * the holder's first name and the initial of the last name, and the issue date. Nothing else.
 */
export async function verifyCertificate(db: Db, code: string): Promise<Verification> {
  const [row] = await db.select().from(applications).where(eq(applications.certificateCode, code));
  if (!row || !CERTIFICATE_STATUSES.includes(row.status)) return { status: 'unknown' };
  const data = row.applicantData as ApplicantData;
  const initial = Array.from(data.last_name.trim())[0] ?? '';
  return {
    status: row.certificateRevokedAt ? 'revoked' : 'valid',
    ticket_number: row.ticketNumber,
    holder_name: `${data.first_name.trim()} ${initial}${initial ? '.' : ''}`.trim(),
    issued_on: (await issuedAt(db, row)).toISOString(),
    ...(row.certificateRevokedAt ? { revoked_on: row.certificateRevokedAt.toISOString() } : {}),
  };
}
