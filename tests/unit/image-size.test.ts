import { describe, expect, it } from 'vitest';
import { imageSize, isPhotoRatio, sniffType } from '../../contract/documents';

/** A minimal JPEG header: optional APP1 Exif with an orientation, then a SOF0 frame of w×h. */
function jpeg(width: number, height: number, orientation?: number, littleEndian = true): Uint8Array {
  const parts: number[] = [0xff, 0xd8];
  if (orientation) {
    const u16 = (n: number) => (littleEndian ? [n & 0xff, n >> 8] : [n >> 8, n & 0xff]);
    const u32 = (n: number) =>
      littleEndian
        ? [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24]
        : [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
    const tiff = [
      ...(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]),
      ...u16(42),
      ...u32(8),
      ...u16(1),
      ...u16(0x0112),
      ...u16(3),
      ...u32(1),
      ...u16(orientation),
      0,
      0,
      ...u32(0),
    ];
    const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    const len = body.length + 2;
    parts.push(0xff, 0xe1, len >> 8, len & 0xff, ...body);
  }
  parts.push(
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  );
  parts.push(0xff, 0xd9);
  return new Uint8Array(parts);
}

describe('imageSize', () => {
  it('reads a JPEG frame size', () => {
    expect(sniffType(jpeg(300, 400))).toBe('image/jpeg');
    expect(imageSize(jpeg(300, 400))).toEqual({ width: 300, height: 400 });
  });

  it('reports a photo stored sideways (EXIF orientation 5–8) as it is displayed', () => {
    expect(imageSize(jpeg(400, 300, 6))).toEqual({ width: 300, height: 400 });
    expect(imageSize(jpeg(400, 300, 8, false))).toEqual({ width: 300, height: 400 });
    expect(imageSize(jpeg(300, 400, 1))).toEqual({ width: 300, height: 400 });
    expect(imageSize(jpeg(300, 400, 3))).toEqual({ width: 300, height: 400 });
  });

  it('checks the 3:4 ratio within 0.01', () => {
    expect(isPhotoRatio(300, 400)).toBe(true);
    expect(isPhotoRatio(303, 400)).toBe(true);
    expect(isPhotoRatio(400, 300)).toBe(false);
    expect(isPhotoRatio(310, 400)).toBe(false);
  });
});
