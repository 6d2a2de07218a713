import { imageSize, sniffType, type DocumentKind } from '../../../contract/documents';
import { drawOn, shrinkBitmap, type Shrunk, type Surface } from './encode-loop';
import type { ShrinkReply, ShrinkRequest } from './messages';
import { jpegOrientation } from './orientation';
import { keepAsIs } from './plan';
import { targetOf, type ShrinkTarget } from './targets';

/**
 * Makes a chosen photo small before it is kept on the device and sent over a weak link: upright,
 * scaled to what an officer needs to read it, JPEG within a byte budget (targets.ts). A 12 MP
 * phone photo of ~5 MB becomes ~450 KB. Import this module lazily, where a file is chosen.
 */
export interface PhotoToSend {
  blob: Blob;
  type: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  /** False when the file was already small, upright and within size: it is sent as chosen. */
  shrunk: boolean;
}

/** The browser could not decode the picture. */
export class ImageUnreadable extends Error {}

/** Enough of the file's start for its header, EXIF included (at most 64 KB, usually far less). */
const HEAD_BYTES = 256 * 1024;
/** A worker is kept this long after its last photo, for the next document chosen. */
const WORKER_IDLE_MS = 30_000;

export async function shrinkPhoto(file: Blob, kind: DocumentKind): Promise<PhotoToSend> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const type = sniffType(head);
  if (type !== 'image/jpeg' && type !== 'image/png') throw new ImageUnreadable('not a JPEG or PNG');
  const target = targetOf(kind);
  const size = imageSize(head);
  const orientation = type === 'image/jpeg' ? jpegOrientation(head) : 1;
  if (size && keepAsIs({ bytes: file.size, size, orientation, type }, target))
    return { blob: file, type, ...size, shrunk: false };
  // A browser without createImageBitmap cannot shrink: the photo goes as chosen (within 10 MB).
  if (typeof createImageBitmap !== 'function') {
    if (!size) throw new ImageUnreadable('no size');
    return { blob: file, type, ...size, shrunk: false };
  }
  const shrunk = typeof OffscreenCanvas === 'function' ? await inWorker(file, target) : await onPage(file, target);
  return { blob: shrunk.blob, type: 'image/jpeg', width: shrunk.width, height: shrunk.height, shrunk: true };
}

let worker: Worker | null = null;
let idle: ReturnType<typeof setTimeout> | undefined;
let nextId = 0;

function shrinkWorker(): Worker {
  clearTimeout(idle);
  worker ??= new Worker(new URL('./shrink.worker.ts', import.meta.url), { type: 'module', name: 'photo-shrink' });
  return worker;
}

function release() {
  clearTimeout(idle);
  idle = setTimeout(() => {
    worker?.terminate();
    worker = null;
  }, WORKER_IDLE_MS);
}

/** In the worker; if the worker itself cannot start, on the page instead. */
function inWorker(blob: Blob, target: ShrinkTarget): Promise<Shrunk> {
  const id = ++nextId;
  return new Promise<Shrunk>((resolve, reject) => {
    let w: Worker;
    try {
      w = shrinkWorker();
    } catch {
      resolve(onPage(blob, target));
      return;
    }
    const done = () => {
      w.removeEventListener('message', onMessage);
      w.removeEventListener('error', onError);
      release();
    };
    const onMessage = ({ data }: MessageEvent<ShrinkReply>) => {
      if (data.id !== id) return;
      done();
      if (data.ok) resolve(data.shrunk);
      else reject(new ImageUnreadable('not decoded'));
    };
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      done();
      worker?.terminate();
      worker = null;
      resolve(onPage(blob, target));
    };
    w.addEventListener('message', onMessage);
    w.addEventListener('error', onError);
    const request: ShrinkRequest = { id, blob, target };
    w.postMessage(request);
  });
}

/** The same work on the page, for browsers without OffscreenCanvas (the screen may pause a moment). */
async function onPage(blob: Blob, target: ShrinkTarget): Promise<Shrunk> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch {
    throw new ImageUnreadable('not decoded');
  }
  const surface = (width: number, height: number): Surface => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { alpha: false })!;
    return {
      draw: (b, layout) => drawOn(context, b, layout),
      encode: (quality) =>
        new Promise<Blob>((resolve, reject) =>
          canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('not encoded'))), 'image/jpeg', quality),
        ),
    };
  };
  try {
    return await shrinkBitmap(bitmap, target, surface);
  } finally {
    bitmap.close();
  }
}
