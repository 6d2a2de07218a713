import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { banks } from '../schema';

/**
 * The main Lao commercial banks that take virtual-account transfers. Logos are neutral monograms
 * drawn by the API (no trademark artwork). va_prefix opens every VA number issued for that bank.
 */
export const BANKS = [
  {
    code: 'BCEL',
    vaPrefix: '101',
    nameEn: 'Banque Pour Le Commerce Exterieur Lao (BCEL)',
    nameLo: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ (ບີຊີອີແອລ)',
  },
  { code: 'LDB', vaPrefix: '102', nameEn: 'Lao Development Bank (LDB)', nameLo: 'ທະນາຄານພັດທະນາລາວ' },
  { code: 'APB', vaPrefix: '103', nameEn: 'Agricultural Promotion Bank (APB)', nameLo: 'ທະນາຄານສົ່ງເສີມກະສິກຳ' },
  { code: 'JDB', vaPrefix: '104', nameEn: 'Joint Development Bank (JDB)', nameLo: 'ທະນາຄານຮ່ວມພັດທະນາ' },
  { code: 'LVB', vaPrefix: '105', nameEn: 'Lao-Viet Bank (LVB)', nameLo: 'ທະນາຄານຮ່ວມທຸລະກິດລາວ-ຫວຽດ' },
  { code: 'IB', vaPrefix: '106', nameEn: 'Indochina Bank', nameLo: 'ທະນາຄານອິນດົດຈີນ' },
  { code: 'STB', vaPrefix: '107', nameEn: 'ST Bank', nameLo: 'ທະນາຄານ ເອັສທີ' },
  { code: 'BFL', vaPrefix: '108', nameEn: 'Banque Franco-Lao (BFL)', nameLo: 'ທະນາຄານ ລາວ-ຝຣັ່ງ' },
  { code: 'PSVB', vaPrefix: '109', nameEn: 'Phongsavanh Bank', nameLo: 'ທະນາຄານ ພົ້ງສະຫວັນ' },
  { code: 'MJBL', vaPrefix: '110', nameEn: 'Maruhan Japan Bank Lao', nameLo: 'ທະນາຄານ ມາຣູຮັນເຈແປນລາວ' },
] as const;

/** Upserted on every start so a corrected name reaches existing installations; ids stay stable. */
export async function seedBanks(db: Db): Promise<void> {
  await db
    .insert(banks)
    .values(BANKS.map((b, i) => ({ ...b, sort: i })))
    .onConflictDoUpdate({
      target: banks.code,
      set: {
        nameEn: sql`excluded.name_en`,
        nameLo: sql`excluded.name_lo`,
        vaPrefix: sql`excluded.va_prefix`,
        sort: sql`excluded.sort`,
      },
    });
}

const PALETTE = [
  '#1d4e89',
  '#0f6b5c',
  '#7a3e9d',
  '#9c4221',
  '#2f5d8a',
  '#5b6b2f',
  '#8a2f4f',
  '#2d6a8a',
  '#6b4f1d',
  '#3c4f8a',
];

/** A neutral monogram: the bank's code on a coloured rounded square. */
export function bankMonogramSvg(code: string, index: number): string {
  const text = code.slice(0, 4).replace(/[^A-Z]/g, '');
  const size = text.length > 3 ? 15 : text.length > 2 ? 18 : 22;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${text}"><rect width="64" height="64" rx="14" fill="${PALETTE[index % PALETTE.length]}"/><text x="32" y="38" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" fill="#fff" text-anchor="middle">${text}</text></svg>`;
}
