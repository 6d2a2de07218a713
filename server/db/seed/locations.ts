import fs from 'node:fs';
import path from 'node:path';
import { notInArray, sql } from 'drizzle-orm';
import { parseCsv } from '../../lib/csv';
import type { Db } from '../client';
import { districts, provinces, villages } from '../schema';
import { appPath } from '../../paths';

/**
 * Administrative divisions of Laos. The operator's import format is one CSV file with the header
 *   level,code,parent_code,name_en,name_lo
 * level: province | district | village; codes: province PP (2 digits), district PPDD (4, starting with
 * its province's code), village PPDDVVV (7, starting with its district's code). At least one name.
 * Places are matched by code, so ids stay stable; places missing from a new list are deactivated
 * (never deleted: accounts and applications point at them).
 */
export type Level = 'province' | 'district' | 'village';
export interface Place {
  level: Level;
  code: string;
  parentCode: string | null;
  nameEn: string;
  nameLo: string;
  line: number;
}

export class LocationImportError extends Error {}

const CODE_LENGTH: Record<Level, number> = { province: 2, district: 4, village: 7 };
const PARENT: Record<Level, Level | null> = { province: null, district: 'province', village: 'district' };

export function parsePlaces(csv: string, source = 'file'): Place[] {
  const rows = parseCsv(csv);
  const header = rows.shift();
  const expected = ['level', 'code', 'parent_code', 'name_en', 'name_lo'];
  if (!header || header.cells.map((c) => c.trim().toLowerCase()).join(',') !== expected.join(',')) {
    throw new LocationImportError(`${source}: the first line must be the header "${expected.join(',')}"`);
  }
  const places: Place[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of rows) {
    const fail = (why: string) => {
      throw new LocationImportError(`${source}, line ${line}: ${why} (row: ${cells.join(',')})`);
    };
    if (cells.length !== 5) fail(`expected 5 columns, found ${cells.length}`);
    const [levelRaw, codeRaw, parentRaw, nameEn, nameLo] = cells.map((c) => c.trim());
    const level = levelRaw.toLowerCase() as Level;
    if (!(level in CODE_LENGTH)) fail(`level must be province, district or village, not "${levelRaw}"`);
    const code = codeRaw;
    if (!new RegExp(`^\\d{${CODE_LENGTH[level]}}$`).test(code))
      fail(`a ${level} code has ${CODE_LENGTH[level]} digits, not "${code}"`);
    const parentLevel = PARENT[level];
    const parentCode = parentLevel ? parentRaw : null;
    if (parentLevel) {
      if (!parentCode || !code.startsWith(parentCode) || parentCode.length !== CODE_LENGTH[parentLevel])
        fail(`parent_code must be the ${parentLevel} code that begins "${code}"`);
    } else if (parentRaw) fail('a province has no parent_code');
    if (!nameEn && !nameLo) fail('give name_en or name_lo (or both)');
    if ((nameEn + nameLo).length > 200) fail('names are too long');
    const key = `${level}:${code}`;
    if (seen.has(key)) fail(`${level} ${code} is listed twice (first on line ${seen.get(key)})`);
    seen.set(key, line);
    places.push({ level, code, parentCode, nameEn, nameLo, line });
  }
  for (const p of places) {
    if (p.parentCode && !seen.has(`${PARENT[p.level]}:${p.parentCode}`)) {
      throw new LocationImportError(
        `${source}, line ${p.line}: ${PARENT[p.level]} ${p.parentCode} of ${p.level} ${p.code} is not in the file`,
      );
    }
  }
  if (!places.some((p) => p.level === 'province'))
    throw new LocationImportError(`${source}: the file lists no province`);
  return places;
}

/** Running servers listen on this channel and load the lists again (server/plugins/master-data.ts). */
export const MASTER_DATA_CHANNEL = 'master_data_changed';

/** Writes a whole list in one transaction: all of it lands, or nothing does. */
export async function importPlaces(
  db: Db,
  places: Place[],
): Promise<{ provinces: number; districts: number; villages: number }> {
  return db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    const byLevel = (l: Level) => places.filter((p) => p.level === l);
    const name = (p: Place) => ({ nameEn: p.nameEn || p.nameLo, nameLo: p.nameLo || p.nameEn, active: true });
    for (const chunk of chunks(byLevel('province'), 500)) {
      const rows = await tx
        .insert(provinces)
        .values(chunk.map((p) => ({ code: p.code, ...name(p) })))
        .onConflictDoUpdate({
          target: provinces.code,
          set: { nameEn: sql`excluded.name_en`, nameLo: sql`excluded.name_lo`, active: true },
        })
        .returning({ id: provinces.id, code: provinces.code });
      rows.forEach((r) => ids.set(`p${r.code}`, r.id));
    }
    for (const chunk of chunks(byLevel('district'), 500)) {
      const rows = await tx
        .insert(districts)
        .values(chunk.map((p) => ({ code: p.code, provinceId: ids.get(`p${p.parentCode}`)!, ...name(p) })))
        .onConflictDoUpdate({
          target: districts.code,
          set: {
            nameEn: sql`excluded.name_en`,
            nameLo: sql`excluded.name_lo`,
            provinceId: sql`excluded.province_id`,
            active: true,
          },
        })
        .returning({ id: districts.id, code: districts.code });
      rows.forEach((r) => ids.set(`d${r.code}`, r.id));
    }
    for (const chunk of chunks(byLevel('village'), 1000)) {
      await tx
        .insert(villages)
        .values(chunk.map((p) => ({ code: p.code, districtId: ids.get(`d${p.parentCode}`)!, ...name(p) })))
        .onConflictDoUpdate({
          target: villages.code,
          set: {
            nameEn: sql`excluded.name_en`,
            nameLo: sql`excluded.name_lo`,
            districtId: sql`excluded.district_id`,
            active: true,
          },
        });
    }
    // Places the new list no longer has stay (records point at them) but are no longer offered.
    const keep = (l: Level) => byLevel(l).map((p) => p.code);
    if (keep('village').length)
      await tx
        .update(villages)
        .set({ active: false })
        .where(notInArray(villages.code, keep('village')));
    if (keep('district').length)
      await tx
        .update(districts)
        .set({ active: false })
        .where(notInArray(districts.code, keep('district')));
    await tx
      .update(provinces)
      .set({ active: false })
      .where(notInArray(provinces.code, keep('province')));
    // Delivered when the transaction commits, and only then.
    await tx.execute(sql`select pg_notify(${MASTER_DATA_CHANNEL}, '')`);
    return {
      provinces: byLevel('province').length,
      districts: byLevel('district').length,
      villages: byLevel('village').length,
    };
  });
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const shippedDir = appPath('server', 'db', 'seed', 'data', 'lao-locations');

/** The shipped list (three files, see data/lao-locations/SOURCES.md) in the import format. */
export function shippedPlaces(): Place[] {
  const read = (f: string) =>
    parseCsv(fs.readFileSync(path.join(shippedDir, f), 'utf8'))
      .slice(1)
      .map((r) => r.cells);
  const lines = ['level,code,parent_code,name_en,name_lo'];
  for (const [code, en, lo] of read('provinces.csv')) lines.push(['province', code, '', en, lo].join(','));
  for (const [code, parent, en, lo] of read('districts.csv')) lines.push(['district', code, parent, en, lo].join(','));
  for (const [code, parent, en, lo] of read('villages.csv')) lines.push(['village', code, parent, en, lo].join(','));
  return parsePlaces(lines.join('\n'), 'shipped list');
}

/** First start: load the shipped list when the database holds no province yet. */
export async function seedLocationsIfEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(provinces);
  if (count > 0) return false;
  await importPlaces(db, shippedPlaces());
  return true;
}
