/**
 * The recogniser's side of reading a card: the photo decoded grey at the working width, the engine
 * settings per kind of field, and one recognition at a time per engine, its words with their boxes
 * (and, for Lao names, the recogniser's other guesses at every symbol).
 */
import { PSM, type Page, type Worker } from 'tesseract.js';
import { MIN_WORD_CONFIDENCE, normalizeOcrText, type FieldConfidence } from './extract-id-card';
import { grayFromRgba, toPgm, type GrayImage } from './gray-image';
import { symbolChoicesOf, type SymbolChoice } from './symbol-choices';

/** The card is worked on at this width: labels are then ~20 px high, enough for the first pass. */
const WORK_WIDTH = { min: 1200, max: 1600 };

export const LAO_LETTERS = Array.from({ length: 0x0edf - 0x0e81 + 1 }, (_, i) => String.fromCharCode(0x0e81 + i)).join(
  '',
);

/** What the recogniser is set to for one reading. */
export interface EngineSetting {
  model: 'eng' | 'lao';
  psm: PSM;
  whitelist: string;
}

/** Engine settings per kind of field. */
export const SETTINGS = {
  layout: { model: 'eng', psm: PSM.AUTO, whitelist: '' },
  laoLayout: { model: 'lao', psm: PSM.AUTO, whitelist: '' },
  digits: { model: 'eng', psm: PSM.SINGLE_LINE, whitelist: '0123456789 -' },
  date: { model: 'eng', psm: PSM.SINGLE_LINE, whitelist: '0123456789/.-' },
  name: { model: 'lao', psm: PSM.SINGLE_LINE, whitelist: `${LAO_LETTERS} ` },
  /** A label read on its own, in either language (card-lines.ts nameLabelIn). */
  labelLao: { model: 'lao', psm: PSM.SINGLE_LINE, whitelist: '' },
  labelEng: { model: 'eng', psm: PSM.SINGLE_LINE, whitelist: '' },
  address: { model: 'lao', psm: PSM.SINGLE_LINE, whitelist: `${LAO_LETTERS}0123456789 ,.-` },
} as const satisfies Record<string, EngineSetting>;

export interface Recognised {
  text: string;
  /** Lao fields only: the recogniser's other guesses at every symbol of every word. */
  choices?: SymbolChoice[][][];
  words: { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number }; line: number }[];
}

/** Each worker's last job: fields read at once take turns, so none is read with another's settings. */
const queues = new WeakMap<Worker, Promise<unknown>>();

export function recognise(worker: Worker, image: GrayImage, setting: EngineSetting): Promise<Recognised> {
  const job = (queues.get(worker) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      const withChoices = setting === SETTINGS.name;
      await worker.setParameters({
        tessedit_pageseg_mode: setting.psm,
        tessedit_char_whitelist: setting.whitelist,
        user_defined_dpi: '300',
        lstm_choice_mode: withChoices ? '2' : '0',
      });
      const { data } = await worker.recognize(
        toPgm(image) as unknown as Buffer,
        {},
        { text: true, blocks: true, hocr: withChoices },
      );
      return {
        text: data.text,
        words: wordsOf(data),
        choices: withChoices && data.hocr ? symbolChoicesOf(data.hocr) : undefined,
      };
    });
  queues.set(worker, job);
  return job;
}

function wordsOf(page: Page): Recognised['words'] {
  const words: Recognised['words'] = [];
  let line = 0;
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const textLine of paragraph.lines) {
        for (const word of textLine.words)
          words.push({ text: normalizeOcrText(word.text), confidence: word.confidence, bbox: word.bbox, line });
        line += 1;
      }
    }
  }
  return words;
}

/** The reading of a scaled-down image in the full image's pixels. */
export function scaledBack(read: Recognised, scale: number): Recognised {
  if (scale === 1) return read;
  const up = (v: number) => Math.round(v / scale);
  return {
    ...read,
    words: read.words.map((w) => ({
      ...w,
      bbox: { x0: up(w.bbox.x0), y0: up(w.bbox.y0), x1: up(w.bbox.x1), y1: up(w.bbox.y1) },
    })),
  };
}

export const lowest = (read: Recognised) => Math.min(100, ...read.words.map((w) => w.confidence));

export const sureOf = (read: Recognised): FieldConfidence =>
  read.words.length > 0 && read.words.every((w) => w.confidence >= MIN_WORD_CONFIDENCE) ? 'ok' : 'check';

/** Decodes the photo at the working width, grey; `scale`: working width over the photo's. */
export async function decode(image: Blob): Promise<{ gray: GrayImage; scale: number }> {
  const bitmap = await createImageBitmap(image);
  const scale = Math.min(3, Math.max(WORK_WIDTH.min / bitmap.width, Math.min(1, WORK_WIDTH.max / bitmap.width)));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas =
    typeof OffscreenCanvas === 'undefined'
      ? Object.assign(document.createElement('canvas'), { width, height })
      : new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true }) as
    OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new Error('2D canvas is not available');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return { gray: grayFromRgba(context.getImageData(0, 0, width, height).data, width, height), scale };
}
