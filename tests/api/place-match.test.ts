import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpectedCard } from '../fixtures/id-cards/make-id-cards';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const cards = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/id-cards/expected.json'), 'utf8'),
) as ExpectedCard[];
const match = (address: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/master-data/location/match?address=${encodeURIComponent(address)}` });
const codeOf = async (path: string, id: number | null) =>
  ((await t.app.inject({ method: 'GET', url: path })).json().data as { id: number; code: string }[]).find(
    (p) => p.id === id,
  )?.code;

describe('GET /api/v1/master-data/location/match', () => {
  it('names the province, district and village of every address printed on the generated cards', async () => {
    for (const card of cards.filter((c) => c.condition === 'clean')) {
      const res = await match(card.address);
      expect(res.statusCode).toBe(200);
      const { province_id, district_id, village_id, candidates } = res.json().data;
      expect(await codeOf('/api/v1/master-data/location/provinces', province_id)).toBe(card.provinceCode);
      expect(await codeOf(`/api/v1/master-data/location/district/${province_id}`, district_id)).toBe(card.districtCode);
      expect(await codeOf(`/api/v1/master-data/location/villages/${district_id}`, village_id)).toBe(card.villageCode);
      expect(candidates.villages[0]).toBe(village_id);
    }
  });

  it('tolerates a lost tone mark, ເ read as ແ, lost commas and prefixes', async () => {
    const clean = (await match('ບ້ານ ນາໄຊ, ເມືອງ ໄຊເສດຖາ, ນະຄອນຫຼວງວຽງຈັນ')).json().data;
    for (const misread of [
      'ບານນາໄຊ ແມືອງໄຊແສດຖາ ນະຄອນຫລວງວຽງຈັນ',
      'ນາໄຊ, ໄຊເສດຖາ, ວຽງຈັນ',
      'Ban Naxai, Xaysettha District, Vientiane Capital',
    ]) {
      expect((await match(misread)).json().data).toMatchObject({
        province_id: clean.province_id,
        district_id: clean.district_id,
        village_id: clean.village_id,
      });
    }
  });

  it('chooses nothing it is unsure of, and lists the likely places first', async () => {
    // ນາໄຊ is a village in many districts: without the district it is not clear which.
    const { data } = (await match('ບ້ານ ນາໄຊ')).json();
    expect(data).toMatchObject({ province_id: null, district_id: null, village_id: null });
    expect(data.candidates.villages.length).toBeGreaterThan(1);
    const nothing = (await match('xyz')).json().data;
    expect(nothing).toMatchObject({ province_id: null, district_id: null, village_id: null });
  });

  it('refuses a missing or too long address with 400 and the field code', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/master-data/location/match' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields.address).toBe('required');
    const long = await match('ບ'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().data.fields.address).toBe('too_long');
  });
});
