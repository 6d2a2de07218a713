/** The phone number as the API keeps it (856…) and as the +856 field shows it (2-4-4 digits). */

/** "020 5555 1234" or "20 5555 1234" → "8562055551234" (spec: spaces removed, leading 0 dropped). */
export function toApiPhone(grouped: string): string {
  return `856${grouped.replace(/\s+/g, '').replace(/^0+/, '')}`;
}

/** "8562055551234" → "20 5555 1234" for the +856 field. */
export function toGroupedPhone(apiPhone: string): string {
  const local = apiPhone.replace(/^\+?856/, '').replace(/\D/g, '');
  return groupPhoneDigits(local);
}

/** Auto-grouping as the citizen types: 2-4-4 digits. */
export function groupPhoneDigits(input: string): string {
  const d = input.replace(/\D/g, '').replace(/^0+/, '').slice(0, 10);
  return [d.slice(0, 2), d.slice(2, 6), d.slice(6, 10)].filter(Boolean).join(' ');
}
