/** Dates typed day/month/year, as printed on a Lao ID card, and the ISO dates the forms hold. */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "1988-03-14" → "14/03/1988"; anything else unchanged. */
export function toDayMonthYear(value: string): string {
  const iso = ISO.exec(value);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
}

/**
 * What was typed → the text to show, slashes put in as the digits come, and the form's value:
 * ISO once all 8 digits are there, the text itself before (the form's rule then explains).
 */
export function fromTyped(typed: string): { text: string; value: string } {
  const trimmed = typed.trim();
  if (ISO.test(trimmed)) return { text: toDayMonthYear(trimmed), value: trimmed }; // pasted or autofilled ISO
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  const text = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
  return { text, value: digits.length === 8 ? `${digits.slice(4)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}` : text };
}
