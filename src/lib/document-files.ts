import {
  ALLOWED_TYPES,
  EXTENSIONS,
  MAX_FILE_BYTES,
  imageSize,
  isPhotoRatio,
  sniffType,
  type DocumentKind,
  type FileType,
} from '../../contract/documents';
import { roomFor } from './persistent-storage';

/**
 * The file rules of the application, checked on the device before anything is stored or
 * sent — the server checks them all again. A file passes when its name has an allowed extension,
 * its first bytes say it really is an allowed type, it is at most 10 MB, and (applicant photo) it
 * is 3:4 within 0.01 — a photo that is not is refused as the rule says, never cut to fit, since
 * a cut could take off the top of a head. A photo that passes is made small (photo-shrink/).
 */
export type FileProblem =
  | 'file_type_not_allowed'
  | 'file_too_large'
  | 'photo_aspect_ratio'
  | 'image_unreadable'
  /** Not enough room on the device to keep the file in the draft. */
  | 'no_room';

/**
 * `file` is what to keep and send: the chosen file (a PDF, or a photo already small), or the photo
 * made small and upright (photo-shrink/), then with `type` JPEG and `name` ending in .jpg.
 * `originalSize` is the chosen file's, to show what shrinking saved.
 */
export type FileCheck =
  { ok: true; type: FileType; file: Blob; name: string; originalSize: number } | { ok: false; problem: FileProblem };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** Width and height as the browser decodes the image (null when it cannot). */
async function imageDimensions(blob: Blob): Promise<{ width: number; height: number } | null> {
  if ('createImageBitmap' in window) {
    try {
      const bitmap = await createImageBitmap(blob);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      return null;
    }
  }
  const url = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The name sent with a photo re-encoded as JPEG ("scan.png" → "scan.jpg"). */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot < 0 ? name : name.slice(0, dot)}.jpg`;
}

/** The upright size from the header, or by decoding when the header does not say. */
async function uprightSize(file: Blob): Promise<{ width: number; height: number } | null> {
  return imageSize(new Uint8Array(await file.slice(0, 256 * 1024).arrayBuffer())) ?? (await imageDimensions(file));
}

export async function checkFile(file: File, kind: DocumentKind): Promise<FileCheck> {
  const allowed = ALLOWED_TYPES[kind];
  const extensions = allowed.flatMap((t) => EXTENSIONS[t]);
  if (!extensions.includes(extensionOf(file.name))) return { ok: false, problem: 'file_type_not_allowed' };
  if (file.size > MAX_FILE_BYTES) return { ok: false, problem: 'file_too_large' };
  const type = sniffType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!type || !allowed.includes(type)) return { ok: false, problem: 'file_type_not_allowed' };
  if (kind === 'applicant_photo') {
    const size = await uprightSize(file);
    if (!size) return { ok: false, problem: 'image_unreadable' };
    if (!isPhotoRatio(size.width, size.height)) return { ok: false, problem: 'photo_aspect_ratio' };
  }
  let kept: Omit<Extract<FileCheck, { ok: true }>, 'ok'> = { type, file, name: file.name, originalSize: file.size };
  if (type !== 'application/pdf') {
    const shrinking = await import('./photo-shrink/shrink-photo').catch(() => null);
    // Without the shrinking code (an old cached app) the photo goes as chosen, as it always did.
    if (shrinking) {
      try {
        const photo = await shrinking.shrinkPhoto(file, kind);
        if (photo.shrunk) kept = { ...kept, type: photo.type, file: photo.blob, name: jpegName(file.name) };
      } catch {
        return { ok: false, problem: 'image_unreadable' };
      }
    }
  }
  if (kept.file.size > MAX_FILE_BYTES) return { ok: false, problem: 'file_too_large' };
  if (!(await roomFor(kept.file.size))) return { ok: false, problem: 'no_room' };
  return { ok: true, ...kept };
}
