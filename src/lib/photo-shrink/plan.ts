import type { ShrinkTarget } from './targets';

/**
 * The decisions of photo shrinking, as pure functions (no canvas): what size to draw, which JPEG
 * quality to try next, when to give up on quality and draw smaller. encode-loop.ts runs them.
 */
export interface Size {
  width: number;
  height: number;
}

/** The part of the source to draw (all of it, or the centred 3:4 part of a portrait) and the size drawn. */
export interface Layout {
  crop: { sx: number; sy: number; sw: number; sh: number };
  width: number;
  height: number;
}

/** One JPEG encoding tried: its quality and how many bytes it made. */
export interface Try {
  quality: number;
  bytes: number;
}

/**
 * Below 0.5 JPEG blocks show on small print; above 0.92 the bytes grow much faster than what the
 * eye (or an officer) gains. The first try is the middle: noisy photos fail there and go down,
 * clean ones pass and go up.
 */
export const QUALITY = { lowest: 0.5, highest: 0.92, first: 0.71 } as const;
/** At most this many encodings per size (each is ~50–150 ms on a phone). */
export const MAX_TRIES = 4;
/** An encoding this close to the budget is kept at once: another try would gain little. */
const GOOD_ENOUGH = 0.85;
/** Qualities closer than this are not worth another encoding. */
const PRECISION = 0.03;

/** The starting bound: long side of a page, width of a portrait. */
export function initialBound(target: ShrinkTarget): number {
  return target.shape === 'page' ? target.longSide : target.width;
}

/** Where to cut the source and how big to draw it, for a bound (never larger than the source). */
export function layoutFor(source: Size, target: ShrinkTarget, bound = initialBound(target)): Layout {
  const { width: w, height: h } = source;
  if (target.shape === 'page') {
    const scale = Math.min(1, bound / Math.max(w, h));
    return {
      crop: { sx: 0, sy: 0, sw: w, sh: h },
      width: Math.max(1, Math.round(w * scale)),
      height: Math.max(1, Math.round(h * scale)),
    };
  }
  // The centred 3:4 part: from a photo already within the 0.01 tolerance this cuts a few pixels.
  const tooWide = w * 4 > h * 3;
  const sw = tooWide ? Math.round((h * 3) / 4) : w;
  const sh = tooWide ? h : Math.round((w * 4) / 3);
  // A width that is a multiple of 3 makes the height a whole number: exactly 3:4.
  const width = Math.max(3, Math.floor(Math.min(bound, sw) / 3) * 3);
  return {
    crop: { sx: Math.floor((w - sw) / 2), sy: Math.floor((h - sh) / 2), sw, sh },
    width,
    height: (width / 3) * 4,
  };
}

/**
 * A picture kept exactly as chosen: already within the budget and the size, upright (no EXIF
 * turn to apply) and a type the server takes. Re-encoding it would only lose detail.
 */
export function keepAsIs(
  file: { bytes: number; size: Size; orientation: number; type: string },
  target: ShrinkTarget,
): boolean {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return false;
  if (file.bytes > target.budget || file.orientation > 1) return false;
  const { width, height } = file.size;
  return target.shape === 'page'
    ? Math.max(width, height) <= target.longSide
    : width <= target.width && height <= (target.width / 3) * 4;
}

/** The best encoding within the budget: the highest quality that fits. */
export function bestTry(tries: readonly Try[], budget: number): Try | null {
  return tries
    .filter((t) => t.bytes <= budget)
    .reduce<Try | null>((a, t) => (a && a.quality > t.quality ? a : t), null);
}

/**
 * The quality to encode at next, or null when the search at this size is over (then `bestTry`
 * has the answer, or nothing fits and the picture must be drawn smaller). A bisection between
 * the highest quality that fits and the lowest that does not.
 */
export function nextQuality(tries: readonly Try[], budget: number, first: number = QUALITY.first): number | null {
  if (tries.length === 0) return first;
  if (tries.length >= MAX_TRIES) return null;
  const fits = bestTry(tries, budget);
  const over = tries.filter((t) => t.bytes > budget).map((t) => t.quality);
  const lowestOver = over.length ? Math.min(...over) : null;
  if (!fits) return lowestOver !== null && lowestOver > QUALITY.lowest ? QUALITY.lowest : null;
  if (fits.bytes >= budget * GOOD_ENOUGH || fits.quality >= QUALITY.highest) return null;
  if (lowestOver === null) return QUALITY.highest;
  const next = (fits.quality + lowestOver) / 2;
  return lowestOver - fits.quality < PRECISION ? null : Math.round(next * 1000) / 1000;
}

/**
 * The next, smaller bound when even the lowest quality is over the budget: bytes grow about with
 * the pixel count, so the side shrinks with the square root of the excess (a little more, so the
 * next size usually fits). Null when the picture is already as small as it may be made.
 */
export function smallerBound(drawn: Size, bytesAtLowest: number, target: ShrinkTarget): number | null {
  const current = target.shape === 'page' ? Math.max(drawn.width, drawn.height) : drawn.width;
  const floor = target.shape === 'page' ? target.minLongSide : target.minWidth;
  if (current <= floor) return null;
  const wanted = Math.floor(current * Math.sqrt(target.budget / bytesAtLowest) * 0.95);
  return Math.max(floor, Math.min(wanted, Math.floor(current * 0.95)));
}
