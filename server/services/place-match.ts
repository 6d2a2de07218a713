/**
 * An address as read from an ID card (or typed) → province, district and village of the master
 * data. Tolerant of small reading errors (a similarity of edit distance, not equality) and of the
 * prefixes people write or leave out ("ບ້ານ", "ເມືອງ", "ແຂວງ", "ນະຄອນຫຼວງ", "Ban", "Muang"…).
 * A level is chosen only when the match is clear; otherwise the best candidates come first.
 * Pure: built from rows, unit-tested against the shipped master data.
 */
import type { PlaceMatch } from '../../contract/place-match';

export interface Place {
  id: number;
  /** Parent's id (district of a village, province of a district); 0 for a province. */
  parent: number;
  nameLo: string;
  nameEn: string;
}

export type { PlaceMatch };

type Level = 'province' | 'district' | 'village';

/**
 * Prefixes and what they announce, longest first (ນະຄອນຫຼວງ before ນະຄອນ), loosely: a reading may
 * drop the tone mark (ບານ), take ເ for ແ, or write ຫຼ as ຫລ.
 */
const PREFIXES: [RegExp, Level[]][] = [
  [/^ນະຄອນ(?:ຫຼ|ຫລ)ວງ\s*/u, ['province', 'district']],
  [/^ນະຄອນ\s*/u, ['district']],
  [/^[ເແ]ຂວງ\s*/u, ['province']],
  [/^[ເແ]ມ[ືຶ]?ອງ\s*/u, ['district']],
  [/^ບ[້໊]?ານ\s*/u, ['village']],
  [/^(?:khoueng|khweang|province)\s+/i, ['province']],
  [/^(?:muang|mueang|meuang|district)\s+/i, ['district']],
  [/^(?:ban|village)\s+/i, ['village']],
];
const PREFIX_START = /\s+(?=ບ[້໊]?ານ|[ເແ]ມ[ືຶ]?ອງ|[ເແ]ຂວງ|ນະຄອນ)/u;
const ENGLISH_SUFFIX = /\s+(?:province|district|village|provincial city|capital|city)$/i;
const TONE_MARKS = /[\u0ec8-\u0ecb]/gu;

/** Comparable form: NFC, ຫນ/ຫມ as ໜ/ໝ, lower case, no spaces or signs. */
function normalise(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\u0eab\u0e99/g, '\u0edc')
    .replace(/\u0eab\u0ea1/g, '\u0edd')
    .replace(/\u0ecd\u0eb2/g, '\u0eb3')
    .replace(/ຫລ/g, 'ຫຼ')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\d]/gu, '');
}

/** One prefix off ("ບ້ານ ເມືອງງາ" is the village ເມືອງງາ), and an English "… District" suffix. */
function stripPrefix(text: string): { rest: string; levels: Level[] | null } {
  const trimmed = text.trim();
  const hit = PREFIXES.find(([pattern]) => pattern.test(trimmed));
  const rest = hit ? trimmed.replace(hit[0], '') : trimmed;
  return { rest: rest.replace(ENGLISH_SUFFIX, ''), levels: hit ? hit[1] : null };
}

const row = new Uint16Array(128);
function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (b.length >= row.length) return Math.max(a.length, b.length);
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** 1 for the same name, 0 for nothing in common; a misread tone mark costs half a letter. */
export function similarity(a: string, b: string): number {
  if (!a || !b) return 0;
  const length = Math.max(a.length, b.length);
  // No better than this whatever the letters: skip the work for names of very different lengths.
  if (1 - Math.abs(a.length - b.length) / length < 0.5) return 0;
  const exact = 1 - editDistance(a, b) / length;
  if (exact < 0.4) return exact;
  const toneless = 1 - editDistance(a.replace(TONE_MARKS, ''), b.replace(TONE_MARKS, '')) / length;
  return Math.max(exact, (exact + toneless) / 2);
}

interface Segment {
  text: string;
  levels: Level[] | null;
}

/** The address cut into its parts: at commas, and before each prefix when commas were lost. */
export function segmentsOf(address: string): Segment[] {
  return (
    address
      .normalize('NFC')
      .split(/[,;]|\.\s+/u)
      // Commas lost in the reading: a new part starts at each prefix, unless it follows one.
      .flatMap((part) =>
        part
          .trim()
          .split(PREFIX_START)
          .reduce<string[]>((parts, piece) => {
            const last = parts[parts.length - 1];
            if (last !== undefined && stripPrefix(last).rest === '') parts[parts.length - 1] = `${last} ${piece}`;
            else parts.push(piece);
            return parts;
          }, []),
      )
      .map((part) => stripPrefix(part))
      .map(({ rest, levels }) => ({ text: normalise(rest), levels }))
      .filter((s) => s.text.length >= 2)
  );
}

interface Named extends Place {
  keys: string[];
}

export class PlaceIndex {
  private readonly provinces: Named[];
  private readonly districts: Named[];
  private readonly villages: Named[];

  constructor(rows: { provinces: Place[]; districts: Place[]; villages: Place[] }) {
    const named = (p: Place): Named => ({
      ...p,
      // With and without its own prefix: the village "ເມືອງງາ", the district "ນະຄອນປາກເຊ".
      keys: [
        ...new Set([p.nameLo, p.nameEn].flatMap((n) => [normalise(n), normalise(stripPrefix(n).rest)]).filter(Boolean)),
      ],
    });
    this.provinces = rows.provinces.map(named);
    this.districts = rows.districts.map(named);
    this.villages = rows.villages.map(named);
  }

  /** Best similarity of a place to any part of the address its level may be written in. */
  private scorer(segments: Segment[], level: Level) {
    const usable = segments.filter((s) => !s.levels || s.levels.includes(level));
    return (place: Named) => {
      let best = 0;
      for (const segment of usable) for (const key of place.keys) best = Math.max(best, similarity(segment.text, key));
      return best;
    };
  }

  match(address: string): PlaceMatch {
    const segments = segmentsOf(address);
    const none: PlaceMatch = {
      province_id: null,
      district_id: null,
      village_id: null,
      candidates: { provinces: [], districts: [], villages: [] },
    };
    if (!segments.length) return none;
    const provinceScore = new Map(this.provinces.map((p) => [p.id, this.scorer(segments, 'province')(p)]));
    const districtOwn = this.scorer(segments, 'district');
    // A district's score counts its province too: "ນາໄຊ" is in many districts, the rest decides.
    const districts = this.districts
      .map((d) => {
        const own = districtOwn(d);
        return { place: d, own, total: own + 0.5 * (provinceScore.get(d.parent) ?? 0) };
      })
      .sort((a, b) => b.total - a.total);
    const districtTotal = new Map(districts.map((d) => [d.place.id, d]));
    const villageOwn = this.scorer(segments, 'village');
    const villages = this.villages
      .map((v) => {
        const own = villageOwn(v);
        const district = districtTotal.get(v.parent);
        return { place: v, own, district: district?.own ?? 0, total: own + (district?.total ?? 0) };
      })
      .sort((a, b) => b.total - a.total);
    const provinces = [...this.provinces]
      .map((p) => ({ place: p, own: provinceScore.get(p.id)! }))
      .sort((a, b) => b.own - a.own);

    const CLEAR = 0.8;
    const MARGIN = 0.15;
    const bestDistrict = districts[0];
    const districtClear =
      bestDistrict && bestDistrict.own >= CLEAR && (districts[1]?.total ?? 0) <= bestDistrict.total - MARGIN;
    const bestProvince = provinces[0];
    const provinceClear =
      bestProvince && bestProvince.own >= CLEAR && (provinces[1]?.own ?? 0) <= bestProvince.own - MARGIN;
    const province_id = districtClear ? bestDistrict.place.parent : provinceClear ? bestProvince.place.id : null;
    const district_id =
      districtClear && (!provinceClear || bestProvince.place.id === bestDistrict.place.parent)
        ? bestDistrict.place.id
        : null;
    const bestVillage = villages[0];
    const villageClear =
      district_id !== null &&
      bestVillage &&
      bestVillage.place.parent === district_id &&
      bestVillage.own >= CLEAR &&
      (villages[1]?.total ?? 0) <= bestVillage.total - MARGIN;

    const top = <T extends { place: Named }>(list: T[], score: (t: T) => number, inside?: (t: T) => boolean) =>
      list
        .filter((t) => score(t) >= 0.5 && (!inside || inside(t)))
        .slice(0, 5)
        .map((t) => t.place.id);
    // A chosen place always leads its candidates.
    const lead = (id: number | null, ids: number[]) =>
      id === null ? ids : [id, ...ids.filter((i) => i !== id)].slice(0, 5);
    const chosenDistrict = province_id === null ? null : district_id;
    const chosenVillage = villageClear ? bestVillage.place.id : null;
    return {
      province_id,
      district_id: chosenDistrict,
      village_id: chosenVillage,
      candidates: {
        provinces: lead(
          province_id,
          top(provinces, (p) => p.own),
        ),
        districts: lead(
          chosenDistrict,
          top(
            districts,
            (d) => d.own,
            (d) => province_id === null || d.place.parent === province_id,
          ),
        ),
        villages: lead(
          chosenVillage,
          top(
            villages,
            (v) => v.own,
            (v) => district_id === null || v.place.parent === district_id,
          ),
        ),
      },
    };
  }
}
