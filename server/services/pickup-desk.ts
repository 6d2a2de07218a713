import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/errors';
import type { OfficerRole } from '../../contract/officer';
import { officeContains } from '../../contract/offices';
import { PICKUP_SLOTS, slotMinutes } from '../../contract/pickup';
import { DeskError, normaliseIdNumber, type DeskBooking, type DeskDay } from '../../contract/pickup-desk';
import { Status } from '../../contract/status';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  applications,
  districts,
  pickupCapacities,
  pickupVisits,
  printBatches,
  certificatePrints,
  users,
} from '../db/schema';
import { forbidden, HttpError, notFound } from '../lib/http-error';
import { logAccess } from './access-log';
import { changeStatus, invalidTransition } from './application-status';
import type { IdempotencyScope } from './idempotency';
import { notify } from './notifications';
import { applicationsInOffice, officeOf, type OfficeColumns } from './offices';
import { officeCapacity, officeNow, pickupOfficeOf } from './pickup';

/** The signed-in officer as the desk needs them. */
export interface DeskOfficer extends OfficeColumns {
  id: number;
  officerRole: OfficerRole | null;
}

/** The desk is the issuers' (and admins'): they hand certificates over (contract/officer.ts ROLE_ACTIONS). */
export function assertDeskRole(officer: DeskOfficer) {
  const role = officer.officerRole ?? 'admin';
  if (role !== 'issuer' && role !== 'admin') throw forbidden('The pick-up desk is for issuers.');
}

/** The office's day ends with its last slot (05:30 PM + 30 minutes): what is not handed over by then is a no-show. */
export const DAY_ENDS_MINUTES = slotMinutes(PICKUP_SLOTS[PICKUP_SLOTS.length - 1]) + 30;

/** Whether the office's day `date` is over at `now` (Vientiane). */
export function dayIsOver(date: string, now: Date): boolean {
  const office = officeNow(now);
  return date < office.date || (date === office.date && office.minutes >= DAY_ENDS_MINUTES);
}

const nameOf = sql<string>`coalesce(nullif(trim(concat(${users.firstName}, ' ', ${users.lastName})), ''), ${users.email})`;
const applicantName = sql<string>`trim(concat(${applications.applicantData}->>'first_name', ' ', ${applications.applicantData}->>'last_name'))`;
const districtOfApplication = sql`(${applications.applicantData}->>'district_id')`;

/** The district offices an officer may open at the desk: their own, their province's, or all. */
export async function deskOffices(db: Db, officer: DeskOfficer) {
  const office = officeOf(officer);
  if (!office) return [];
  const where =
    office.level === 'national'
      ? undefined
      : office.level === 'province'
        ? eq(districts.provinceId, office.province_id)
        : eq(districts.id, office.district_id);
  return db
    .select({ id: districts.id, name_en: districts.nameEn, name_lo: districts.nameLo })
    .from(districts)
    .where(where)
    .orderBy(asc(districts.nameEn));
}

/** The district the desk shows: the one asked for when the officer's office holds it (404 otherwise). */
export async function deskDistrict(db: Db, officer: DeskOfficer, districtId?: number): Promise<number> {
  const office = officeOf(officer);
  if (office?.level === 'district' && !districtId) return office.district_id;
  // An officer above a district office opens the first of theirs; the screen offers the others.
  if (!districtId) districtId = (await deskOffices(db, officer))[0]?.id;
  if (!districtId) throw notFound('District office not found');
  const [d] = await db
    .select({ id: districts.id, provinceId: districts.provinceId })
    .from(districts)
    .where(eq(districts.id, districtId));
  const inside = d && officeContains(office, { level: 'district', province_id: d.provinceId, district_id: d.id });
  if (!inside) throw notFound('District office not found');
  return d.id;
}

const iso = (d: Date | null) => d?.toISOString() ?? '';

/**
 * GET /v1/officer/pickup-desk?date=&district_id=: the day's bookings of one district office by slot,
 * each with its check-in, ID check, hand-over, print and no-show; the seats per slot; the day's
 * last print.
 */
export async function deskDay(
  db: Db,
  config: Config['pickup'],
  officer: DeskOfficer,
  date: string,
  districtId: number | undefined,
  now = new Date(),
): Promise<DeskDay> {
  assertDeskRole(officer);
  const district = await deskDistrict(db, officer, districtId);
  const rows = await db
    .select({
      id: applications.id,
      ticket: applications.ticketNumber,
      name: applicantName,
      status: applications.status,
      time: applications.pickupTime,
      revokedAt: applications.certificateRevokedAt,
      visit: pickupVisits,
    })
    .from(applications)
    .leftJoin(
      pickupVisits,
      and(
        eq(pickupVisits.applicationId, applications.id),
        eq(pickupVisits.pickupDate, applications.pickupDate),
        eq(pickupVisits.pickupTime, applications.pickupTime),
      ),
    )
    .where(
      and(
        eq(applications.pickupDate, date),
        sql`${districtOfApplication} = ${String(district)}`,
        inArray(applications.status, [Status.waitingToPickup, Status.pickedUp]),
      ),
    )
    .orderBy(asc(applications.ticketNumber));
  const ids = rows.map((r) => r.id);
  const [prints, [lastBatch], capacity, offices] = await Promise.all([
    ids.length
      ? db
          .selectDistinctOn([certificatePrints.applicationId], {
            applicationId: certificatePrints.applicationId,
            at: certificatePrints.printedAt,
            by: nameOf,
          })
          .from(certificatePrints)
          .innerJoin(users, eq(users.id, certificatePrints.printedBy))
          .where(inArray(certificatePrints.applicationId, ids))
          .orderBy(certificatePrints.applicationId, desc(certificatePrints.printedAt))
      : Promise.resolve([]),
    db
      .select({ at: printBatches.printedAt, by: nameOf, certificates: printBatches.certificates })
      .from(printBatches)
      .innerJoin(users, eq(users.id, printBatches.printedBy))
      .where(and(eq(printBatches.pickupDate, date), eq(printBatches.districtId, district)))
      .orderBy(desc(printBatches.printedAt))
      .limit(1),
    officeCapacity(db, config, district),
    deskOffices(db, officer),
  ]);
  const officerIds = new Set<number>();
  for (const r of rows) {
    for (const id of [r.visit?.checkedInBy, r.visit?.idCheckedBy, r.visit?.handedOverBy]) if (id) officerIds.add(id);
  }
  const names = new Map<number, string>();
  if (officerIds.size) {
    const found = await db
      .select({ id: users.id, name: nameOf })
      .from(users)
      .where(inArray(users.id, [...officerIds]));
    for (const f of found) names.set(f.id, f.name);
  }
  const who = (id: number | null | undefined) => (id ? (names.get(id) ?? '') : '');
  const printed = new Map(prints.map((p) => [p.applicationId, { at: p.at.toISOString(), by: p.by }]));
  const over = dayIsOver(date, now);
  const booking = (r: (typeof rows)[number]): DeskBooking => {
    const v = r.visit;
    const handedOver = r.status === Status.pickedUp || Boolean(v?.handedOverAt);
    return {
      application_id: r.id,
      ticket_number: r.ticket,
      applicant_name: r.name,
      status: r.status,
      checked_in: v?.checkedInAt ? { at: iso(v.checkedInAt), by: who(v.checkedInBy) } : null,
      id_check:
        v?.idCheckedAt && v.idMatched !== null
          ? { at: iso(v.idCheckedAt), by: who(v.idCheckedBy), matched: v.idMatched, method: v.idCheckMethod ?? 'typed' }
          : null,
      handed_over: v?.handedOverAt
        ? {
            at: iso(v.handedOverAt),
            by: who(v.handedOverBy),
            recipient_name: v.recipientName ?? '',
            recipient_is_holder: v.recipientIsHolder ?? true,
          }
        : null,
      no_show: !handedOver && (Boolean(v?.noShowAt) || over),
      printed: printed.get(r.id) ?? null,
      revoked: r.revokedAt !== null,
    };
  };
  const slots = PICKUP_SLOTS.map((time) => ({
    time,
    bookings: rows.filter((r) => r.time === time).map(booking),
  })).filter((s) => s.bookings.length > 0);
  const role = officer.officerRole ?? 'admin';
  return {
    date,
    district_id: district,
    offices,
    capacity,
    day_over: over,
    slots,
    last_print: lastBatch
      ? { at: lastBatch.at.toISOString(), by: lastBatch.by, certificates: lastBatch.certificates }
      : null,
    may_edit_capacity: role === 'admin',
  };
}

/** The booking of an application in the officer's office, locked for this transaction. */
async function bookedApplication(tx: Db, officer: DeskOfficer, id: number) {
  await tx.execute(sql`select id from applications where id = ${id} for update`);
  const [row] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), applicationsInOffice(officeOf(officer))));
  if (!row) throw notFound('Application not found');
  if (!row.pickupDate || !row.pickupTime || ![Status.waitingToPickup, Status.pickedUp].includes(row.status as never))
    throw new HttpError(409, DeskError.notBooked, 'This application has no pick-up booked.');
  return row;
}

/** The visit row of the application's current booking (made on first use). */
async function visitOf(tx: Db, row: typeof applications.$inferSelect) {
  await tx
    .insert(pickupVisits)
    .values({
      applicationId: row.id,
      districtId: pickupOfficeOf(row.applicantData),
      pickupDate: row.pickupDate!,
      pickupTime: row.pickupTime!,
    })
    .onConflictDoNothing();
  const [visit] = await tx
    .select()
    .from(pickupVisits)
    .where(
      and(
        eq(pickupVisits.applicationId, row.id),
        eq(pickupVisits.pickupDate, row.pickupDate!),
        eq(pickupVisits.pickupTime, row.pickupTime!),
      ),
    );
  return visit;
}

/** POST …/pickup-desk/:id/check-in: the citizen is at the desk. A second check-in keeps the first. */
export async function checkIn(db: Db, officer: DeskOfficer, id: number, now = new Date()) {
  assertDeskRole(officer);
  return db.transaction(async (tx) => {
    const row = await bookedApplication(tx, officer, id);
    const visit = await visitOf(tx, row);
    if (!visit.checkedInAt)
      await tx
        .update(pickupVisits)
        .set({ checkedInAt: now, checkedInBy: officer.id })
        .where(eq(pickupVisits.id, visit.id));
    await logAccess(tx, { applicationId: id, officerId: officer.id, action: 'pickup_check_in' });
    return { checked_in_at: (visit.checkedInAt ?? now).toISOString() };
  });
}

/**
 * POST …/pickup-desk/:id/compare-id: the ID number the citizen shows, typed or read from the card's
 * photo, against the number of the account the application belongs to. The answer says only
 * whether they are the same; each comparison is recorded (the last one counts).
 */
export async function compareId(
  db: Db,
  officer: DeskOfficer,
  id: number,
  input: { id_number: string; method: 'typed' | 'card_photo' },
  now = new Date(),
) {
  assertDeskRole(officer);
  return db.transaction(async (tx) => {
    const row = await bookedApplication(tx, officer, id);
    const [holder] = await tx.select({ idCard: users.idCard }).from(users).where(eq(users.id, row.userId));
    const matched = Boolean(holder?.idCard) && normaliseIdNumber(holder.idCard!) === normaliseIdNumber(input.id_number);
    const visit = await visitOf(tx, row);
    await tx
      .update(pickupVisits)
      .set({ idCheckedAt: now, idCheckedBy: officer.id, idCheckMethod: input.method, idMatched: matched })
      .where(eq(pickupVisits.id, visit.id));
    await logAccess(tx, { applicationId: id, officerId: officer.id, action: 'pickup_id_check', detail: input.method });
    return { matched };
  });
}

/**
 * POST …/pickup-desk/:id/hand-over: the certificate changes hands. Only after the holder's ID
 * number was found the same; the status becomes 'picked up' through the status machine, and the
 * visit keeps who handed it over, when, and to whom.
 */
export async function handOver(
  app: FastifyInstance,
  officer: DeskOfficer,
  id: number,
  input: { recipient_is_holder: boolean; recipient_name?: string },
  scope: IdempotencyScope,
  now = new Date(),
) {
  assertDeskRole(officer);
  return app.db.transaction(async (tx) => {
    const row = await bookedApplication(tx, officer, id);
    if (row.userId === officer.id) throw forbidden('Officers may not act on their own application.');
    if (row.certificateRevokedAt || row.status !== Status.waitingToPickup)
      throw invalidTransition(row.status, Status.pickedUp);
    const visit = await visitOf(tx, row);
    if (!visit.idMatched)
      throw new HttpError(409, DeskError.idNotChecked, "Compare the holder's ID number with the record first.");
    const data = row.applicantData as { first_name?: string; last_name?: string };
    const holderName = `${data.first_name ?? ''} ${data.last_name ?? ''}`.trim();
    const recipient = input.recipient_is_holder ? holderName : input.recipient_name?.trim();
    if (!recipient)
      throw new HttpError(400, ErrorCode.validation, 'Name the person who takes the certificate.', {
        recipient_name: 'required',
      });
    await changeStatus(tx, {
      application: row,
      to: Status.pickedUp,
      actor: 'officer',
      actorId: officer.id,
      notes: input.recipient_is_holder ? null : `Handed to ${recipient}`,
    });
    await tx
      .update(pickupVisits)
      .set({
        checkedInAt: visit.checkedInAt ?? now,
        checkedInBy: visit.checkedInBy ?? officer.id,
        handedOverAt: now,
        handedOverBy: officer.id,
        recipientName: recipient,
        recipientIsHolder: input.recipient_is_holder,
        noShowAt: null,
      })
      .where(eq(pickupVisits.id, visit.id));
    await notify(tx, row.userId, row.id, 'picked_up', { ticket: row.ticketNumber });
    await logAccess(tx, { applicationId: id, officerId: officer.id, action: 'mark-picked-up' });
    const body = {
      data: { id: row.id, status: Status.pickedUp, handed_over_at: now.toISOString(), recipient_name: recipient },
    };
    await scope.remember(tx, { statusCode: 200, body });
    return body;
  });
}

/** PUT …/pickup-desk/capacity: an admin sets the seats per slot of a district office inside their own. */
export async function setCapacity(db: Db, officer: DeskOfficer, input: { district_id: number; capacity: number }) {
  if ((officer.officerRole ?? 'admin') !== 'admin') throw forbidden('Only an admin sets the seats per slot.');
  const district = await deskDistrict(db, officer, input.district_id);
  await db
    .insert(pickupCapacities)
    .values({ districtId: district, capacity: input.capacity, updatedBy: officer.id })
    .onConflictDoUpdate({
      target: pickupCapacities.districtId,
      set: { capacity: input.capacity, updatedBy: officer.id, updatedAt: new Date() },
    });
  return { district_id: district, capacity: input.capacity };
}

/** Bookings of a day gone by that were not handed over, oldest first (a week back at most). */
export const NO_SHOW_LOOKBACK_DAYS = 7;

/**
 * The end-of-day job: bookings of a day gone by (a week back at most) that were not handed over
 * become no-shows, each recorded once by one statement whichever instance runs first; only what it
 * records is returned, so each citizen is invited to book again once. Runs in the caller's
 * transaction, which queues the mails.
 */
export async function recordNoShows(
  tx: Db,
  now: Date,
): Promise<{ id: number; userId: number; ticket: string; date: string }[]> {
  const today = officeNow(now).date;
  const from = shiftDay(today, -NO_SHOW_LOOKBACK_DAYS);
  const lastDay = dayIsOver(today, now) ? today : shiftDay(today, -1);
  const result = (await tx.execute(sql`
    insert into pickup_visits (application_id, district_id, pickup_date, pickup_time, no_show_at)
    select a.id, (a.applicant_data->>'district_id')::integer, a.pickup_date, a.pickup_time, ${now.toISOString()}::timestamptz
    from applications a
    where a.status = ${Status.waitingToPickup} and a.certificate_revoked_at is null
      and a.pickup_date is not null and a.pickup_time is not null
      and a.pickup_date >= ${from} and a.pickup_date <= ${lastDay}
    on conflict (application_id, pickup_date, pickup_time) do update set no_show_at = excluded.no_show_at
      where pickup_visits.no_show_at is null and pickup_visits.handed_over_at is null
    returning application_id, pickup_date
  `)) as unknown as { rows: { application_id: number; pickup_date: string }[] };
  if (!result.rows.length) return [];
  const found = await tx
    .select({ id: applications.id, userId: applications.userId, ticket: applications.ticketNumber })
    .from(applications)
    .where(
      inArray(
        applications.id,
        result.rows.map((r) => r.application_id),
      ),
    );
  const dateOf = new Map(result.rows.map((r) => [r.application_id, r.pickup_date]));
  return found.map((f) => ({ ...f, date: dateOf.get(f.id)! }));
}

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
