/**
 * Pick-up slots (docs/decisions.md#pick-up-slots-come-from-the-server): 30 minutes from 08:00 AM to
 * 05:30 PM, 20 slots.
 */
export const PICKUP_TIME_ZONE = 'Asia/Vientiane';
export const PICKUP_DAYS_AHEAD = 30;

export const PICKUP_SLOTS: readonly string[] = Array.from({ length: 20 }, (_, i) => {
  const minutes = 8 * 60 + i * 30;
  const h24 = Math.floor(minutes / 60);
  const h12 = h24 > 12 ? h24 - 12 : h24;
  return `${String(h12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${h24 >= 12 ? 'PM' : 'AM'}`;
});

/** "01:30 PM" → minutes after midnight. */
export function slotMinutes(slot: string): number {
  const m = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(slot);
  if (!m) return NaN;
  const h = (Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0);
  return h * 60 + Number(m[2]);
}

/** "01:30 PM" → "13:30": the 24-hour clock Lao readers use. */
export function slotTime24(slot: string): string {
  const minutes = slotMinutes(slot);
  if (Number.isNaN(minutes)) return slot;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export interface PickupSlot {
  time: string;
  available: boolean;
  remaining: number;
}
export interface PickupDay {
  date: string;
  open: boolean;
  slots: PickupSlot[];
}
