/**
 * File rules of the application (docs/specification.md#validation-rules), checked in the browser
 * and again on the server.
 */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const PHOTO_RATIO = 3 / 4;
export const PHOTO_RATIO_TOLERANCE = 0.01;

export const DocumentKind = {
  applicantPhoto: 'applicant_photo',
  householdRegistrationBook: 'household_registration_book',
  proofOfResidence: 'proof_of_residence',
  proofOfPayment: 'proof_of_payment',
  idCard: 'id_card',
} as const;
export type DocumentKind = (typeof DocumentKind)[keyof typeof DocumentKind];

export const APPLICATION_DOCUMENTS = [
  DocumentKind.applicantPhoto,
  DocumentKind.householdRegistrationBook,
  DocumentKind.proofOfResidence,
] as const;
export type ApplicationDocumentKind = (typeof APPLICATION_DOCUMENTS)[number];

export type FileType = 'image/jpeg' | 'image/png' | 'application/pdf';

export const ALLOWED_TYPES: Record<DocumentKind, readonly FileType[]> = {
  applicant_photo: ['image/jpeg', 'image/png'],
  household_registration_book: ['image/jpeg', 'image/png', 'application/pdf'],
  proof_of_residence: ['image/jpeg', 'image/png', 'application/pdf'],
  proof_of_payment: ['image/jpeg', 'image/png'],
  id_card: ['image/jpeg', 'image/png'],
};

export const EXTENSIONS: Record<FileType, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'application/pdf': ['.pdf'],
};

/**
 * The `accept` attribute of a picker: what the rule accepts, no more
 * (docs/decisions.md#pickers-accept-what-the-rule-accepts).
 */
export function acceptAttribute(kind: DocumentKind): string {
  return ALLOWED_TYPES[kind].flatMap((t) => [...EXTENSIONS[t], t]).join(',');
}

/** The type a file really is, from its first bytes (never trust the name or the browser's guess). */
export function sniffType(bytes: Uint8Array): FileType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return 'image/png';
  if (bytes.length >= 5 && String.fromCharCode(...bytes.slice(0, 5)) === '%PDF-') return 'application/pdf';
  return null;
}

export function isPhotoRatio(width: number, height: number): boolean {
  return width > 0 && height > 0 && Math.abs(width / height - PHOTO_RATIO) <= PHOTO_RATIO_TOLERANCE;
}

/**
 * Width and height of a PNG or JPEG as a viewer shows it, from its header without decoding it
 * (used by the server). A phone photo stored sideways with an EXIF rotation note (orientation 5–8)
 * is reported upright, as every browser displays it.
 */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const type = sniffType(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'image/png' && bytes.length >= 24) return { width: view.getUint32(16), height: view.getUint32(20) };
  if (type !== 'image/jpeg') return null;
  let orientation = 1;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = bytes[i + 1];
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = view.getUint16(i + 2);
    if (marker === 0xe1) orientation = exifOrientation(view, i + 4, len - 2) ?? orientation;
    // SOF0..SOF15 except DHT (c4), JPG (c8) and DAC (cc) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = view.getUint16(i + 5);
      const width = view.getUint16(i + 7);
      return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
    }
    i += 2 + len;
  }
  return null;
}

/** The Orientation tag (0x0112) of an APP1 "Exif" segment, if it has one. */
function exifOrientation(view: DataView, start: number, length: number): number | undefined {
  const end = Math.min(start + length, view.byteLength);
  if (end - start < 14 || view.getUint32(start) !== 0x45786966 /* Exif */) return undefined;
  const tiff = start + 6;
  const little = view.getUint16(tiff) === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return undefined;
  const count = view.getUint16(ifd, little);
  for (let e = 0; e < count; e++) {
    const entry = ifd + 2 + e * 12;
    if (entry + 12 > end) return undefined;
    if (view.getUint16(entry, little) === 0x0112) return view.getUint16(entry + 8, little);
  }
  return undefined;
}

/** "data:image/png;base64,AAAA" → bytes, or null when it is not a base64 data URL. */
export function parseDataUrl(dataUrl: string): { declaredType: string; base64: string } | null {
  const m = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w=.+-]+)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!m) return null;
  return { declaredType: m[1] ?? '', base64: m[2] };
}
