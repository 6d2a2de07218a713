import zlib from 'node:zlib';
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
 * PDF names that run code, act on opening, carry or fetch other files, or hide the content
 * (encryption: nothing inside could be checked). `/OpenAction` is refused when it is an action
 * (a dictionary or a reference), allowed as a plain destination (an array).
 */
const FORBIDDEN_NAMES = new Set([
  'JS',
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'Encrypt',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'GoToR',
  'AA',
]);
/** All the object streams of one PDF may inflate to this much; beyond it the file is refused. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** `#xx` escapes decoded: `/J#61vaScript` is `/JavaScript`. */
const decodeName = (name: string) =>
  name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The first forbidden feature named in this PDF text (streams' binary bodies left out), or null. */
function forbiddenIn(text: string): string | null {
  for (const m of text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)) {
    const name = decodeName(m[1]!);
    if (FORBIDDEN_NAMES.has(name)) return name;
    if (name === 'OpenAction' && !/^\s*\[/.test(text.slice(m.index! + m[0].length, m.index! + m[0].length + 20)))
      return name;
  }
  return null;
}

/**
 * Refuses (415) a PDF with JavaScript, launch or other actions, embedded files or encryption —
 * in its objects, and in its object streams (inflated) where objects may hide — and one that does
 * not end with `%%EOF` (something else was appended). Content streams (page drawing, images,
 * fonts) are binary and cannot hold such objects: they are not read, so their bytes never match
 * a name by chance.
 */
export function checkPdf(bytes: Buffer, field: string): void {
  const text = bytes.toString('latin1');
  if (!text.slice(-1024).includes('%%EOF')) throw notAllowed(field, `${field} is not a complete PDF`);
  const outside: string[] = [];
  let inflated = 0;
  let at = 0;
  const streamStart = /\bstream\r?\n/g;
  for (;;) {
    streamStart.lastIndex = at;
    const start = streamStart.exec(text);
    if (!start) {
      outside.push(text.slice(at));
      break;
    }
    const dictionary = text.slice(Math.max(at, text.lastIndexOf('obj', start.index)), start.index);
    outside.push(text.slice(at, start.index));
    const bodyStart = start.index + start[0].length;
    const end = text.indexOf('endstream', bodyStart);
    if (end < 0) throw notAllowed(field, `${field} is not a complete PDF`);
    if (/\/Type\s*\/ObjStm\b/.test(dictionary)) {
      if (!/\/Filter\s*(\[\s*)?\/FlateDecode\s*\]?/.test(dictionary) && /\/Filter\b/.test(dictionary))
        throw notAllowed(field, `${field} hides objects in a way that cannot be checked`);
      let objects: Buffer;
      try {
        objects = /\/Filter\b/.test(dictionary)
          ? zlib.inflateSync(bytes.subarray(bodyStart, end), {
              maxOutputLength: MAX_INFLATED_BYTES - inflated,
              finishFlush: zlib.constants.Z_SYNC_FLUSH,
            })
          : bytes.subarray(bodyStart, end);
      } catch {
        throw notAllowed(field, `${field} hides objects in a way that cannot be checked`);
      }
      inflated += objects.length;
      outside.push(objects.toString('latin1'));
    }
    at = end + 'endstream'.length;
  }
  const found = forbiddenIn(outside.join('\n'));
  if (found)
    throw notAllowed(field, `${field} must not contain /${found} (scripts, actions, attached files or encryption)`);
}
