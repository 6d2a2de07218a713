/**
 * The image work before reading: grey levels, contrast, straightening, cropping and scaling a
 * field to the text height the recogniser reads best. Plain typed arrays, no canvas: the same
 * code runs in the browser, in a worker and in unit tests, and is fast enough on a phone
 * (a 1500 × 1000 card is ~1.5 M pixels; each step is one pass over them).
 */

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 = black, row by row. */
  data: Uint8ClampedArray;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The smallest box around these. */
export function union(boxes: Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

/** Luma of RGBA pixels (ITU-R BT.601 weights, as cameras encode). */
export function grayFromRgba(rgba: Uint8ClampedArray, width: number, height: number): GrayImage {
  const data = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    data[i] = (rgba[p]! * 299 + rgba[p + 1]! * 587 + rgba[p + 2]! * 114) / 1000;
  }
  return { width, height, data };
}

/**
 * Stretches the grey levels so the darkest 1 % become black and the lightest 1 % white: ink on a
 * dim or washed-out photo gets the contrast of a scan.
 */
export function stretchContrast(image: GrayImage, clip = 0.01): GrayImage {
  const histogram = new Uint32Array(256);
  for (const v of image.data) histogram[v]!++;
  const limit = image.data.length * clip;
  let low = 0;
  for (let sum = 0; low < 255 && (sum += histogram[low]!) < limit; low++);
  let high = 255;
  for (let sum = 0; high > 0 && (sum += histogram[high]!) < limit; high--);
  if (high - low < 16) return image;
  const scale = 255 / (high - low);
  const data = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < data.length; i++) data[i] = (image.data[i]! - low) * scale;
  return { ...image, data };
}

/** Bilinear sample at (x, y); white outside the image (paper, not ink). */
function sample(image: GrayImage, x: number, y: number): number {
  const { width, height, data } = image;
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return 255;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const fx = x - x0;
  const fy = y - y0;
  const top = data[y0 * width + x0]! * (1 - fx) + data[y0 * width + x1]! * fx;
  const bottom = data[y1 * width + x0]! * (1 - fx) + data[y1 * width + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

/** Area-averaged down-scaling: bilinear alone would drop thin Lao strokes when shrinking a lot. */
function boxDown(image: GrayImage, factor: number): GrayImage {
  const n = Math.floor(factor);
  if (n < 2) return image;
  const width = Math.floor(image.width / n);
  const height = Math.floor(image.height / n);
  const data = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < n; dy++) {
        const row = (y * n + dy) * image.width + x * n;
        for (let dx = 0; dx < n; dx++) sum += image.data[row + dx]!;
      }
      data[y * width + x] = sum / (n * n);
    }
  }
  return { width, height, data };
}

/**
 * The part of `image` inside `box`, turned by `angle` radians about the image centre first
 * (so a tilted photo comes out level), scaled by `scale`, with a white `margin` around it.
 */
export function cropLevel(image: GrayImage, box: Box, angle: number, scale: number, margin = 0): GrayImage {
  const source = scale < 0.5 ? boxDown(image, 1 / scale) : image;
  const sourceScale = source.width / image.width;
  const step = sourceScale / scale;
  const width = Math.max(1, Math.round((box.x1 - box.x0) * scale) + 2 * margin);
  const height = Math.max(1, Math.round((box.y1 - box.y0) * scale) + 2 * margin);
  const data = new Uint8ClampedArray(width * height);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = source.width / 2;
  const cy = source.height / 2;
  for (let y = 0; y < height; y++) {
    // Position in the levelled image (source's scale), then back into the photo.
    const ly = box.y0 * sourceScale + (y - margin) * step - cy;
    for (let x = 0; x < width; x++) {
      const lx = box.x0 * sourceScale + (x - margin) * step - cx;
      data[y * width + x] = sample(source, cx + lx * cos - ly * sin, cy + lx * sin + ly * cos);
    }
  }
  return { width, height, data };
}

/** The steepest tilt looked for, degrees: a card photographed on a table by hand is turned up to 7–8°. */
const MAX_TILT = 10;

/**
 * The tilt of the text lines, in radians (−10° … 10°): the angle at which the rows of dark pixels
 * line up best (the sum of squared row counts is highest). Measured on a small copy: fast.
 */
export function skewAngle(image: GrayImage): number {
  const small = boxDown(image, Math.max(1, image.width / 500));
  const { width, height, data } = small;
  // Ink: clearly darker than its neighbourhood (works on a dark table as on white paper).
  const ink: number[] = [];
  const r = 6;
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1]! + row;
    }
  }
  for (let y = r; y < height - r; y++) {
    for (let x = r; x < width - r; x++) {
      const a = integral[(y - r) * (width + 1) + (x - r)]!;
      const b = integral[(y - r) * (width + 1) + (x + r + 1)]!;
      const c = integral[(y + r + 1) * (width + 1) + (x - r)]!;
      const d = integral[(y + r + 1) * (width + 1) + (x + r + 1)]!;
      const mean = (d - b - c + a) / (2 * r + 1) ** 2;
      if (data[y * width + x]! < mean - 30) ink.push(x, y);
    }
  }
  if (ink.length < 200) return 0;
  const score = (angle: number) => {
    const tan = Math.tan(angle);
    const rows = new Float64Array(height * 2);
    for (let i = 0; i < ink.length; i += 2) {
      const row = Math.round(ink[i + 1]! - (ink[i]! - width / 2) * tan + height / 2);
      if (row >= 0 && row < rows.length) rows[row]!++;
    }
    let sum = 0;
    for (const v of rows) sum += v * v;
    return sum;
  };
  const degree = Math.PI / 180;
  let best = 0;
  let bestScore = score(0);
  for (let a = -MAX_TILT; a <= MAX_TILT; a += 0.5) {
    const s = score(a * degree);
    if (s > bestScore) [best, bestScore] = [a * degree, s];
  }
  // Refine around the best coarse angle.
  const coarse = best;
  for (let a = -0.4; a <= 0.4; a += 0.1) {
    const s = score(coarse + a * degree);
    if (s > bestScore) [best, bestScore] = [coarse + a * degree, s];
  }
  return best;
}

/**
 * Binary PGM (P5): the recogniser's image library reads it natively, so a crop goes to it
 * without a PNG encode and decode on the way.
 */
export function toPgm(image: GrayImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const file = new Uint8Array(header.length + image.data.length);
  file.set(header);
  file.set(image.data, header.length);
  return file;
}

/** Otsu's threshold: the grey level that best splits ink from paper. */
export function otsuThreshold(image: GrayImage): number {
  const histogram = new Float64Array(256);
  for (const v of image.data) histogram[v]!++;
  const total = image.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * histogram[i]!;
  let sumBack = 0;
  let weightBack = 0;
  let best = 128;
  let bestVariance = -1;
  for (let t = 0; t < 256; t++) {
    weightBack += histogram[t]!;
    if (weightBack === 0) continue;
    const weightFore = total - weightBack;
    if (weightFore === 0) break;
    sumBack += t * histogram[t]!;
    const meanBack = sumBack / weightBack;
    const meanFore = (sum - sumBack) / weightFore;
    const variance = weightBack * weightFore * (meanBack - meanFore) ** 2;
    if (variance > bestVariance) [best, bestVariance] = [t, variance];
  }
  return best;
}

/**
 * A field's crop made ready for single-line reading: ink that touches the top or bottom edge
 * belongs to the rows above and below (their tone marks and vowels) and is whitened — unless it
 * reaches the crop's middle, where no other row's mark reaches: then it is a line printed across
 * the text (a card's security lines), joined to the letters it crosses, and whitening it would
 * take those letters too. Then the blank paper left and right is cut off (the recogniser's time
 * grows with the width).
 */
export function isolateRow(image: GrayImage, margin: number): GrayImage {
  const { width, height } = image;
  const data = new Uint8ClampedArray(image.data);
  const threshold = otsuThreshold(image);
  // The soft edge of a glyph is lighter than the threshold: cleared with it, or a grey ghost stays.
  const halo = threshold + (255 - threshold) * 0.6;
  const dark = (i: number) => data[i]! <= halo;
  const middle = { y0: Math.floor(height * 0.4), y1: Math.ceil(height * 0.6) };
  const seen = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    for (const y of [0, height - 1]) {
      const start = y * width + x;
      if (seen[start] || !dark(start)) continue;
      // The ink joined to this edge pixel, and whether it reaches the middle.
      const component: number[] = [];
      const stack = [start];
      seen[start] = 1;
      let across = false;
      while (stack.length) {
        const i = stack.pop()!;
        component.push(i);
        const cy = Math.floor(i / width);
        if (cy >= middle.y0 && cy < middle.y1) across = true;
        const cx = i % width;
        for (const j of [cx > 0 ? i - 1 : -1, cx < width - 1 ? i + 1 : -1, i - width, i + width])
          if (j >= 0 && j < width * height && !seen[j] && dark(j)) {
            seen[j] = 1;
            stack.push(j);
          }
      }
      if (!across) for (const i of component) data[i] = 255;
    }
  }
  // Columns with ink, ignoring specks of noise (fewer than 2 dark pixels).
  let first = -1;
  let last = -1;
  for (let x = 0; x < width; x++) {
    let count = 0;
    for (let y = 0; y < height; y++) if (data[y * width + x]! <= threshold) count++;
    if (count >= 2) {
      if (first < 0) first = x;
      last = x;
    }
  }
  if (first < 0) return { width, height, data };
  const x0 = Math.max(0, first - margin);
  const x1 = Math.min(width, last + 1 + margin);
  const cut = new Uint8ClampedArray((x1 - x0) * height);
  for (let y = 0; y < height; y++) cut.set(data.subarray(y * width + x0, y * width + x1), y * (x1 - x0));
  return { width: x1 - x0, height, data: cut };
}

/**
 * Black and white by each pixel's neighbourhood (Bradley's local mean): ink is what is darker
 * than the pixels around it by `depth`, wherever the light falls. Another preparation than the
 * grey crops the fields are first read from (one Otsu level per crop): a glare spot or a fine line
 * across the text changes the two differently, so a misreading of one is seldom repeated by the other.
 */
export function binarise(image: GrayImage, window: number, depth = 0.12): GrayImage {
  const { width, height } = image;
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += image.data[y * width + x]!;
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1]! + row;
    }
  }
  const half = Math.max(1, Math.round(window / 2));
  const data = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - half);
      const x1 = Math.min(width, x + half + 1);
      const sum =
        sums[y1 * (width + 1) + x1]! -
        sums[y0 * (width + 1) + x1]! -
        sums[y1 * (width + 1) + x0]! +
        sums[y0 * (width + 1) + x0]!;
      const mean = sum / ((x1 - x0) * (y1 - y0));
      data[y * width + x] = image.data[y * width + x]! < mean * (1 - depth) ? 0 : 255;
    }
  }
  return { width, height, data };
}

/**
 * The ink nearest the crop's right edge: from the right, the columns up to the first blank gap at
 * least `gap` px wide (what is left of it — a photo's edge, another field — is cut off).
 */
export function rightmostInk(image: GrayImage, gap: number): GrayImage {
  const { width, height, data } = image;
  const threshold = otsuThreshold(image);
  let seen = false;
  let blank = 0;
  let x0 = 0;
  for (let x = width - 1; x >= 0; x--) {
    let count = 0;
    for (let y = 0; y < height; y++) if (data[y * width + x]! <= threshold) count++;
    if (count >= 2) {
      seen = true;
      blank = 0;
    } else if (seen && ++blank >= gap) {
      x0 = x + Math.floor(gap / 2);
      break;
    }
  }
  if (x0 <= 0) return image;
  const cut = new Uint8ClampedArray((width - x0) * height);
  for (let y = 0; y < height; y++) cut.set(data.subarray(y * width + x0, (y + 1) * width), y * (width - x0));
  return { width: width - x0, height, data: cut };
}
