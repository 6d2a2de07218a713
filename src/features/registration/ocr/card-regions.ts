/**
 * Where on the card each field is read: where the line classifier found it (card-lines.ts), else
 * where the classic layout's labels say (card-layout.ts).
 */
import type { CardLayout, FieldRegion } from './card-layout';
import type { CardFields } from './card-lines';
import { union, type Box } from './gray-image';

/** A field's area; a name printed on one row with the other is read with it and split (`part`). */
export type Region = FieldRegion & { part?: 'first' | 'last' };

/** The classic layout, found by its labels: every field's label and the Latin name line. */
export const knowsLayout = (layout: CardLayout) =>
  layout.latinName !== undefined &&
  (['idNumber', 'firstNameLao', 'lastNameLao', 'dateOfBirth'] as const).every((field) =>
    layout.regions.some((r) => r.field === field),
  );

/**
 * The areas to read on their own: the number (or a row of digits as long), the date and the names
 * where the line classifier found them (card-lines.ts); the address, and what it did not find,
 * where the labels say (card-layout.ts).
 */
export function regionsOf(card: CardFields, layout: CardLayout, width: number): Region[] {
  const h = card.textHeight;
  const row = (box: Box, pad: number): Box => {
    const centre = (box.y0 + box.y1) / 2;
    return {
      x0: Math.max(0, box.x0 - pad * h),
      y0: centre - h * 1.3,
      x1: Math.min(width, box.x1 + pad * h),
      y1: centre + h * 1.2,
    };
  };
  // A Lao word's box already holds its marks above and below: a little room around it.
  const nameRow = (box: Box): Box => ({
    x0: Math.max(0, box.x0 - 0.3 * h),
    y0: box.y0 - 0.35 * h,
    x1: Math.min(width, box.x1 + 0.3 * h),
    y1: box.y1 + 0.35 * h,
  });
  const found: Region[] = [];
  const number = card.idNumber?.box ?? card.numberRow;
  if (number) found.push({ field: 'idNumber', rows: [row(number, 0.6)], textHeight: h });
  // The whole-card reading may have split the date and kept only part of it: room for the rest.
  if (card.dateOfBirth ?? card.dateRow) {
    const date = card.dateOfBirth?.box ?? card.dateRow!;
    found.push({
      field: 'dateOfBirth',
      rows: [{ ...row(date, 0.6), x1: Math.min(width, date.x1 + 2.5 * h) }],
      textHeight: h,
    });
  }
  const { firstNameLao: first, lastNameLao: last } = card.names;
  const rows = { firstNameLao: first && nameRow(first), lastNameLao: last && nameRow(last) };
  // Given name and surname on one row: the row is read whole (once, shared), and the reading is
  // split into its words — cutting the row between them would cut into their letters.
  // (Also when the whole-card reading did not see the two words apart: the "name and surname" line.)
  const oneRow = card.fullName
    ? nameRow(card.fullName)
    : first && last && Math.abs(first.y0 - last.y0) < h && first.x1 < last.x0
      ? union([nameRow(first), nameRow(last)])
      : undefined;
  for (const field of ['firstNameLao', 'lastNameLao'] as const) {
    const box = rows[field];
    // A name no read label placed in its field: read, never filled as sure (card-lines.ts).
    const guessed = card.labelled.includes(field) ? {} : { guessed: true };
    if (oneRow)
      found.push({
        field,
        rows: [oneRow],
        textHeight: h,
        part: field === 'firstNameLao' ? 'first' : 'last',
        ...guessed,
      });
    else if (box) found.push({ field, rows: [box], textHeight: h, ...guessed });
  }
  const names = found.some((r) => r.field === 'firstNameLao' || r.field === 'lastNameLao');
  const fromLabels = layout.regions.filter(
    (r) =>
      !found.some((f) => f.field === r.field) &&
      (names ? r.field !== 'firstNameLao' && r.field !== 'lastNameLao' : true),
  );
  return [...found, ...fromLabels];
}
