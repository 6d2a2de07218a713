import { AsyncLocalStorage } from 'node:async_hooks';
import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFObjectStreamParser,
  PDFStream,
  PDFXRefStreamParser,
  decodePDFRawStream,
  type PDFObject,
  type PDFRawStream,
} from 'pdf-lib';
import type sharp from 'sharp';
import { MAX_FILE_BYTES, isPhotoRatio, type DocumentKind, type FileType } from '../../contract/documents';
import { ErrorCode } from '../../contract/errors';
import { HttpError } from '../lib/http-error';

/**
 * Files are what they claim, whole (docs/security.md). A file's first bytes only name its type:
 * an image is decoded in full and kept as a fresh encoding of its pixels (whatever rode along —
 * an HTML page after the image, EXIF with the GPS position of a phone photo — is gone), and a PDF
 * is read for the features that run code or hide files.
 */

/** 40 megapixels: more than any phone camera; a 20,000 × 20,000 image (400 MP) never gets decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The image library, loaded with the first image rather than at start (20 MB of an idle server's memory). */
async function loadSharp(): Promise<typeof sharp> {
  const { default: library } = await import('sharp');
  // Citizens' images are not worth keeping in the decoder's cache once stored.
  library.cache(false);
  return library;
}

const notAllowed = (field: string, message: string) =>
  new HttpError(415, ErrorCode.fileTypeNotAllowed, message, { [field]: ErrorCode.fileTypeNotAllowed });

/** The end of a PNG's last chunk (IEND), or null if its chunks do not add up. */
function pngEnd(bytes: Buffer): number | null {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') return at <= bytes.length ? at : null;
  }
  return null;
}

/**
 * Decodes the image fully and returns its re-encoding: JPEG stays JPEG (quality 90), PNG stays PNG,
 * the EXIF orientation applied and every metadata block dropped. Refuses (415) what does not decode
 * or a PNG with bytes after its end, (413) more than MAX_IMAGE_PIXELS — read from the header, before
 * any decoding — and (422) an applicant photo that is not 3:4 as it will be shown.
 */
export async function checkImage(bytes: Buffer, type: FileType, kind: DocumentKind, field: string): Promise<Buffer> {
  if (type === 'image/png' && pngEnd(bytes) !== bytes.length)
    throw notAllowed(field, `${field} has data after the end of its image`);
  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;
  let meta: sharp.Metadata;
  try {
    // The header only: the size is known before a single pixel is decoded.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAllowed(field, `${field} is not a readable image`);
  }
  if (meta.format !== (type === 'image/png' ? 'png' : 'jpeg'))
    throw notAllowed(field, `${field} is not a readable image`);
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_IMAGE_PIXELS)
    throw new HttpError(413, ErrorCode.fileTooLarge, `${field} has more than 40 megapixels`, {
      [field]: ErrorCode.fileTooLarge,
    });

  const encode = async (quality: number) => {
    const image = sharp(bytes, options).rotate();
    return (
      type === 'image/png' ? image.png({ compressionLevel: 6 }) : image.jpeg({ quality, mozjpeg: false })
    ).toBuffer({ resolveWithObject: true });
  };
  let kept: { data: Buffer; info: sharp.OutputInfo };
  try {
    kept = await encode(90);
    // A small, heavily compressed phone photo may grow at quality 90; a little less still looks the same.
    if (kept.data.length > MAX_FILE_BYTES && type === 'image/jpeg') kept = await encode(80);
  } catch {
    throw notAllowed(field, `${field} is not a readable image (damaged or incomplete)`);
  }
  if (kept.data.length > MAX_FILE_BYTES)
    throw new HttpError(413, ErrorCode.fileTooLarge, `${field} is larger than 10 MB`, {
      [field]: ErrorCode.fileTooLarge,
    });
  if (kind === 'applicant_photo' && !isPhotoRatio(kept.info.width, kept.info.height))
    throw new HttpError(422, ErrorCode.photoAspectRatio, 'Image must have a 3:4 aspect ratio', {
      [field]: ErrorCode.photoAspectRatio,
    });
  return kept.data;
}

/**
 * PDF names that run code, act on opening, carry or fetch other files, or submit what was typed.
 * Checked on the parsed objects (names decoded, every filter and object stream undone by the
 * parser), never on the file's text.
 */
const FORBIDDEN_NAMES = new Set([
  'JS',
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'GoToR',
  'AA',
]);
/** What the object and cross-reference streams of one PDF may decode to, together; beyond it the file is refused. */
const MAX_DECODED_BYTES = 64 * 1024 * 1024;
/** The budget of the PDF being parsed now (the parser's stream hooks below read it). */
const decodeBudget = new AsyncLocalStorage<{ left: number }>();

/**
 * The parser undoes a stream's filters in one go, however large the result. Before it does so for
 * an object or cross-reference stream (the only ones decoded while parsing), the stream is decoded
 * once more, piece by piece, up to what is left of the budget: a 10 MB deflate bomb stops there.
 */
function boundDecoding<T extends { forStream: (raw: PDFRawStream, ...rest: never[]) => unknown }>(parser: T) {
  const original = parser.forStream.bind(parser) as (...args: unknown[]) => unknown;
  parser.forStream = ((raw: PDFRawStream, ...rest: unknown[]) => {
    const budget = decodeBudget.getStore();
    if (budget) {
      const decoded = decodePDFRawStream(raw).getBytes(budget.left + 1);
      if (decoded.length > budget.left) throw new Error('PDF streams decode to too much');
      budget.left -= decoded.length;
    }
    return original(raw, ...rest);
  }) as T['forStream'];
}
boundDecoding(PDFObjectStreamParser);
boundDecoding(PDFXRefStreamParser);

/** The first forbidden feature in this object, looked for through its dictionaries and arrays, or null. */
function forbiddenIn(object: PDFObject | undefined, seen = new Set<PDFObject>()): string | null {
  if (!object || seen.has(object)) return null;
  seen.add(object);
  if (object instanceof PDFName) {
    const name = object.decodeText();
    return FORBIDDEN_NAMES.has(name) ? name : null;
  }
  if (object instanceof PDFArray) {
    for (const item of object.asArray()) {
      const found = forbiddenIn(item, seen);
      if (found) return found;
    }
    return null;
  }
  const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
  if (!dict) return null;
  for (const [key, value] of dict.entries()) {
    const name = key.decodeText();
    if (FORBIDDEN_NAMES.has(name)) return name;
    // An opening action is refused; opening on a page (a destination: an array) is not.
    if (name === 'OpenAction' && !(value instanceof PDFArray)) return name;
    const found = forbiddenIn(value, seen);
    if (found) return found;
  }
  return null;
}

/** Page entries that can act (annotations: links, form fields, attachments; page open/close actions). */
const PAGE_ENTRIES_DROPPED = ['Annots', 'AA'];

/**
 * A PDF is read by a parser (pdf-lib) and kept as a new document made of its pages only:
 *  - refused (415) when it does not end with `%%EOF` (something else was appended), does not parse
 *    (also any object that does not), is encrypted (nothing inside could be checked), has no page,
 *    or when any of its objects — object streams included, names and filters decoded — names
 *    JavaScript, an action on opening, a launch, an attached file, a form that submits or fetches;
 *  - otherwise its pages are copied into a new document, without their annotations (`/Annots`)
 *    and page actions (`/AA`); nothing of the old catalog (`/OpenAction`, `/Names`, `/AcroForm`,
 *    outlines, metadata) or of what no page draws survives. The copy is checked again as above,
 *    and its bytes are what is stored and served.
 */
export async function rewritePdf(bytes: Buffer, field: string): Promise<Buffer> {
  if (!bytes.toString('latin1', Math.max(0, bytes.length - 1024)).includes('%%EOF'))
    throw notAllowed(field, `${field} is not a complete PDF`);
  let source: PDFDocument;
  try {
    source = await decodeBudget.run({ left: MAX_DECODED_BYTES }, () =>
      PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false }),
    );
  } catch (err) {
    if (err instanceof EncryptedPDFError)
      throw notAllowed(field, `${field} is encrypted: nothing inside it could be checked`);
    throw notAllowed(field, `${field} is not a readable PDF`);
  }
  const refuseForbidden = (doc: PDFDocument) => {
    const trailer = doc.context.trailerInfo;
    if (trailer.Encrypt) throw notAllowed(field, `${field} is encrypted: nothing inside it could be checked`);
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      const found = forbiddenIn(object);
      if (found)
        throw notAllowed(field, `${field} must not contain /${found} (scripts, actions, attached files or forms)`);
    }
  };
  refuseForbidden(source);
  if (source.getPageCount() === 0) throw notAllowed(field, `${field} has no page`);

  let kept: Buffer;
  try {
    // Dropped before the copy, so the copier never reaches what they point at.
    for (const page of source.getPages()) for (const entry of PAGE_ENTRIES_DROPPED) page.node.delete(PDFName.of(entry));
    const copy = await PDFDocument.create({ updateMetadata: false });
    for (const page of await copy.copyPages(source, source.getPageIndices())) copy.addPage(page);
    refuseForbidden(copy);
    kept = Buffer.from(
      await copy.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false }),
    );
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw notAllowed(field, `${field} is not a readable PDF`);
  }
  if (kept.length > MAX_FILE_BYTES)
    throw new HttpError(413, ErrorCode.fileTooLarge, `${field} is larger than 10 MB`, {
      [field]: ErrorCode.fileTooLarge,
    });
  return kept;
}
