import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { asc } from 'drizzle-orm';
import type { Language } from '../../contract/master-data';
import type { Db } from '../db/client';
import { banks, districts, provinces, villages } from '../db/schema';
import { PlaceIndex, type Place } from './place-match';

/** One answer of a list, ready to send: the JSON, its strong ETag, and compressed copies made once. */
export class CachedBody {
  readonly etag: string;
  private gzipped?: Buffer;
  private brotli?: Buffer;
  constructor(readonly json: string) {
    // From the bytes alone, so every instance that loaded the same data sends the same ETag.
    this.etag = `"${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  }
  get gzip(): Buffer {
    return (this.gzipped ??= zlib.gzipSync(this.json, { level: 9 }));
  }
  get br(): Buffer {
    return (this.brotli ??= zlib.brotliCompressSync(this.json, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    }));
  }
}

type PerLanguage = Record<Language, CachedBody>;
const both = (make: (lang: Language) => unknown): PerLanguage => ({
  en: new CachedBody(JSON.stringify(make('en'))),
  lo: new CachedBody(JSON.stringify(make('lo'))),
});

type Names = Map<number, { en: string; lo: string }>;
export type PlaceLevel = 'province' | 'district' | 'village';

interface Snapshot {
  /** Every place by id, offered or not (older applications keep pointing at retired places). */
  names: Record<PlaceLevel, Names>;
  bankRows: Map<number, { code: string; en: string; lo: string }>;
  provinces: PerLanguage;
  districtsOf: Map<number, PerLanguage>;
  villagesOf: Map<number, PerLanguage>;
  banks: PerLanguage;
  bank: Map<number, PerLanguage>;
  bankSort: Map<string, number>;
  /** Every offered place in one answer (GET /v1/master-data/location/tree). */
  tree: PerLanguage;
  /** The offered places the address matcher is built from (on first use: most processes never need it). */
  offered: { provinces: Place[]; districts: Place[]; villages: Place[] };
  matcher?: PlaceIndex;
}

/**
 * Provinces, districts, villages and banks, held in memory with every answer prepared: they change
 * only when an operator imports a new list (then `load` runs again), and they are read on every
 * form. The answers are exactly what the database holds, in the order the API always gave.
 */
export class MasterDataStore {
  private snapshot?: Snapshot;

  async load(db: Db): Promise<void> {
    const [allP, allD, allV, b] = await Promise.all([
      db.select().from(provinces).orderBy(asc(provinces.code)),
      db.select().from(districts).orderBy(asc(districts.code)),
      db
        .select({
          id: villages.id,
          code: villages.code,
          districtId: villages.districtId,
          nameEn: villages.nameEn,
          nameLo: villages.nameLo,
          active: villages.active,
        })
        .from(villages)
        .orderBy(asc(villages.code)),
      db.select().from(banks).orderBy(asc(banks.sort)),
    ]);
    const [p, d, v] = [allP.filter((r) => r.active), allD.filter((r) => r.active), allV.filter((r) => r.active)];
    const names = (rows: { id: number; nameEn: string; nameLo: string }[]): Names =>
      new Map(rows.map((r) => [r.id, { en: r.nameEn, lo: r.nameLo }]));
    const name = (lang: Language, row: { nameEn: string; nameLo: string }) => (lang === 'lo' ? row.nameLo : row.nameEn);
    const option = (lang: Language) => (row: { id: number; code: string; nameEn: string; nameLo: string }) => ({
      id: row.id,
      name: name(lang, row),
      code: row.code,
    });
    const group = <T extends { id: number }>(rows: T[], parent: (row: T) => number) => {
      const out = new Map<number, T[]>();
      for (const row of rows) out.set(parent(row), [...(out.get(parent(row)) ?? []), row]);
      return out;
    };
    const districtRows = group(d, (row) => row.provinceId);
    const villageRows = group(v, (row) => row.districtId);
    const bankOf = (lang: Language, row: (typeof b)[number]) => ({
      id: row.id,
      bank_name: name(lang, row),
      code: row.code,
      bank_logo: `/api/v1/master-data/bank-logo/${row.code}.svg`,
    });
    this.snapshot = {
      names: { province: names(allP), district: names(allD), village: names(allV) },
      bankRows: new Map(b.map((row) => [row.id, { code: row.code, en: row.nameEn, lo: row.nameLo }])),
      provinces: both((lang) => ({ data: p.map(option(lang)) })),
      // An active province without districts still answers an empty list (as the query did).
      districtsOf: new Map(
        p.map((row) => [row.id, both((lang) => ({ data: (districtRows.get(row.id) ?? []).map(option(lang)) }))]),
      ),
      villagesOf: new Map(
        d.map((row) => [row.id, both((lang) => ({ data: (villageRows.get(row.id) ?? []).map(option(lang)) }))]),
      ),
      banks: both((lang) => ({ data: b.map((row) => bankOf(lang, row)) })),
      bank: new Map(b.map((row) => [row.id, both((lang) => ({ data: bankOf(lang, row) }))])),
      bankSort: new Map(b.map((row) => [row.code, row.sort])),
      offered: {
        provinces: p.map((row) => ({ id: row.id, parent: 0, nameEn: row.nameEn, nameLo: row.nameLo })),
        districts: d.map((row) => ({ id: row.id, parent: row.provinceId, nameEn: row.nameEn, nameLo: row.nameLo })),
        villages: v.map((row) => ({ id: row.id, parent: row.districtId, nameEn: row.nameEn, nameLo: row.nameLo })),
      },
      tree: both((lang) => ({
        data: {
          provinces: p.map((pr) => ({
            ...option(lang)(pr),
            districts: (districtRows.get(pr.id) ?? []).map((di) => ({
              ...option(lang)(di),
              villages: (villageRows.get(di.id) ?? []).map(option(lang)),
            })),
          })),
        },
      })),
    };
  }

  private get current(): Snapshot {
    if (!this.snapshot) throw new Error('master data not loaded');
    return this.snapshot;
  }

  provinces(lang: Language) {
    return this.current.provinces[lang];
  }
  /** Undefined when the province is unknown or no longer offered. */
  districtsOf(provinceId: number, lang: Language) {
    return this.current.districtsOf.get(provinceId)?.[lang];
  }
  villagesOf(districtId: number, lang: Language) {
    return this.current.villagesOf.get(districtId)?.[lang];
  }
  banks(lang: Language) {
    return this.current.banks[lang];
  }
  bank(id: number, lang: Language) {
    return this.current.bank.get(id)?.[lang];
  }
  bankSort(code: string) {
    return this.current.bankSort.get(code);
  }
  tree(lang: Language) {
    return this.current.tree[lang];
  }
  /** The address matcher of the offered places; a new one after every reload, so an import shows at once. */
  places(): PlaceIndex {
    const snapshot = this.current;
    return (snapshot.matcher ??= new PlaceIndex(snapshot.offered));
  }
  /** A place's name in that language ('' for an unknown id), retired places included. */
  placeName(level: PlaceLevel, id: number, lang: Language): string {
    return this.current.names[level].get(id)?.[lang] ?? '';
  }
  bankRow(id: number) {
    return this.current.bankRows.get(id);
  }
}
