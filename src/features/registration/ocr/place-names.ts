/**
 * Which field each Lao name read on an ID card goes in. Pure but for reading a label on its own,
 * which the caller does (read-id-card.ts).
 */
import type { Region } from './card-regions';
import type { NameField } from './card-lines';
import type { IdCardFields } from './extract-id-card';
import { spelledApart } from './latin-match';

/**
 * Sure of a name means sure of its field too: a read label (or a passport's MRZ) puts it there. A
 * name whose field rests on the layout's order alone may be the other name, spelt right (the
 * digital card prints the surname first; the Latin line spells both). Its label, missed by the
 * whole card's reading, is read on its own (`labelOf`): where it names this name's field, the name
 * stays; where it names the other's, the name moves there (both names' labels so read: the rows
 * were taken in the wrong order) unless a name placed by its label is there; anything else (no
 * label read, both labels naming one field) is left to type. A label read for the other name places this one too where the Latin line spells the two
 * apart, each by its own word (a guessed name that is the other one, spelt right, would share the
 * other's word). A name without its own label, in a "name and surname" row, is not looked for.
 */
export async function placeNames(
  fields: IdCardFields,
  source: Map<string, Region>,
  latinLine: string | undefined,
  labelOf: (region: Region) => Promise<NameField | 'full' | undefined>,
  raw: Record<string, string | undefined>,
) {
  const NAMES = ['firstNameLao', 'lastNameLao'] as const;
  const otherOf = (field: NameField): NameField => (field === 'firstNameLao' ? 'lastNameLao' : 'firstNameLao');
  /** Where each name whose field was guessed belongs, by its label. */
  const goes: Partial<Record<NameField, NameField | undefined>> = {};
  for (const field of NAMES) {
    const region = source.get(field);
    const filled = fields[field];
    if (!filled || !region?.guessed) continue;
    const other = otherOf(field);
    const otherName = source.get(other)?.guessed ? undefined : fields[other]?.value;
    const label =
      otherName && latinLine && spelledApart(filled.value, otherName, latinLine)
        ? field
        : region.part
          ? undefined
          : await labelOf(region);
    goes[field] = label === field || label === other ? label : undefined;
  }
  // Two labels naming one field: neither is believed.
  if (goes.firstNameLao !== undefined && goes.firstNameLao === goes.lastNameLao)
    goes.firstNameLao = goes.lastNameLao = undefined;
  const stays = (field: NameField) => fields[field] !== undefined && (!(field in goes) || goes[field] === field);
  const moves: { to: NameField; value: NonNullable<IdCardFields[NameField]>; region: Region }[] = [];
  for (const field of NAMES) {
    if (!(field in goes)) continue;
    const to = goes[field];
    if (to === field) continue;
    const value = fields[field]!;
    if (to === undefined || stays(to)) raw[`${field}Field`] = `${value.value}: no label read places it`;
    else {
      raw[`${field}Field`] = `${value.value}: its label names the other name`;
      moves.push({ to, value, region: source.get(field)! });
    }
    delete fields[field];
    source.delete(field);
  }
  for (const { to, value, region } of moves) {
    fields[to] = value;
    source.set(to, region);
  }
}
