import * as v from 'valibot';
import { personalInformation } from '../../../contract/auth';
import type { PlaceMatch } from '../../../contract/place-match';
import type { IdCardFields } from './ocr/extract-id-card';
import type { PersonalDraft, PlaceCandidates, Prefilled, PrefilledField } from './stores/registration-draft';

/** Which card field fills which form field. The Latin name has no field of its own at registration. */
const SOURCES: [PrefilledField, keyof IdCardFields][] = [
  ['id_card', 'idNumber'],
  ['first_name', 'firstNameLao'],
  ['last_name', 'lastNameLao'],
  ['date_of_birth', 'dateOfBirth'],
  ['address', 'address'],
];

/** What every card prints (the address not always). */
const CARD_DETAILS: PrefilledField[] = ['id_card', 'first_name', 'last_name', 'date_of_birth'];

/**
 * A value every card prints was not filled from the reading: on a small print, the screen then asks
 * for a photo taken closer (the benchmark counts the same).
 */
export const lacksCardDetail = (prefilled: Prefilled) => CARD_DETAILS.some((field) => !prefilled[field]);

/**
 * The form values a card reading may fill: only those that pass the same rule as a typed value
 * (contract/), each marked for the citizen to check — 'check' when some words were unsure.
 */
export function prefillFrom(fields: IdCardFields): { values: Partial<PersonalDraft>; prefilled: Prefilled } {
  const values: Partial<PersonalDraft> = {};
  const prefilled: Prefilled = {};
  for (const [target, source] of SOURCES) {
    const read = fields[source];
    if (!read) continue;
    const checked = v.safeParse(personalInformation.entries[target], read.value);
    if (!checked.success) continue;
    values[target] = String(checked.output);
    prefilled[target] = read.confidence;
  }
  return { values, prefilled };
}

/**
 * The draft's personal data after a new reading: values read from the previous photo are
 * replaced or removed (they may belong to a blurred shot), values the citizen typed stay.
 */
export function mergeReading(
  personal: Partial<PersonalDraft>,
  previous: Prefilled,
  reading: ReturnType<typeof prefillFrom>,
): Partial<PersonalDraft> {
  const kept = Object.fromEntries(Object.entries(personal).filter(([k]) => !(k in previous)));
  return { ...kept, ...reading.values };
}

/**
 * The reading with the places its address names: the clear ones chosen (for the citizen to check),
 * the candidates kept to be offered first in the selects.
 */
export function withPlaces(
  reading: ReturnType<typeof prefillFrom>,
  match: PlaceMatch | null,
): ReturnType<typeof prefillFrom> & { candidates: PlaceCandidates | null } {
  if (!match) return { ...reading, candidates: null };
  const values = { ...reading.values };
  const prefilled = { ...reading.prefilled };
  for (const [field, id] of [
    ['province_id', match.province_id],
    ['district_id', match.district_id],
    ['village_id', match.village_id],
  ] as const) {
    if (id === null) continue;
    values[field] = String(id);
    prefilled[field] = 'ok';
  }
  const { provinces, districts, villages } = match.candidates;
  return { values, prefilled, candidates: { province: provinces, district: districts, village: villages } };
}
