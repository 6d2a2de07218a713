import * as v from 'valibot';
import { FieldError, LIMITS, entityId, isoDate } from './rules';

/**
 * The pick-up desk of a district office (docs/decisions.md#the-pick-up-desk): the day's bookings by
 * slot, the check-in, the ID number compared with the record, the hand-over, the day's certificates
 * printed in one go, and the seats per slot an admin sets.
 */

/** Codes of the desk's refusals, beside contract/errors.ts. */
export const DeskError = {
  /** A hand-over needs the holder's ID number compared and found the same first. */
  idNotChecked: 'id_not_checked',
  /** Nothing is booked for that day (nothing to print). */
  nothingToPrint: 'nothing_to_print',
  /** The booking is not for this day or not waiting for its pick-up any more. */
  notBooked: 'not_booked',
} as const;

/** The most seats one slot of one office may have (a desk of a few officers, 30 minutes). */
export const MAX_SLOT_CAPACITY = 50;

export const deskQuery = v.object({
  date: isoDate,
  /** The district office; an officer of a district office may leave it out. */
  district_id: v.optional(entityId),
});

export const idCompareBody = v.object({
  id_number: v.pipe(v.string(FieldError.required), v.trim(), v.nonEmpty(FieldError.required), v.maxLength(32)),
  /** Typed from the card, or read from a photo of it on this screen. */
  method: v.picklist(['typed', 'card_photo']),
});

export const handOverBody = v.object({
  /** The person who takes the certificate: the holder, or someone the holder sent. */
  recipient_is_holder: v.boolean(),
  recipient_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(LIMITS.nameMax * 2, FieldError.tooLong))),
});

export const printBody = v.object({ date: isoDate, district_id: v.optional(entityId) });

export const capacityBody = v.object({
  district_id: entityId,
  capacity: v.pipe(v.number(FieldError.required), v.integer(), v.minValue(0), v.maxValue(MAX_SLOT_CAPACITY)),
});

/** "Done by whom, when" in the desk's answers. */
const byWhom = v.object({ at: v.string(), by: v.string() });

export const deskBookingShape = v.object({
  application_id: v.number(),
  ticket_number: v.string(),
  applicant_name: v.string(),
  status: v.string(),
  checked_in: v.nullable(byWhom),
  id_check: v.nullable(v.object({ at: v.string(), by: v.string(), matched: v.boolean(), method: v.string() })),
  handed_over: v.nullable(
    v.object({ at: v.string(), by: v.string(), recipient_name: v.string(), recipient_is_holder: v.boolean() }),
  ),
  /** The office's day ended without the hand-over. */
  no_show: v.boolean(),
  printed: v.nullable(byWhom),
  revoked: v.boolean(),
});
export type DeskBooking = v.InferOutput<typeof deskBookingShape>;

export const deskDayShape = v.object({
  date: v.string(),
  district_id: v.number(),
  /** The district offices this officer may open (one for a district office). */
  offices: v.array(v.object({ id: v.number(), name_en: v.string(), name_lo: v.string() })),
  capacity: v.number(),
  /** The office's day is over (after the last slot): bookings not handed over are no-shows. */
  day_over: v.boolean(),
  slots: v.array(v.object({ time: v.string(), bookings: v.array(deskBookingShape) })),
  last_print: v.nullable(v.object({ at: v.string(), by: v.string(), certificates: v.number() })),
  may_edit_capacity: v.boolean(),
});
export type DeskDay = v.InferOutput<typeof deskDayShape>;

export const idCompareShape = v.object({ matched: v.boolean() });

export const printShape = v.object({
  batch_id: v.number(),
  certificates: v.number(),
  /** Some of these certificates were printed before: the last time, and by whom. */
  printed_before: v.nullable(v.object({ at: v.string(), by: v.string(), certificates: v.number() })),
});
export type PrintAnswer = v.InferOutput<typeof printShape>;

/** An ID number as people write it: spaces, dashes and dots dropped, letters in capitals. */
export const normaliseIdNumber = (s: string) => s.replace(/[\s.\-/]/g, '').toUpperCase();
