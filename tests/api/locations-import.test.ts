import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { importPlaces, LocationImportError, parsePlaces } from '../../server/db/seed/locations';
import { provinces, villages } from '../../server/db/schema';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const HEADER = 'level,code,parent_code,name_en,name_lo';

describe('parsePlaces', () => {
  it('names the bad row', () => {
    const csv = [
      HEADER,
      'province,01,,Vientiane Capital,ນະຄອນຫຼວງວຽງຈັນ',
      'district,0101,01,Chanthabouly,ຈັນທະບູລີ',
      'village,010199,0101,Too short,',
    ].join('\n');
    expect(() => parsePlaces(csv, 'new.csv')).toThrowError(/new\.csv, line 4: a village code has 7 digits/);
  });

  it('refuses a wrong header, a missing parent, a duplicate and a nameless place', () => {
    expect(() => parsePlaces('code,name\n01,x')).toThrow(LocationImportError);
    expect(() => parsePlaces([HEADER, 'province,01,,A,', 'district,0201,02,B,'].join('\n'))).toThrowError(
      /line 3: province 02 of district 0201 is not in the file/,
    );
    expect(() => parsePlaces([HEADER, 'province,01,,A,', 'province,01,,A,'].join('\n'))).toThrowError(
      /line 3: province 01 is listed twice \(first on line 2\)/,
    );
    expect(() => parsePlaces([HEADER, 'province,01,,,'].join('\n'))).toThrowError(/line 2: give name_en or name_lo/);
  });

  it('reads quoted fields with commas', () => {
    const places = parsePlaces([HEADER, 'province,01,,"Capital, the",ນະຄອນ'].join('\n'));
    expect(places[0].nameEn).toBe('Capital, the');
  });
});

describe('importPlaces', () => {
  it('keeps the ids of existing places, renames them, adds new ones and deactivates missing ones', async () => {
    const db = t.app.db;
    const [before] = await db.select().from(provinces).where(eq(provinces.code, '01'));
    const [village] = await db.select().from(villages).where(eq(villages.code, '0101001'));
    const csv = [
      HEADER,
      'province,01,,Vientiane Capital City,ນະຄອນຫຼວງວຽງຈັນ',
      'district,0101,01,Chanthabouly,ຈັນທະບູລີ',
      'village,0101001,0101,Nongping,ໜອງປິງ',
      'village,0101999,0101,New Village,ບ້ານໃໝ່',
    ].join('\n');
    // The matcher has been used before the import (as a running server's would).
    expect((await t.app.inject({ url: '/api/v1/master-data/location/match?address=x' })).statusCode).toBe(200);
    const counts = await importPlaces(db, parsePlaces(csv));
    expect(counts).toEqual({ provinces: 1, districts: 1, villages: 2 });
    const [after] = await db.select().from(provinces).where(eq(provinces.code, '01'));
    expect(after.id).toBe(before.id);
    expect(after.nameEn).toBe('Vientiane Capital City');
    const [sameVillage] = await db.select().from(villages).where(eq(villages.code, '0101001'));
    expect(sameVillage.id).toBe(village.id);
    // The server serves master data from memory: the embedded database's next start (or, on
    // PostgreSQL, the import's notice) loads the new lists. Load them now, as that start would.
    await t.app.masterData.load(db);
    const list = (await t.app.inject({ url: '/api/v1/master-data/location/provinces' })).json().data;
    expect(list).toHaveLength(1); // the 17 others are no longer offered, but still exist for old records
    const [gone] = await db.select().from(provinces).where(eq(provinces.code, '02'));
    expect(gone.active).toBe(false);
    // The address matcher reads the same lists: the new village is found without a restart.
    const matched = await t.app.inject({
      url: `/api/v1/master-data/location/match?address=${encodeURIComponent('ບ້ານໃໝ່, ຈັນທະບູລີ, ນະຄອນຫຼວງວຽງຈັນ')}`,
    });
    const [newVillage] = await db.select().from(villages).where(eq(villages.code, '0101999'));
    expect(matched.json().data).toMatchObject({ province_id: after.id, village_id: newVillage.id });
  });

  it('writes nothing when the list cannot be stored', async () => {
    const db = t.app.db;
    const [before] = await db.select().from(provinces).where(eq(provinces.code, '01'));
    const places = parsePlaces([HEADER, 'province,01,,Renamed,ນະຄອນ', 'district,0101,01,D,'].join('\n'));
    // Sabotage after parsing: a district whose parent code is not in the file makes the insert fail mid-way.
    places[1].parentCode = '77';
    await expect(importPlaces(db, places)).rejects.toThrow();
    const [after] = await db.select().from(provinces).where(eq(provinces.code, '01'));
    expect(after.nameEn).toBe(before.nameEn);
  });
});
