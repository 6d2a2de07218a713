import { bestTry, initialBound, layoutFor, nextQuality, QUALITY, smallerBound, type Layout, type Try } from './plan';
import type { ShrinkTarget } from './targets';

/** A canvas of the drawn size: an OffscreenCanvas in the worker, a page canvas where there is none. */
export interface Surface {
  draw(bitmap: ImageBitmap, layout: Layout): void;
  encode(quality: number): Promise<Blob>;
}

export interface Shrunk {
  blob: Blob;
  width: number;
  height: number;
  /** How many JPEG encodings it took (for the measurements). */
  encodes: number;
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Draws on white (a transparent PNG would turn black in a JPEG), with the browser's best scaling. */
export function drawOn(context: Context2D, bitmap: ImageBitmap, { crop, width, height }: Layout): void {
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, width, height);
}

/**
 * Draws the upright picture at the target's size and encodes it as JPEG within the byte budget
 * (plan.ts decides each step): the highest quality that fits, else a smaller size, down to the
 * smallest the target allows — which is kept at the lowest quality even if still over budget.
 */
export async function shrinkBitmap(
  bitmap: ImageBitmap,
  target: ShrinkTarget,
  surfaceOf: (width: number, height: number) => Surface,
): Promise<Shrunk> {
  let bound = initialBound(target);
  let first: number = QUALITY.first;
  let encodes = 0;
  for (;;) {
    const layout = layoutFor(bitmap, target, bound);
    const surface = surfaceOf(layout.width, layout.height);
    surface.draw(bitmap, layout);
    const tries: Try[] = [];
    const blobs = new Map<number, Blob>();
    for (let q = nextQuality(tries, target.budget, first); q !== null; q = nextQuality(tries, target.budget, first)) {
      const blob = await surface.encode(q);
      encodes++;
      tries.push({ quality: q, bytes: blob.size });
      blobs.set(q, blob);
    }
    const best = bestTry(tries, target.budget);
    const lowest = tries.reduce((a, t) => (t.quality < a.quality ? t : a));
    const smaller = best ? null : smallerBound(layout, lowest.bytes, target);
    if (best || smaller === null) {
      return { blob: blobs.get((best ?? lowest).quality)!, width: layout.width, height: layout.height, encodes };
    }
    bound = smaller;
    // At the smaller size the quality will be low too: start the search from the bottom.
    first = QUALITY.lowest;
  }
}
