import { and, eq, gt, sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors';
import { PICKUP_DAYS_AHEAD, PICKUP_SLOTS, PICKUP_TIME_ZONE, slotMinutes, type PickupDay } from '../../contract/pickup';
import { Status } from '../../contract/status';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { applications, pickupCapacities, pickupSlots, users } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { changeStatus, invalidTransition } from './application-status';
import type { IdempotencyScope } from './idempotency';
import { notify } from './notifications';

type PickupConfig = Config['pickup'];

/** Where the office is: today's date and the minutes since midnight, in Vientiane. */
export function officeNow(now = new Date()): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: PICKUP_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const dayNumber = (isoDate: string) =>
  Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / 86_400_000;
const isWeekend = (isoDate: string) => [0, 6].includes(new Date(`${isoDate}T00:00:00Z`).getUTCDay());

/** Why a whole day cannot be booked, or null when the office takes pick-ups that day. */
export function dayClosedReason(
  isoDate: string,
  now = new Date(),
): 'date_past' | 'date_too_far' | 'date_weekend' | null {
  const today = officeNow(now).date;
  const ahead = dayNumber(isoDate) - dayNumber(today);
  if (ahead < 0) return 'date_past';
  if (ahead > PICKUP_DAYS_AHEAD) return 'date_too_far';
  if (isWeekend(isoDate)) return 'date_weekend';
  return null;
}

/** A slot that can never be booked on that day: office-closed, or already begun today. */
function slotClosed(isoDate: string, time: string, config: PickupConfig, now: Date): boolean {
  if (config.closedSlots.includes(time)) return true;
  const office = officeNow(now);
  return isoDate === office.date && slotMinutes(time) <= office.minutes;
}

/**
 * The office that hands a certificate over: the district office of the applicant's address (the
 * one that issues it, as the certificate says).
 */
export const pickupOfficeOf = (applicantData: unknown): number =>
  Number((applicantData as { district_id?: unknown }).district_id);

/** Seats per slot of one district office: its admin's figure, or PICKUP_SLOT_CAPACITY. */
export async function officeCapacity(db: Db, config: PickupConfig, districtId: number): Promise<number> {
  const [row] = await db
    .select({ capacity: pickupCapacities.capacity })
    .from(pickupCapacities)
    .where(eq(pickupCapacities.districtId, districtId));
  return row?.capacity ?? config.capacity;
}

/** The capacity as SQL, read in the statement that takes the seat (no gap between reading and taking). */
const capacitySql = (config: PickupConfig, districtId: number) =>
  sql`coalesce((select ${pickupCapacities.capacity} from ${pickupCapacities} where ${pickupCapacities.districtId} = ${districtId}), ${config.capacity})`;

/**
 * Which office's slots the citizen is looking at: the application's (`id`, their own only), else
 * the district of their profile's address.
 */
export async function pickupOfficeFor(db: Db, userId: number, applicationId?: number): Promise<number> {
  if (applicationId) {
    const [row] = await db
      .select({ data: applications.applicantData })
      .from(applications)
      .where(and(eq(applications.id, applicationId), eq(applications.userId, userId)));
    if (!row) throw new HttpError(404, ErrorCode.notFound, 'Application not found');
    return pickupOfficeOf(row.data);
  }
  const [user] = await db.select({ districtId: users.districtId }).from(users).where(eq(users.id, userId));
  return user?.districtId ?? 0;
}

/** GET …/pickup-slots?date=&id=: every slot of the office's day with what is left of its capacity. */
export async function pickupDay(
  db: Db,
  config: PickupConfig,
  isoDate: string,
  districtId: number,
  now = new Date(),
): Promise<PickupDay> {
  const open = dayClosedReason(isoDate, now) === null;
  const booked = new Map<string, number>();
  let capacity = config.capacity;
  if (open) {
    const [rows, seats] = await Promise.all([
      db
        .select({ time: pickupSlots.time, booked: pickupSlots.booked })
        .from(pickupSlots)
        .where(and(eq(pickupSlots.districtId, districtId), eq(pickupSlots.date, isoDate))),
      officeCapacity(db, config, districtId),
    ]);
    for (const r of rows) booked.set(r.time, r.booked);
    capacity = seats;
  }
  const slots = PICKUP_SLOTS.map((time) => {
    const remaining =
      !open || slotClosed(isoDate, time, config, now) ? 0 : Math.max(0, capacity - (booked.get(time) ?? 0));
    return { time, available: remaining > 0, remaining };
  });
  return { date: isoDate, open: open && slots.some((s) => s.available), slots };
}

/** How many free times a refusal offers, and how far around the asked day it looks (calendar days). */
const NEAREST_FREE_COUNT = 3;
const NEAREST_FREE_DAYS = 7;

/**
 * The free times of the office nearest to a choice that cannot be had (taken meanwhile, or already
 * begun): the same day's first, then the days around it, so a booking made offline and refused on
 * its way back offers its citizen something to take at once.
 */
export async function nearestFreeSlots(
  db: Db,
  config: PickupConfig,
  districtId: number,
  choice: PickupChoice,
  now = new Date(),
): Promise<PickupChoice[]> {
  const asked = dayNumber(choice.date) * 24 * 60 + slotMinutes(choice.time);
  const days: string[] = [];
  for (let shift = -NEAREST_FREE_DAYS; shift <= NEAREST_FREE_DAYS; shift++) {
    const day = new Date((dayNumber(choice.date) + shift) * 86_400_000).toISOString().slice(0, 10);
    if (dayClosedReason(day, now) === null) days.push(day);
  }
  const free = (await Promise.all(days.map((day) => pickupDay(db, config, day, districtId, now)))).flatMap((d) =>
    d.slots.filter((s) => s.available).map((s) => ({ date: d.date, time: s.time })),
  );
  const distance = (c: PickupChoice) => Math.abs(dayNumber(c.date) * 24 * 60 + slotMinutes(c.time) - asked);
  // Listed by day and time, and the sort is stable: of two times as near, the earlier comes first.
  return free.sort((a, b) => distance(a) - distance(b)).slice(0, NEAREST_FREE_COUNT);
}

/** The chosen time cannot be had: thrown inside the booking's transaction, answered outside it. */
class SlotTaken extends Error {
  constructor(
    why: string,
    readonly office: number,
  ) {
    super(why);
  }
}

/** 409: that time cannot be had; the answer names the free times nearest to it. */
async function slotUnavailable(
  db: Db,
  config: PickupConfig,
  districtId: number,
  choice: PickupChoice,
  why: string,
  now: Date,
): Promise<HttpError> {
  const nearest = await nearestFreeSlots(db, config, districtId, choice, now);
  return new HttpError(
    409,
    ErrorCode.slotUnavailable,
    `${choice.time} on ${choice.date} ${why}.`,
    { time: ErrorCode.slotUnavailable },
    undefined,
    { nearest_free: nearest },
  );
}

/**
 * The booked time is now or behind us: a rebooking is only possible before the slot
 * (docs/decisions.md#pick-up-slots-come-from-the-server).
 */
function slotHasBegun(isoDate: string, time: string, now: Date): boolean {
  const office = officeNow(now);
  return isoDate < office.date || (isoDate === office.date && slotMinutes(time) <= office.minutes);
}

const BOOKABLE: readonly string[] = [Status.certificateIssued, Status.waitingToPickup];

export interface PickupChoice {
  date: string;
  time: string;
}

/** Gives a booked seat back to its office's slot (a rebooking, a revoked certificate). */
async function freeSeat(tx: Db, districtId: number, date: string, time: string) {
  await tx
    .update(pickupSlots)
    .set({ booked: sql`${pickupSlots.booked} - 1` })
    .where(
      and(
        eq(pickupSlots.districtId, districtId),
        eq(pickupSlots.date, date),
        eq(pickupSlots.time, time),
        gt(pickupSlots.booked, 0),
      ),
    );
}

/**
 * A certificate revoked while its pick-up is booked will not be handed out: the seat goes back to
 * the slot for someone else, unless the slot has begun (the office has planned its hour). Called
 * in the revocation's transaction, which holds the application row.
 */
export async function releasePickup(
  tx: Db,
  row: { status: string; pickupDate: string | null; pickupTime: string | null; applicantData: unknown },
  now = new Date(),
) {
  if (row.status !== Status.waitingToPickup || !row.pickupDate || !row.pickupTime) return;
  if (slotHasBegun(row.pickupDate, row.pickupTime, now)) return;
  await freeSeat(tx, pickupOfficeOf(row.applicantData), row.pickupDate, row.pickupTime);
}

/**
 * POST …/{id}/set-pickup-date. The seat is taken with one conditional UPDATE (booked < capacity),
 * so concurrent bookings can never overbook a slot, whatever the number of server instances. A
 * rebooking frees the old seat in the same transaction; the application row is locked first so two
 * rebookings of one application cannot free its old seat twice.
 */
export async function bookPickup(
  db: Db,
  config: PickupConfig,
  applicationId: number,
  userId: number,
  choice: PickupChoice,
  scope: IdempotencyScope,
  now = new Date(),
) {
  if (!PICKUP_SLOTS.includes(choice.time))
    throw new HttpError(400, ErrorCode.validation, `${choice.time} is not a pick-up time.`, { time: 'time_required' });
  const closedDay = dayClosedReason(choice.date, now);
  if (closedDay)
    throw new HttpError(400, ErrorCode.validation, `The office takes no pick-ups on ${choice.date} (${closedDay}).`, {
      date: closedDay,
    });

  // A time that cannot be had is answered with the free times nearest to it, read once the
  // transaction is rolled back (a rebooking's freed seat is the citizen's own again).
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select id from applications where id = ${applicationId} for update`);
      const [row] = await tx
        .select()
        .from(applications)
        .where(and(eq(applications.id, applicationId), eq(applications.userId, userId)));
      if (!row) throw new HttpError(404, ErrorCode.notFound, 'Application not found');
      // A revoked certificate is not handed out, so there is nothing to pick up.
      if (!BOOKABLE.includes(row.status) || row.certificateRevokedAt)
        throw invalidTransition(row.status, Status.waitingToPickup);
      const rebooking = row.status === Status.waitingToPickup && row.pickupDate && row.pickupTime;
      // A day gone by without the hand-over is a no-show: the citizen books again, and the old seat
      // stays counted (that day's office planned it). Only today's begun slot is fixed.
      const missed = rebooking && row.pickupDate! < officeNow(now).date;
      if (rebooking && !missed && slotHasBegun(row.pickupDate!, row.pickupTime!, now)) {
        throw new HttpError(
          409,
          ErrorCode.invalidTransition,
          'The booked pick-up time has begun; it can no longer be changed.',
        );
      }
      const sameSlot = rebooking && row.pickupDate === choice.date && row.pickupTime === choice.time;
      const office = pickupOfficeOf(row.applicantData);
      if (!sameSlot && slotClosed(choice.date, choice.time, config, now))
        throw new SlotTaken('cannot be booked', office);
      if (!sameSlot) {
        if (rebooking && !missed) await freeSeat(tx as unknown as Db, office, row.pickupDate!, row.pickupTime!);
        await tx
          .insert(pickupSlots)
          .values({ districtId: office, date: choice.date, time: choice.time, booked: 0 })
          .onConflictDoNothing();
        // The row lock of this UPDATE serialises concurrent bookings of the slot; each re-checks
        // booked < capacity on the row as the one before it left it.
        const taken = await tx
          .update(pickupSlots)
          .set({ booked: sql`${pickupSlots.booked} + 1` })
          .where(
            and(
              eq(pickupSlots.districtId, office),
              eq(pickupSlots.date, choice.date),
              eq(pickupSlots.time, choice.time),
              sql`${pickupSlots.booked} < ${capacitySql(config, office)}`,
            ),
          )
          .returning({ booked: pickupSlots.booked });
        if (!taken.length) throw new SlotTaken('is fully booked', office);
      }
      await changeStatus(tx, {
        application: row,
        to: Status.waitingToPickup,
        actor: 'citizen',
        actorId: userId,
        notes: `Pick-up ${choice.date} ${choice.time}${rebooking ? ` (was ${row.pickupDate} ${row.pickupTime})` : ''}`,
        // A new booking earns its own reminder the day before.
        set: { pickupDate: choice.date, pickupTime: choice.time, pickupReminderSentAt: null },
      });
      await notify(tx, row.userId, row.id, 'pickup_booked', {
        ticket: row.ticketNumber,
        date: choice.date,
        time: choice.time,
      });
      const body = {
        message: 'success_set_pickup',
        data: { id: row.id, status: Status.waitingToPickup, pickup_date: choice.date, pickup_time: choice.time },
      };
      await scope.remember(tx, { statusCode: 200, body });
      return body;
    });
  } catch (err) {
    if (!(err instanceof SlotTaken)) throw err;
    throw await slotUnavailable(db, config, err.office, choice, err.message, now);
  }
}
