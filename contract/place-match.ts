import * as v from 'valibot';
import { FieldError } from './rules';

/** GET /api/v1/master-data/location/match?address=… : an address as read from an ID card, or typed. */
export const placeMatchQuery = v.object({
  address: v.pipe(
    v.string(FieldError.required),
    v.minLength(1, FieldError.required),
    v.maxLength(200, FieldError.tooLong),
  ),
});

/**
 * The places an address names. A level is set only when the match is clear (the citizen still
 * sees and can change it); candidates are the best few per level, best first, for the selects.
 */
export interface PlaceMatch {
  province_id: number | null;
  district_id: number | null;
  village_id: number | null;
  candidates: { provinces: number[]; districts: number[]; villages: number[] };
}
