/**
 * Virtual-account numbers: the bank's three-digit prefix, the application id on ten digits and a
 * Luhn check digit — 14 digits, unique per application (the id is), and a mistyped digit or two
 * swapped neighbours at the ATM is caught before money moves.
 */
export const VA_ID_DIGITS = 10;

export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right, every second digit of the payload (the first one included) is doubled.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidLuhn(number: string): boolean {
  return /^\d{2,}$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === Number(number.at(-1));
}

export function virtualAccountNumber(bankPrefix: string, applicationId: number): string {
  if (!/^\d{3}$/.test(bankPrefix)) throw new Error(`bank VA prefix must be 3 digits, got ${bankPrefix}`);
  if (!Number.isInteger(applicationId) || applicationId < 1 || String(applicationId).length > VA_ID_DIGITS)
    throw new Error(`bad application id ${applicationId}`);
  const payload = `${bankPrefix}${String(applicationId).padStart(VA_ID_DIGITS, '0')}`;
  return `${payload}${luhnCheckDigit(payload)}`;
}
