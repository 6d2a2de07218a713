import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, mailQueue, pickupVisits, statusHistory, users } from '../../server/db/schema';
import { inviteNoShows } from '../../server/services/pickup-desk-mails';
import { officeNow } from '../../server/services/pickup';
import { somePlace } from './application-fixtures';
import { BASE, issuedApplication } from './certificate-fixtures';
import { createOfficer } from './fixtures';
import { pdfPageTexts } from './pdf-pages';
import { openDay, shiftDay } from './pickup-days';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
let office: { provinceId: number; districtId: number };
let issuer: Awaited<ReturnType<typeof createOfficer>>;
beforeAll(async () => {
  t = await startTestApp();
  const place = await somePlace(t.app);
  office = { provinceId: place.province.id, districtId: place.district.id };
  issuer = await createOfficer(t.app, 'issuer', {
    officeLevel: 'district',
    officeProvinceId: office.provinceId,
    officeDistrictId: office.districtId,
  });
  await t.app.db.update(users).set({ firstName: 'Khamla', lastName: 'Desk' }).where(eq(users.id, issuer.user.id));
});
afterAll(async () => t?.close());

const DESK = '/api/v1/officer/pickup-desk';
const get = (url: string, headers = issuer.headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object = {}, headers = issuer.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload });

/** An issued certificate booked by its citizen for `date` at `time`. */
async function booked(date: string, time: string) {
  const issued = await issuedApplication(t.app);
  const res = await post(`${BASE}/${issued.id}/set-pickup-date`, { date, time }, issued.citizen.headers);
  expect(res.statusCode, res.body).toBe(200);
  return issued;
}

describe('the pick-up desk', () => {
  it("lists the day's bookings by slot; the ID number must match before the hand-over, which is recorded", async () => {
    const date = openDay(3);
    const { id, citizen } = await booked(date, '09:00 AM');
    const day = (await get(`${DESK}?date=${date}`)).json().data;
    expect(day.district_id).toBe(office.districtId);
    const slot = day.slots.find((s: { time: string }) => s.time === '09:00 AM');
    expect(slot.bookings.map((b: { ticket_number: string }) => b.ticket_number)).toContain(`RC0000${id}`);

    // Not yet compared: no hand-over.
    const early = await post(`${DESK}/${id}/hand-over`, { recipient_is_holder: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().data.error_code).toBe('id_not_checked');

    expect((await post(`${DESK}/${id}/check-in`)).statusCode).toBe(200);
    const wrong = await post(`${DESK}/${id}/compare-id`, { id_number: '9999 9999', method: 'typed' });
    expect(wrong.json().data).toEqual({ matched: false });
    expect((await post(`${DESK}/${id}/hand-over`, { recipient_is_holder: true })).statusCode).toBe(409);
    // The number as people write it: spaces and dashes do not matter.
    const card = citizen.user.idCard!;
    const spaced = `${card.slice(0, 4)}-${card.slice(4, 8)} ${card.slice(8)}`;
    const right = await post(`${DESK}/${id}/compare-id`, { id_number: spaced, method: 'card_photo' });
    expect(right.json().data).toEqual({ matched: true });

    const handed = await post(`${DESK}/${id}/hand-over`, { recipient_is_holder: true });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().data).toMatchObject({ id, status: 'picked up', recipient_name: 'Somchai Phommachanh' });

    const [row] = await t.app.db.select().from(applications).where(eq(applications.id, id));
    expect(row.status).toBe('picked up');
    const history = await t.app.db.select().from(statusHistory).where(eq(statusHistory.applicationId, id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'waiting to pickup',
      toStatus: 'picked up',
      actor: 'officer',
      actorId: issuer.user.id,
    });

    const after = (await get(`${DESK}?date=${date}`)).json().data;
    const booking = after.slots
      .flatMap((s: { bookings: unknown[] }) => s.bookings)
      .find((b: { application_id: number }) => b.application_id === id);
    expect(booking.checked_in.by).toBe('Khamla Desk');
    expect(booking.id_check).toMatchObject({ matched: true, method: 'card_photo', by: 'Khamla Desk' });
    expect(booking.handed_over).toMatchObject({
      by: 'Khamla Desk',
      recipient_name: 'Somchai Phommachanh',
      recipient_is_holder: true,
    });
    expect(booking.no_show).toBe(false);

    // Handing over twice is a conflict, not a second record.
    const again = await post(`${DESK}/${id}/hand-over`, { recipient_is_holder: true });
    expect(again.statusCode).toBe(409);
  });

  it('a hand-over to someone the holder sent names them', async () => {
    const date = openDay(3);
    const { id, citizen } = await booked(date, '10:00 AM');
    await post(`${DESK}/${id}/compare-id`, { id_number: citizen.user.idCard!, method: 'typed' });
    const unnamed = await post(`${DESK}/${id}/hand-over`, { recipient_is_holder: false });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().data.fields).toEqual({ recipient_name: 'required' });
    const res = await post(`${DESK}/${id}/hand-over`, {
      recipient_is_holder: false,
      recipient_name: 'Noy Phommachanh',
    });
    expect(res.statusCode).toBe(200);
    const [visit] = await t.app.db.select().from(pickupVisits).where(eq(pickupVisits.applicationId, id));
    expect(visit).toMatchObject({
      recipientName: 'Noy Phommachanh',
      recipientIsHolder: false,
      handedOverBy: issuer.user.id,
    });
  });

  it('an officer of another office sees neither the desk of this one nor its bookings (404); a reviewer has no desk (403)', async () => {
    const date = openDay(3);
    const { id } = await booked(date, '01:00 PM');
    const other = await somePlace(t.app, 2);
    const elsewhere = await createOfficer(t.app, 'issuer', {
      officeLevel: 'district',
      officeProvinceId: other.province.id,
      officeDistrictId: other.district.id,
    });
    expect((await get(`${DESK}?date=${date}&district_id=${office.districtId}`, elsewhere.headers)).statusCode).toBe(
      404,
    );
    const own = (await get(`${DESK}?date=${date}`, elsewhere.headers)).json().data;
    expect(own.slots.flatMap((s: { bookings: unknown[] }) => s.bookings)).toEqual([]);
    expect((await post(`${DESK}/${id}/check-in`, {}, elsewhere.headers)).statusCode).toBe(404);
    const reviewer = await createOfficer(t.app, 'reviewer');
    expect((await get(`${DESK}?date=${date}&district_id=${office.districtId}`, reviewer.headers)).statusCode).toBe(403);
  });

  it("prints a day's certificates in one PDF in the order of the slots; printing again says when and by whom", async () => {
    const date = openDay(6);
    const late = await booked(date, '02:00 PM');
    const early = await booked(date, '08:30 AM');
    const middle = await booked(date, '10:00 AM');
    const first = await post(`${DESK}/print`, { date });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ certificates: 3, printed_before: null });

    const pdf = await get(`${DESK}/print/${first.json().data.batch_id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPageTexts(pdf.rawPayload);
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => /RC0000\d+/.exec(p)?.[0])).toEqual([
      `RC0000${early.id}`,
      `RC0000${middle.id}`,
      `RC0000${late.id}`,
    ]);
    // Each page is the citizen's own download, word for word, but for the download's two lines on
    // its digital signature: paper carries none (it is checked by its QR code).
    const own = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${early.id}/download-2`,
      headers: early.citizen.headers,
    });
    const [download] = await pdfPageTexts(own.rawPayload);
    const signedNote = /\s*ລົງລາຍເຊັນດິຈິຕອນໂດຍ ກະຊວງພາຍໃນ .*Digitally signed by the Ministry of Home Affairs .*$/s;
    expect(download).toMatch(signedNote);
    expect(pages[0]).toBe(download!.replace(signedNote, ''));
    expect(pages[0]).not.toMatch(/Digitally signed/);

    const firstPrint = (await get(`${DESK}?date=${date}`)).json().data.slots[0].bookings[0].printed;
    expect(firstPrint.by).toBe('Khamla Desk');
    const second = await post(`${DESK}/print`, { date });
    expect(second.json().data.printed_before).toEqual({ at: firstPrint.at, by: 'Khamla Desk', certificates: 3 });
    const day = (await get(`${DESK}?date=${date}`)).json().data;
    expect(day.last_print).toMatchObject({ by: 'Khamla Desk', certificates: 3 });

    const empty = await post(`${DESK}/print`, { date: openDay(25) });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().data.error_code).toBe('nothing_to_print');
  });

  it("an admin sets an office's seats per slot; the citizen's slots follow it and concurrent bookings never pass it", async () => {
    const admin = await createOfficer(t.app, 'admin', {
      officeLevel: 'province',
      officeProvinceId: office.provinceId,
    });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${DESK}/capacity`,
          headers: issuer.headers,
          payload: { district_id: office.districtId, capacity: 2 },
        })
      ).statusCode,
    ).toBe(403);
    const set = await t.app.inject({
      method: 'PUT',
      url: `${DESK}/capacity`,
      headers: admin.headers,
      payload: { district_id: office.districtId, capacity: 2 },
    });
    expect(set.json().data).toEqual({ district_id: office.districtId, capacity: 2 });
    const apps = await Promise.all(Array.from({ length: 5 }, () => issuedApplication(t.app)));
    const date = openDay(8);
    const slots = (
      await t.app.inject({
        method: 'GET',
        url: `${BASE}/pickup-slots?date=${date}&id=${apps[0].id}`,
        headers: apps[0].citizen.headers,
      })
    ).json().data.slots;
    expect(slots.find((s: { time: string }) => s.time === '03:00 PM').remaining).toBe(2);
    const answers = await Promise.all(
      apps.map((a) => post(`${BASE}/${a.id}/set-pickup-date`, { date, time: '03:00 PM' }, a.citizen.headers)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    await t.app.inject({
      method: 'PUT',
      url: `${DESK}/capacity`,
      headers: admin.headers,
      payload: { district_id: office.districtId, capacity: 5 },
    });
  });

  it('the end-of-day job lists a missed booking as a no-show and mails its citizen once, whichever runs first', async () => {
    const { id } = await booked(openDay(2), '11:30 AM');
    const yesterday = shiftDay(officeNow().date, -1);
    await t.app.db.update(applications).set({ pickupDate: yesterday }).where(eq(applications.id, id));
    const runs = await Promise.all([inviteNoShows(t.app), inviteNoShows(t.app)]);
    expect(runs[0] + runs[1]).toBeGreaterThanOrEqual(1);
    expect(await inviteNoShows(t.app)).toBe(0);
    const [visit] = await t.app.db
      .select()
      .from(pickupVisits)
      .where(and(eq(pickupVisits.applicationId, id), eq(pickupVisits.pickupDate, yesterday)));
    expect(visit.noShowAt).not.toBeNull();
    const mails = await t.app.db.select().from(mailQueue).where(eq(mailQueue.kind, 'status:pickup_missed'));
    expect(mails.filter((m) => m.subject.includes(`RC0000${id}`))).toHaveLength(1);
    const day = (await get(`${DESK}?date=${yesterday}`)).json().data;
    const booking = day.slots
      .flatMap((s: { bookings: { application_id: number; no_show: boolean }[] }) => s.bookings)
      .find((b: { application_id: number }) => b.application_id === id);
    expect(booking.no_show).toBe(true);
  });
});
