/**
 * Decimal strings as the API sends them ("10000.00", "-2500.00", "0.00012345"). The arithmetic is @nexa/rules'
 * (the one decimal, shared with the server: never a JS number, ARCHITECTURE §2 rule 4); this file re-exports the
 * string helpers the screens use and adds what only a form needs: cleaning up what a user types into an amount field.
 */
export { compareDecimal, decimalPlaces, isDecimal, isPositiveAmount, multiplyDecimal, signOf } from '@nexa/rules';

/**
 * What an amount field keeps of what was typed or pasted: digits and one decimal point (a comma counts as one),
 * at most `maxDecimals` decimals and `maxIntDigits` integer digits, no leading zeros ("007" → "7", ".5" → "0.5").
 */
export function sanitizeAmountInput(raw: string, maxDecimals: number, maxIntDigits = 15): string {
  const cleaned = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  let int = dot === -1 ? cleaned : cleaned.slice(0, dot);
  let frac = dot === -1 ? null : cleaned.slice(dot + 1).replace(/\./g, '');
  int = int.replace(/^0+(?=\d)/, '').slice(0, maxIntDigits);
  if (frac !== null && int === '') int = '0';
  if (maxDecimals <= 0) frac = null;
  else if (frac !== null) frac = frac.slice(0, maxDecimals);
  return frac === null ? int : `${int}.${frac}`;
}
