/**
 * On-device reading of a Lao ID card photo with tesseract.js.
 *
 * Nothing leaves the phone: the worker script, the WebAssembly core and the
 * language data are served by our own server under /tesseract/ (copied there
 * by scripts/copy-tesseract-assets.ts) and cached by our service worker.
 * Import this module lazily from the screen: it pulls in tesseract.js.
 */
import { createWorker, OEM, PSM, type Page, type Worker } from 'tesseract.js';
import { extractIdCard, normalizeOcrText, type IdCardFields, type OcrWord } from './extract-id-card';

export interface IdCardReading {
  /** Raw text as recognised, lines separated by "\n". */
  text: string;
  /** Every recognised word with its confidence (0–100) and line index. */
  words: OcrWord[];
  fields: IdCardFields;
  /** Time spent recognising, without loading the engine. */
  durationMs: number;
}

/** Lao for the card's data, English for its printed labels and the Latin name. */
export const OCR_LANGUAGES = 'lao+eng';
/** LSTM only: the legacy engine has no Lao model worth loading and doubles the download. */
export const OCR_ENGINE = OEM.LSTM_ONLY;
/**
 * Automatic page segmentation and tesseract's own binarisation: on card
 * photos this read better than single-block modes or extra thresholding.
 */
export const OCR_PARAMETERS = { tessedit_pageseg_mode: PSM.AUTO } as const;

/** Narrower photos are enlarged first: Lao marks are only a few pixels high there. */
export const MIN_WIDTH = 800;
const TARGET_WIDTH = 1280;
const MAX_UPSCALE = 3;
/** The engine holds ~100 MB; give it back when the person stops scanning. */
const IDLE_TERMINATE_MS = 60_000;

/** Upscale factor for an image of this width: 1 means "leave as is". */
export function upscaleFactor(width: number): number {
  if (width <= 0 || width >= MIN_WIDTH) return 1;
  return Math.min(MAX_UPSCALE, TARGET_WIDTH / width);
}

/** tesseract.js's options for our own copy of its assets. */
export function workerOptions(assetBase = '/tesseract/') {
  // Absolute URLs: the core and the data are loaded from inside the worker,
  // where relative paths would resolve against the worker script instead.
  const base = new URL(assetBase, globalThis.location.href).href;
  return {
    workerPath: `${base}worker.min.js`,
    // A folder, so tesseract picks the fastest core this browser supports
    // (relaxed SIMD, SIMD or plain), LSTM-only build.
    corePath: base,
    langPath: base,
    // The service worker already caches /tesseract/; tesseract's own IndexedDB
    // cache would store the 6.5 MB of language data a second time.
    cacheMethod: 'none',
    // A blob: worker could not be controlled by our CSP and service worker.
    workerBlobURL: false,
  };
}

let worker: Promise<Worker> | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let reportProgress: (fraction: number) => void = () => {};
/** One recognition at a time, so progress belongs to the caller that waits. */
let queue: Promise<unknown> = Promise.resolve();

// Loading the engine and data is the first ~30 %, recognising the rest.
const LOAD_SHARE = 0.3;
const LOAD_STEPS = ['loading tesseract core', 'initializing tesseract', 'loading language traineddata', 'initializing api'];

function onLog({ status, progress }: { status: string; progress: number }): void {
  const step = LOAD_STEPS.indexOf(status);
  if (step >= 0) reportProgress(((step + progress) / LOAD_STEPS.length) * LOAD_SHARE);
  else if (status === 'recognizing text') reportProgress(LOAD_SHARE + progress * (1 - LOAD_SHARE));
}

function getWorker(): Promise<Worker> {
  worker ??= (async () => {
    const created = await createWorker(OCR_LANGUAGES, OCR_ENGINE, { ...workerOptions(), logger: onLog });
    await created.setParameters(OCR_PARAMETERS);
    return created;
  })().catch((error: unknown) => {
    worker = undefined; // let a retry load it again, e.g. once back online
    throw error;
  });
  return worker;
}

/** Frees the engine now, e.g. when the registration screen is left. */
export async function terminateIdCardReader(): Promise<void> {
  clearTimeout(idleTimer);
  const current = worker;
  worker = undefined;
  if (current) await (await current.catch(() => undefined))?.terminate();
}

async function upscaled(image: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(image);
  const factor = upscaleFactor(bitmap.width);
  if (factor === 1) {
    bitmap.close();
    return image;
  }
  const width = Math.round(bitmap.width * factor);
  const height = Math.round(bitmap.height * factor);
  const canvas = typeof OffscreenCanvas === 'undefined'
    ? Object.assign(document.createElement('canvas'), { width, height })
    : new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new Error('2D canvas is not available');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  if (canvas instanceof HTMLCanvasElement) {
    return new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Could not encode image'))), 'image/png'));
  }
  return canvas.convertToBlob({ type: 'image/png' });
}

/** Words of tesseract's result, numbered by text line in reading order. */
export function wordsOfPage(page: Page): OcrWord[] {
  const words: OcrWord[] = [];
  let line = 0;
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const textLine of paragraph.lines) {
        for (const word of textLine.words) {
          words.push({ text: normalizeOcrText(word.text), confidence: word.confidence, line });
        }
        line += 1;
      }
    }
  }
  return words;
}

/** Raw text, words and fields of a recognised page. */
export function readingOfPage(page: Page, durationMs: number, today = new Date()): IdCardReading {
  const words = wordsOfPage(page);
  return { text: page.text, words, fields: extractIdCard(words, today), durationMs };
}

/**
 * Reads an ID card photo. `onProgress` gets 0–1. The engine stays loaded for
 * a retake and is freed after a minute of no use.
 */
export function recognizeIdCard(image: Blob, onProgress: (fraction: number) => void): Promise<IdCardReading> {
  const run = async (): Promise<IdCardReading> => {
    clearTimeout(idleTimer);
    // Load steps can arrive out of order; the bar should never move back.
    let shown = 0;
    reportProgress = (fraction) => {
      if (fraction > shown) onProgress((shown = fraction));
    };
    try {
      onProgress(0);
      const [ready, prepared] = await Promise.all([getWorker(), upscaled(image)]);
      const started = performance.now();
      const { data } = await ready.recognize(prepared, {}, { text: true, blocks: true });
      const reading = readingOfPage(data, Math.round(performance.now() - started));
      onProgress(1);
      return reading;
    } finally {
      reportProgress = () => {};
      idleTimer = setTimeout(() => void terminateIdCardReader(), IDLE_TERMINATE_MS);
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
