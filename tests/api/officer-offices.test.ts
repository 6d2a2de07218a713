import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog, applications, districts } from '../../server/db/schema';
import { applicationBody, somePlace } from './application-fixtures';
import { createAccount, createOfficer } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const CITIZEN = '/api/v1/citizen/resident-certificate';
const OFFICER = '/api/v1/officer/applications';
const ACCOUNTS = '/api/v1/officer/accounts';

/** An application whose current address is the first district of the first province (applicationBody). */
async function applicationAtHome() {
  const citizen = await createAccount(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `${CITIZEN}/create-new`,
    headers: citizen.headers,
    payload: await applicationBody(t.app),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function places() {
  const home = await somePlace(t.app, 0);
  const elsewhere = await somePlace(t.app, 1);
  // Another district of the same province, so the district office is told apart from the province.
  const [neighbour] = await t.app.db
    .select()
    .from(districts)
    .where(eq(districts.provinceId, home.province.id))
    .orderBy(asc(districts.code))
    .offset(1)
    .limit(1);
  return { home, elsewhere, neighbour };
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe("an officer sees only their office's applications", () => {
  it('an officer of another district gets 404 on the detail, the documents, the certificate and every action', async () => {
    const id = await applicationAtHome();
    const { home, neighbour } = await places();
    const other = await createOfficer(t.app, 'admin', {
      officeLevel: 'district',
      officeProvinceId: home.province.id,
      officeDistrictId: neighbour.id,
    });
    const detail = await get(`${OFFICER}/${id}`, other.headers);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().data.error_code).toBe('x008');
    for (const kind of ['applicant_photo', 'household_registration_book', 'proof_of_residence']) {
      expect((await get(`${CITIZEN}/${id}/documents/${kind}`, other.headers)).statusCode, kind).toBe(404);
    }
    expect((await get(`${CITIZEN}/${id}/certificate`, other.headers)).statusCode).toBe(404);
    for (const action of ['reject', 'start-review', 'verify-payment']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${OFFICER}/${id}/${action}`,
        headers: other.headers,
        payload: { notes: 'Not ours', reason_codes: ['wrong_village'] },
      });
      expect(res.statusCode, action).toBe(404);
    }
    // Nothing happened, and nothing was recorded as seen.
    const own = await createOfficer(t.app, 'admin', {
      officeLevel: 'district',
      officeProvinceId: home.province.id,
      officeDistrictId: home.district.id,
    });
    const seen = await get(`${OFFICER}/${id}`, own.headers);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.status).toBe('pending');
    const logged = await t.app.db.select().from(accessLog).where(eq(accessLog.applicationId, id));
    expect(logged.map((r) => r.officerId)).toEqual([own.user.id]);
  });

  it('the queue and its search list only the office: district, province, national, none', async () => {
    const id = await applicationAtHome();
    const { home, elsewhere, neighbour } = await places();
    const [{ ticket }] = await t.app.db
      .select({ ticket: applications.ticketNumber })
      .from(applications)
      .where(eq(applications.id, id));
    const queueHas = async (office: Parameters<typeof createOfficer>[2]) => {
      const officer = await createOfficer(t.app, 'reviewer', office);
      const res = await get(`${OFFICER}?q=${ticket}`, officer.headers);
      expect(res.statusCode).toBe(200);
      return (res.json().data.items as { id: number }[]).some((i) => i.id === id);
    };
    expect(
      await queueHas({
        officeLevel: 'district',
        officeProvinceId: home.province.id,
        officeDistrictId: home.district.id,
      }),
    ).toBe(true);
    expect(
      await queueHas({ officeLevel: 'district', officeProvinceId: home.province.id, officeDistrictId: neighbour.id }),
    ).toBe(false);
    expect(await queueHas({ officeLevel: 'province', officeProvinceId: home.province.id })).toBe(true);
    expect(await queueHas({ officeLevel: 'province', officeProvinceId: elsewhere.province.id })).toBe(false);
    expect(await queueHas({ officeLevel: 'national' })).toBe(true);
    expect(await queueHas({ officeLevel: null })).toBe(false);

    // The whole queue of an office holds no application of another area.
    const other = await createOfficer(t.app, 'reviewer', {
      officeLevel: 'province',
      officeProvinceId: elsewhere.province.id,
    });
    const all = await get(`${OFFICER}?page=1`, other.headers);
    expect((all.json().data.items as { id: number }[]).map((i) => i.id)).not.toContain(id);
  });
});

describe('admins give offices', () => {
  it('an admin assigns an office and it takes effect at once; "none" takes it away', async () => {
    const id = await applicationAtHome();
    const { home, elsewhere } = await places();
    const admin = await createOfficer(t.app, 'admin');
    const officer = await createOfficer(t.app, 'reviewer', {
      officeLevel: 'province',
      officeProvinceId: elsewhere.province.id,
    });
    expect((await get(`${OFFICER}/${id}`, officer.headers)).statusCode).toBe(404);

    const put = (body: unknown, headers = admin.headers, target = officer.user.id) =>
      t.app.inject({ method: 'PUT', url: `${ACCOUNTS}/${target}/office`, headers, payload: body as object });
    const given = await put({ level: 'district', district_id: home.district.id });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data.office).toEqual({
      level: 'district',
      province_id: home.province.id,
      district_id: home.district.id,
    });
    expect((await get(`${OFFICER}/${id}`, officer.headers)).statusCode).toBe(200);

    const list = await get(ACCOUNTS, admin.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ id: officer.user.id, officer_role: 'reviewer', office: given.json().data.office }),
    );

    expect((await put({ level: 'none' })).statusCode).toBe(200);
    expect((await get(`${OFFICER}/${id}`, officer.headers)).statusCode).toBe(404);
    expect((await get(OFFICER, officer.headers)).json().data.total).toBe(0);
  });

  it('a non-admin cannot assign nor list; a province admin stays inside the province', async () => {
    const { home, elsewhere } = await places();
    const target = await createOfficer(t.app, 'cashier', { officeLevel: null });
    for (const role of ['cashier', 'reviewer', 'issuer'] as const) {
      const officer = await createOfficer(t.app, role);
      const res = await t.app.inject({
        method: 'PUT',
        url: `${ACCOUNTS}/${target.user.id}/office`,
        headers: officer.headers,
        payload: { level: 'national' },
      });
      expect(res.statusCode, role).toBe(403);
      expect((await get(ACCOUNTS, officer.headers)).statusCode, role).toBe(403);
    }
    const citizen = await createAccount(t.app);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${ACCOUNTS}/${target.user.id}/office`,
          headers: citizen.headers,
          payload: { level: 'national' },
        })
      ).statusCode,
    ).toBe(403);

    const provinceAdmin = await createOfficer(t.app, 'admin', {
      officeLevel: 'province',
      officeProvinceId: home.province.id,
    });
    const put = (body: object, id = target.user.id) =>
      t.app.inject({ method: 'PUT', url: `${ACCOUNTS}/${id}/office`, headers: provinceAdmin.headers, payload: body });
    // An officer without an office is a national admin's to place, not the first admin's to claim.
    expect((await put({ level: 'district', district_id: home.district.id })).statusCode).toBe(404);
    const nationalAdmin = await createOfficer(t.app, 'admin', { officeLevel: 'national' });
    const placed = await t.app.inject({
      method: 'PUT',
      url: `${ACCOUNTS}/${target.user.id}/office`,
      headers: nationalAdmin.headers,
      payload: { level: 'province', province_id: home.province.id },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await put({ level: 'national' })).statusCode).toBe(403);
    expect((await put({ level: 'province', province_id: elsewhere.province.id })).statusCode).toBe(403);
    expect((await put({ level: 'district', district_id: home.district.id })).statusCode).toBe(200);
    // An officer of another province is not theirs: 404, as if it did not exist.
    const foreign = await createOfficer(t.app, 'cashier', {
      officeLevel: 'province',
      officeProvinceId: elsewhere.province.id,
    });
    expect((await put({ level: 'none' }, foreign.user.id)).statusCode).toBe(404);
    // Bad input: a clear 400, an unknown place 400 with its field, a citizen 404.
    expect((await put({ level: 'planet' })).statusCode).toBe(400);
    const unknown = await put({ level: 'district', district_id: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.fields).toEqual({ district_id: 'invalid_id' });
    expect((await put({ level: 'none' }, citizen.user.id)).statusCode).toBe(404);
  });
});
