import type { DocumentKind } from '../../../contract/documents';

/**
 * How small each kind of picture is made before it is kept and sent. Sizes are in pixels of the
 * upright picture, budgets in bytes of the JPEG sent.
 *
 * A page (household book, proof of residence or payment, ID card) keeps about 2000 px on its long
 * side — 10-point text is then still about 10 px high on an A4 page — and never less than 1600 px:
 * below that small print starts to blur into its neighbours. The applicant photo is an exact 3:4
 * portrait, 900 x 1200 when the source allows, never less than 600 x 800 once made smaller.
 */
export type ShrinkTarget =
  | { shape: 'page'; longSide: number; minLongSide: number; budget: number }
  | { shape: 'portrait'; width: number; minWidth: number; budget: number };

const PAGE: ShrinkTarget = { shape: 'page', longSide: 2000, minLongSide: 1600, budget: 450_000 };
const PORTRAIT: ShrinkTarget = { shape: 'portrait', width: 900, minWidth: 600, budget: 250_000 };

export function targetOf(kind: DocumentKind): ShrinkTarget {
  return kind === 'applicant_photo' ? PORTRAIT : PAGE;
}
