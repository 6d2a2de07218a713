/**
 * The benchmark's page: exposes the registration screen's own reader to the driving script
 * (scripts/bench-ocr.ts), which hands it card images one by one. With `debug`, the crops the
 * reader made come back as PNG data URLs, to look at; with `record`, every reading of the names.
 */
import type { GrayImage } from '../../src/features/registration/ocr/gray-image';
import type { NameReading } from '../../src/features/registration/ocr/field-values';
import { readIdCard } from '../../src/features/registration/ocr/read-id-card';

type Reading = Awaited<ReturnType<typeof readIdCard>> & {
  crops?: Record<string, string>;
  readings?: Record<string, NameReading[]>;
};

declare global {
  interface Window {
    readCard(url: string, debug?: boolean, record?: boolean): Promise<Reading>;
  }
}

function toDataUrl(image: GrayImage): string {
  const canvas = Object.assign(document.createElement('canvas'), { width: image.width, height: image.height });
  const context = canvas.getContext('2d')!;
  const rgba = context.createImageData(image.width, image.height);
  image.data.forEach((v, i) => rgba.data.set([v, v, v, 255], i * 4));
  context.putImageData(rgba, 0, 0);
  return canvas.toDataURL('image/png');
}

window.readCard = async (url, debug = false, record = false) => {
  const crops: Record<string, string> = {};
  const readings: Record<string, NameReading[]> = {};
  const blob = await (await fetch(url)).blob();
  const reading: Reading = await readIdCard(blob, () => {}, new Date('2026-01-01'), {
    debug: debug
      ? (name, image) => {
          crops[name] = toDataUrl(image);
        }
      : undefined,
    record: record
      ? (field, all) => {
          readings[field] = all;
        }
      : undefined,
  });
  return { ...reading, ...(debug ? { crops } : {}), ...(record ? { readings } : {}) };
};
