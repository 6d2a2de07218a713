import { describe, expect, it } from 'vitest';
import type { NameField } from '../../src/features/registration/ocr/card-lines';
import type { Region } from '../../src/features/registration/ocr/card-regions';
import type { IdCardFields } from '../../src/features/registration/ocr/extract-id-card';
import { placeNames } from '../../src/features/registration/ocr/place-names';

const ok = (value: string) => ({ value, confidence: 'ok' as const });
/** A name's row at `y`, placed by a label read (`guessed` false) or by the layout's order. */
const row = (field: NameField, y: number, guessed: boolean): Region => ({
  field,
  rows: [{ x0: 300, y0: y, x1: 500, y1: y + 30 }],
  textHeight: 30,
  ...(guessed ? { guessed: true } : {}),
});

/** Places the names; `labels` is what a label read on its own beside each row (by its y) says. */
async function place(
  fields: IdCardFields,
  regions: Region[],
  labels: Record<number, NameField | 'full' | undefined>,
  latinLine?: string,
) {
  const source = new Map<string, Region>(regions.map((r) => [r.field, r]));
  const raw: Record<string, string | undefined> = {};
  await placeNames(fields, source, latinLine, async (region) => labels[region.rows[0]!.y0], raw);
  return { fields, source, raw };
}

describe('placeNames', () => {
  it('swaps two names taken in the wrong order when each one’s label names the other', async () => {
    // The digital card prints the surname first: by the usual order its row was taken for the
    // given name. The labels read on their own say Surname, then Given name.
    const { fields, source, raw } = await place(
      { firstNameLao: ok('ວຽງສະຫວັດ'), lastNameLao: ok('ສົມດີ') },
      [row('firstNameLao', 100, true), row('lastNameLao', 160, true)],
      { 100: 'lastNameLao', 160: 'firstNameLao' },
      'VIENGSAVATH SOMDY',
    );
    expect(fields).toEqual({ firstNameLao: ok('ສົມດີ'), lastNameLao: ok('ວຽງສະຫວັດ') });
    expect(source.get('lastNameLao')?.rows[0]!.y0).toBe(100);
    expect(raw.firstNameLaoField).toBe('ວຽງສະຫວັດ: its label names the other name');
  });

  it('moves a name into the empty other field its label names, never over a name placed by its label', async () => {
    const moved = await place({ firstNameLao: ok('ພູມີໄຊ') }, [row('firstNameLao', 100, true)], { 100: 'lastNameLao' });
    expect(moved.fields).toEqual({ lastNameLao: ok('ພູມີໄຊ') });
    const kept = await place(
      { firstNameLao: ok('ພູມີໄຊ'), lastNameLao: ok('ອິນສີ') },
      [row('firstNameLao', 100, true), row('lastNameLao', 160, false)],
      { 100: 'lastNameLao' },
    );
    expect(kept.fields).toEqual({ lastNameLao: ok('ອິນສີ') });
    expect(kept.raw.firstNameLaoField).toBe('ພູມີໄຊ: no label read places it');
  });

  it('leaves to type a guessed name whose label says nothing or names both', async () => {
    for (const label of [undefined, 'full' as const]) {
      const { fields } = await place({ lastNameLao: ok('ອິນສີ') }, [row('lastNameLao', 160, true)], { 160: label });
      expect(fields).toEqual({});
    }
    // Two labels naming the same field: neither is believed.
    const { fields } = await place(
      { firstNameLao: ok('ສົມດີ'), lastNameLao: ok('ວຽງສະຫວັດ') },
      [row('firstNameLao', 100, true), row('lastNameLao', 160, true)],
      { 100: 'lastNameLao', 160: 'lastNameLao' },
    );
    expect(fields).toEqual({});
  });

  it("places a name by the other's read label where the Latin line spells the two apart", async () => {
    const spelt = await place(
      { firstNameLao: ok('ສົມສັກ'), lastNameLao: ok('ດວງມາລາ') },
      [row('firstNameLao', 160, true), row('lastNameLao', 100, false)],
      {},
      'DOUANGMALA SOMSACK',
    );
    expect(spelt.fields).toEqual({ firstNameLao: ok('ສົມສັກ'), lastNameLao: ok('ດວງມາລາ') });
    // The guessed row is the other name read again: no place for it.
    const same = await place(
      { firstNameLao: ok('ດວງມາລາ'), lastNameLao: ok('ດວງມາລາ') },
      [row('firstNameLao', 160, true), row('lastNameLao', 100, false)],
      {},
      'DOUANGMALA SOMSACK',
    );
    expect(same.fields).toEqual({ lastNameLao: ok('ດວງມາລາ') });
  });
});
