import type { FigureKey, Figures } from '../../contract/office-figures';

/** The figures' names in the CSV, in the language asked for (the screen has its own in the catalogues). */
const LABELS: Record<FigureKey, { en: string; lo: string }> = {
  received: { en: 'Applications received', lo: 'ຄຳຮ້ອງທີ່ໄດ້ຮັບ' },
  paid: { en: 'Applications paid', lo: 'ຄຳຮ້ອງທີ່ຊຳລະເງິນແລ້ວ' },
  decided: { en: 'Decisions', lo: 'ການຕັດສິນ' },
  approved: { en: 'Approved', lo: 'ອະນຸມັດ' },
  rejected: { en: 'Rejected', lo: 'ປະຕິເສດ' },
  within_3_days: { en: 'Decided within 3 working days (share)', lo: 'ຕັດສິນພາຍໃນ 3 ວັນລັດຖະການ (ສ່ວນແບ່ງ)' },
  within_5_days: { en: 'Decided within 5 working days (share)', lo: 'ຕັດສິນພາຍໃນ 5 ວັນລັດຖະການ (ສ່ວນແບ່ງ)' },
  median_days: { en: 'Median working days to a decision', lo: 'ຄ່າກາງຂອງວັນລັດຖະການຈົນເຖິງການຕັດສິນ' },
  overdue_now: { en: 'Overdue now', lo: 'ກາຍກຳນົດໃນປັດຈຸບັນ' },
  at_risk_now: { en: 'At risk now', lo: 'ມີຄວາມສ່ຽງໃນປັດຈຸບັນ' },
  officer_minutes: { en: 'Average minutes of an officer per decision', lo: 'ນາທີສະເລ່ຍຂອງເຈົ້າໜ້າທີ່ຕໍ່ການຕັດສິນ' },
  no_shows: { en: 'Pick-up no-shows', lo: 'ບໍ່ມາຮັບຕາມນັດ' },
  completion_rate: { en: 'Applications created that got paid (share)', lo: 'ຄຳຮ້ອງທີ່ສ້າງແລ້ວ ແລະ ຊຳລະເງິນ (ສ່ວນແບ່ງ)' },
  digital_take_up: { en: 'Downloads against pick-ups (share downloaded)', lo: 'ດາວໂຫຼດທຽບກັບມາຮັບ (ສ່ວນແບ່ງດາວໂຫຼດ)' },
  satisfaction: { en: 'Satisfaction (1 to 5)', lo: 'ຄວາມພໍໃຈ (1 ຫາ 5)' },
};

const cell = (v: string | number | null) => {
  if (v === null) return '';
  const s = String(v);
  // A cell a spreadsheet would run as a formula is written as text.
  const safe = /^[=+\-@]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const line = (cells: (string | number | null)[]) => cells.map(cell).join(',');
const round = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);

/** The figures as CSV: one line per figure (total, then each bucket), then the reasons and the places. */
export function figuresCsv(f: Figures, lang: 'en' | 'lo'): string {
  const lo = lang === 'lo';
  const starts = f.figures.find((x) => x.series.length)?.series.map((p) => p.start) ?? [];
  const out = [
    line([
      lo ? 'ຂອບເຂດ' : 'Scope',
      lo ? f.scope.name_lo : f.scope.name_en,
      lo ? 'ແຕ່' : 'From',
      f.from,
      lo ? 'ເຖິງ' : 'To',
      f.to,
    ]),
    line(['key', lo ? 'ຕົວເລກ' : 'Figure', lo ? 'ລວມ' : 'Total', ...starts]),
  ];
  for (const x of f.figures) {
    const byStart = new Map(x.series.map((p) => [p.start, p.value]));
    out.push(line([x.key, LABELS[x.key][lang], round(x.value), ...starts.map((s) => round(byStart.get(s) ?? null))]));
  }
  out.push('', line(['reason', lo ? 'ເຫດຜົນການປະຕິເສດ' : 'Rejection reason', lo ? 'ຈຳນວນ' : 'Count']));
  for (const r of f.reasons) out.push(line([r.code, lo ? r.text_lo : r.text_en, r.count]));
  out.push('', line(['place', lo ? 'ສະຖານທີ່' : 'Place', lo ? 'ກາຍກຳນົດ' : 'Overdue', lo ? 'ມີຄວາມສ່ຽງ' : 'At risk']));
  for (const a of f.areas) out.push(line([a.scope, lo ? a.name_lo : a.name_en, a.overdue, a.at_risk]));
  // A byte-order mark, so a spreadsheet opens the Lao as UTF-8.
  return `\uFEFF${out.join('\r\n')}\r\n`;
}
