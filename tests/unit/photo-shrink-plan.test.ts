import { describe, expect, it } from 'vitest';
import {
  bestTry,
  keepAsIs,
  layoutFor,
  nextQuality,
  QUALITY,
  smallerBound,
  type Try,
} from '../../src/lib/photo-shrink/plan';
import { targetOf } from '../../src/lib/photo-shrink/targets';

const page = targetOf('household_registration_book');
const portrait = targetOf('applicant_photo');

/** Runs the quality search against a made-up size curve, as the encoding loop does. */
function search(bytesAt: (q: number) => number, budget: number, first?: number): Try[] {
  const tries: Try[] = [];
  for (let q = nextQuality(tries, budget, first); q !== null; q = nextQuality(tries, budget, first))
    tries.push({ quality: q, bytes: bytesAt(q) });
  return tries;
}

describe('target sizes', () => {
  it('draws a 12 MP phone photo at 2000 px on its long side, upright sizes kept', () => {
    expect(layoutFor({ width: 4000, height: 3000 }, page)).toMatchObject({ width: 2000, height: 1500 });
    expect(layoutFor({ width: 3000, height: 4000 }, page)).toMatchObject({ width: 1500, height: 2000 });
  });

  it('never enlarges a small picture', () => {
    expect(layoutFor({ width: 1200, height: 900 }, page)).toMatchObject({ width: 1200, height: 900 });
    expect(layoutFor({ width: 300, height: 400 }, portrait)).toMatchObject({ width: 300, height: 400 });
  });

  it('makes the applicant photo exactly 3:4, 900 x 1200, from the centre', () => {
    const exact = layoutFor({ width: 3000, height: 4000 }, portrait);
    expect(exact).toEqual({ crop: { sx: 0, sy: 0, sw: 3000, sh: 4000 }, width: 900, height: 1200 });
    // 0.7525 is within the 0.01 tolerance: the few extra columns are cut evenly on both sides.
    const wide = layoutFor({ width: 3010, height: 4000 }, portrait);
    expect(wide.crop).toEqual({ sx: 5, sy: 0, sw: 3000, sh: 4000 });
    expect(wide.width * 4).toBe(wide.height * 3);
    const odd = layoutFor({ width: 700, height: 934 }, portrait);
    expect(odd.width * 4).toBe(odd.height * 3);
    expect(odd.width).toBe(699);
  });
});

describe('kept as chosen', () => {
  const small = { bytes: 200_000, size: { width: 1600, height: 1200 }, orientation: 1, type: 'image/jpeg' };
  it('keeps a small upright JPEG within budget and size', () => {
    expect(keepAsIs(small, page)).toBe(true);
    expect(keepAsIs({ ...small, type: 'image/png' }, page)).toBe(true);
  });
  it('re-encodes one over budget, too large, or stored sideways', () => {
    expect(keepAsIs({ ...small, bytes: 460_000 }, page)).toBe(false);
    expect(keepAsIs({ ...small, size: { width: 4000, height: 3000 } }, page)).toBe(false);
    expect(keepAsIs({ ...small, orientation: 6 }, page)).toBe(false);
    expect(keepAsIs({ ...small, bytes: 260_000, size: { width: 600, height: 800 } }, portrait)).toBe(false);
    expect(keepAsIs({ ...small, size: { width: 300, height: 400 } }, portrait)).toBe(true);
  });
});

describe('quality search', () => {
  const budget = 450_000;
  it('a clean picture: the middle fits, so the highest quality is tried and kept', () => {
    const tries = search((q) => 100_000 + q * 300_000, budget);
    expect(tries.map((t) => t.quality)).toEqual([QUALITY.first, QUALITY.highest]);
    expect(bestTry(tries, budget)?.quality).toBe(QUALITY.highest);
  });

  it('a noisy picture: bisects down between 0.5 and 0.71, four encodings at most', () => {
    const tries = search((q) => 1_000_000 * q * q, budget);
    expect(tries.map((t) => t.quality)).toEqual([QUALITY.first, QUALITY.lowest, 0.605, 0.658]);
    // The true answer is sqrt(0.45) ≈ 0.67: found within 0.02 in four encodings.
    expect(bestTry(tries, budget)).toEqual({ quality: 0.658, bytes: 1_000_000 * 0.658 * 0.658 });
  });

  it('stops as soon as an encoding is close to the budget', () => {
    const tries = search(() => 420_000, budget);
    expect(tries).toHaveLength(1);
  });

  it('gives up at this size when even the lowest quality is over budget', () => {
    const tries = search(() => 900_000, budget);
    expect(tries.map((t) => t.quality)).toEqual([QUALITY.first, QUALITY.lowest]);
    expect(bestTry(tries, budget)).toBeNull();
  });

  it('after drawing smaller, starts from the lowest quality', () => {
    const tries = search((q) => 300_000 + q * 100_000, budget, QUALITY.lowest);
    expect(tries[0]!.quality).toBe(QUALITY.lowest);
    expect(bestTry(tries, budget)!.quality).toBeGreaterThan(QUALITY.lowest);
  });
});

describe('drawing smaller', () => {
  it('shrinks the side with the square root of the excess, not below 1600 px', () => {
    expect(smallerBound({ width: 2000, height: 1500 }, 600_000, page)).toBe(1645);
    expect(smallerBound({ width: 2000, height: 1500 }, 2_000_000, page)).toBe(1600);
    expect(smallerBound({ width: 1600, height: 1200 }, 2_000_000, page)).toBeNull();
  });
  it('always makes progress, even just over budget', () => {
    expect(smallerBound({ width: 2000, height: 1500 }, 460_000, page)).toBeLessThanOrEqual(1900);
  });
  it('keeps the applicant photo at least 600 px wide', () => {
    expect(smallerBound({ width: 900, height: 1200 }, 1_000_000, portrait)).toBe(600);
    expect(smallerBound({ width: 600, height: 800 }, 1_000_000, portrait)).toBeNull();
  });
});
