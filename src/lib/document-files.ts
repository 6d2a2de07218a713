import {
  ALLOWED_TYPES,
  EXTENSIONS,
  MAX_FILE_BYTES,
  isPhotoRatio,
  sniffType,
  type DocumentKind,
  type FileType,
} from '../../contract/documents';

/**
 * The file rules of the application, checked on the device before anything is stored or
 * sent — the server checks them all again. A file passes when its name has an allowed extension,
 * its first bytes say it really is an allowed type, it is at most 10 MB, and (applicant photo) it
 * is 3:4 within 0.01.
 */
export type FileProblem = 'file_type_not_allowed' | 'file_too_large' | 'photo_aspect_ratio' | 'image_unreadable';

/** `file` is what to keep and send: the chosen file, or a photo turned upright (see uprightPhoto). */
export type FileCheck = { ok: true; type: FileType; file: Blob } | { ok: false; problem: FileProblem };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** Width and height as the browser decodes the image (null when it cannot). */
export async function imageDimensions(blob: Blob): Promise<{ width: number; height: number } | null> {
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

/** The EXIF orientation of a JPEG (1 = upright, also when there is none). */
export function jpegOrientation(bytes: Uint8Array): number {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let i = 2;
  while (i + 4 <= bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1];
    if (marker === 0xda) return 1; // image data starts: no EXIF before it
    const length = view.getUint16(i + 2);
    const isExif = marker === 0xe1 && String.fromCharCode(...bytes.slice(i + 4, i + 8)) === 'Exif';
    if (isExif) {
      const tiff = i + 10;
      if (tiff + 8 > bytes.length) return 1;
      const little = view.getUint16(tiff) === 0x4949;
      const ifd = tiff + view.getUint32(tiff + 4, little);
      if (ifd + 2 > bytes.length) return 1;
      const count = view.getUint16(ifd, little);
      for (let e = 0; e < count; e++) {
        const entry = ifd + 2 + e * 12;
        if (entry + 12 > bytes.length) return 1;
        if (view.getUint16(entry, little) === 0x0112) return view.getUint16(entry + 8, little);
      }
      return 1;
    }
    i += 2 + length;
  }
  return 1;
}

/**
 * A phone photo taken upright is often stored sideways with an EXIF note to turn it (orientations
 * 5 to 8). The browser shows it upright, but its stored size is the other way round, so the
 * server's 3:4 check would refuse what the citizen sees as a correct photo. Such a photo is drawn
 * upright and saved again as JPEG (which also drops its EXIF data, location included).
 */
export async function uprightPhoto(file: Blob): Promise<Blob> {
  const head = new Uint8Array(await file.slice(0, 128 * 1024).arrayBuffer());
  if (sniffType(head) !== 'image/jpeg' || jpegOrientation(head) < 5) return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  const upright = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  if (!upright) throw new Error('The photo could not be turned upright.');
  return upright;
}

export async function checkFile(file: File, kind: DocumentKind): Promise<FileCheck> {
  const allowed = ALLOWED_TYPES[kind];
  const extensions = allowed.flatMap((t) => EXTENSIONS[t]);
  if (!extensions.includes(extensionOf(file.name))) return { ok: false, problem: 'file_type_not_allowed' };
  if (file.size > MAX_FILE_BYTES) return { ok: false, problem: 'file_too_large' };
  const type = sniffType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!type || !allowed.includes(type)) return { ok: false, problem: 'file_type_not_allowed' };
  if (kind !== 'applicant_photo') return { ok: true, type, file };
  const size = await imageDimensions(file);
  if (!size) return { ok: false, problem: 'image_unreadable' };
  if (!isPhotoRatio(size.width, size.height)) return { ok: false, problem: 'photo_aspect_ratio' };
  let upright: Blob;
  try {
    upright = await uprightPhoto(file);
  } catch {
    return { ok: false, problem: 'image_unreadable' };
  }
  if (upright.size > MAX_FILE_BYTES) return { ok: false, problem: 'file_too_large' };
  return { ok: true, type, file: upright };
}
