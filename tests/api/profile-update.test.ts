import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { districts, idempotencyKeys, users, villages } from '../../server/db/schema';
import { createAccount } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const getProfile = (headers: Record<string, string>, lang?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/citizen/user/profile${lang ? `?lang=${lang}` : ''}`, headers });
const update = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/citizen/user/update-profile', headers, payload });

/** A real place of the shipped list: the first village of the first district of province 1. */
async function place(provinceId = 1) {
  const [district] = await t.app.db.select().from(districts).where(eq(districts.provinceId, provinceId)).limit(1);
  const [village] = await t.app.db.select().from(villages).where(eq(villages.districtId, district.id)).limit(1);
  return { province_id: provinceId, district_id: district.id, village_id: village.id, district, village };
}

async function validBody() {
  const p = await place(1);
  return {
    first_name: 'Bounmy',
    last_name: 'Sisavath',
    address: 'Ban Sisattanak, Vientiane',
    house_number: '45-B',
    date_of_birth: '1988-11-02',
    phone_number: '8562055512345',
    province_id: p.province_id,
    district_id: p.district_id,
    village_id: p.village_id,
  };
}

describe('GET /v1/citizen/user/profile', () => {
  it('needs a session', async () => {
    const res = await getProfile({});
    expect(res.statusCode).toBe(401);
    expect(res.json().data.error_code).toBe('unauthorized');
  });

  it('answers the fields of the specification with place names in the language of the request', async () => {
    const p = await place(1);
    const { user, headers } = await createAccount(t.app, {
      provinceId: 1,
      districtId: p.district_id,
      villageId: p.village_id,
    });
    const en = (await getProfile(headers)).json().data;
    expect(en).toMatchObject({
      email: user.email,
      id_card: user.idCard,
      first_name: 'Somchai',
      last_name: 'Phommachanh',
      phone_number: user.phoneNumber,
      date_of_birth: '1990-04-12',
      province_id: 1,
      district_id: p.district_id,
      village_id: p.village_id,
      province: 'Vientiane Capital',
      district: p.district.nameEn,
      village: p.village.nameEn,
      role: 'citizen',
    });
    expect(en).not.toHaveProperty('password_hash');
    expect(JSON.stringify(en)).not.toContain('argon2');
    const lo = (await getProfile(headers, 'lo')).json().data;
    expect(lo).toMatchObject({ province: 'ນະຄອນຫຼວງວຽງຈັນ', district: p.district.nameLo, village: p.village.nameLo });
    const byHeader = (await getProfile({ ...headers, 'accept-language': 'lo-LA,lo;q=0.9' })).json().data;
    expect(byHeader.province).toBe('ນະຄອນຫຼວງວຽງຈັນ');
  });
});

describe('POST /v1/citizen/user/update-profile', () => {
  it('saves the editable fields and never the e-mail or ID card', async () => {
    const { user, headers } = await createAccount(t.app);
    const body = await validBody();
    const res = await update(headers, { ...body, id_card: '99999999', email: 'other@example.la' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: 'Bounmy',
      phone_number: '8562055512345',
      email: user.email,
      id_card: user.idCard,
      house_number: '45-B',
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      firstName: 'Bounmy',
      lastName: 'Sisavath',
      idCard: user.idCard,
      email: user.email,
      districtId: body.district_id,
      villageId: body.village_id,
    });
    const again = (await getProfile(headers)).json().data;
    expect(again.address).toBe('Ban Sisattanak, Vientiane');
  });

  it('applies the same field rules as the form', async () => {
    const { headers } = await createAccount(t.app);
    const body = await validBody();
    const res = await update(headers, {
      ...body,
      first_name: 'Bob<script>',
      house_number: '12345678901',
      phone_number: '20 5555 1234',
      date_of_birth: '2999-01-01',
      province_id: 1.5,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toMatchObject({
      error_code: 'validation_failed',
      fields: {
        first_name: 'special_characters',
        house_number: 'too_long',
        phone_number: 'invalid_phone',
        date_of_birth: 'date_in_future',
        province_id: 'invalid_id',
      },
    });
    const empty = await update(headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fields).toMatchObject({
      first_name: 'required',
      address: 'required',
      village_id: 'required',
    });
  });

  it('accepts Lao names (letters and marks)', async () => {
    const { headers } = await createAccount(t.app);
    const res = await update(headers, {
      ...(await validBody()),
      first_name: 'ສົມໃຈ',
      last_name: 'ພົມມະຈັນ',
      phone_number: '8562077712345',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.first_name).toBe('ສົມໃຈ');
  });

  it('refuses a phone number of another account with 400X2 on the phone field', async () => {
    const other = await createAccount(t.app);
    const { headers } = await createAccount(t.app);
    const res = await update(headers, { ...(await validBody()), phone_number: other.user.phoneNumber });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toMatchObject({ error_code: '400X2', fields: { phone_number: '400X2' } });
  });

  it('keeps the own phone number', async () => {
    const { user, headers } = await createAccount(t.app);
    const res = await update(headers, { ...(await validBody()), phone_number: user.phoneNumber });
    expect(res.statusCode).toBe(200);
  });

  it('refuses places that do not belong together, naming the field', async () => {
    const { headers } = await createAccount(t.app);
    const body = await validBody();
    const elsewhere = await place(2);
    const cases: [Record<string, unknown>, string][] = [
      [{ province_id: 9999 }, 'province_id'],
      [{ district_id: elsewhere.district_id }, 'district_id'],
      [{ village_id: elsewhere.village_id }, 'village_id'],
      [{ village_id: 99999999 }, 'village_id'],
    ];
    for (const [change, field] of cases) {
      const res = await update(headers, { ...body, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().data.fields, field).toEqual({ [field]: 'invalid_id' });
    }
  });
});

describe('POST /v1/citizen/user/language', () => {
  it('stores the language the server writes to the citizen in', async () => {
    const { user, headers } = await createAccount(t.app, { language: 'en' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/citizen/user/language',
      headers,
      payload: { language: 'lo' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
    expect(row.language).toBe('lo');
    expect((await getProfile(headers)).json().data.language).toBe('lo');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/citizen/user/language',
      headers,
      payload: { language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toEqual({ language: 'invalid_id' });
  });
});

describe('retries of update-profile (Idempotency-Key)', () => {
  it('replays the first answer and refuses the same key with another body', async () => {
    const { user, headers } = await createAccount(t.app);
    const body = { ...(await validBody()), phone_number: user.phoneNumber };
    const withKey = { ...headers, 'idempotency-key': 'update-profile-0001' };
    const first = await update(withKey, body);
    expect(first.statusCode).toBe(200);
    const again = await update(withKey, body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await update(withKey, { ...body, first_name: 'Other' });
    expect(other.statusCode).toBe(422);
  });

  it('keeps that it was done, never the profile (ID number, phone, address) it answered', async () => {
    const { user, headers } = await createAccount(t.app);
    const body = { ...(await validBody()), phone_number: user.phoneNumber };
    const withKey = { ...headers, 'idempotency-key': 'update-profile-0002' };
    const first = await update(withKey, body);
    expect(first.json().data.id_card).toBe(user.idCard);
    const [kept] = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(kept.response).toEqual({ message: 'Profile updated' });
    for (const personal of [user.idCard!, user.phoneNumber!, body.address])
      expect(JSON.stringify(kept.response)).not.toContain(personal);
    // A repeat still answers the profile, as stored now.
    const again = await update(withKey, body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });
});
