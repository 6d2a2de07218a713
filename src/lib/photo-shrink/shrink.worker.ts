import { drawOn, shrinkBitmap, type Surface } from './encode-loop';
import type { ShrinkReply, ShrinkRequest } from './messages';

/**
 * Decodes, turns upright, scales and encodes a photo away from the page, so the screen stays
 * responsive while a 12-megapixel picture is worked on (a second or more on a cheap phone).
 */
// The app's types are the page's (DOM lib); a worker's scope needs only these two.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ShrinkRequest>) => void) | null;
  postMessage(reply: ShrinkReply): void;
};

function offscreen(width: number, height: number): Surface {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { alpha: false })!;
  return {
    draw: (bitmap, layout) => drawOn(context, bitmap, layout),
    encode: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }),
  };
}

scope.onmessage = async ({ data }) => {
  let reply: ShrinkReply;
  try {
    const bitmap = await createImageBitmap(data.blob, { imageOrientation: 'from-image' });
    try {
      reply = { id: data.id, ok: true, shrunk: await shrinkBitmap(bitmap, data.target, offscreen) };
    } finally {
      bitmap.close();
    }
  } catch {
    reply = { id: data.id, ok: false };
  }
  scope.postMessage(reply);
};
