/**
 * Decimal strings as the API sends them ("10000.00", "-2500.00", "0.00012345"). The arithmetic is @nexa/rules'
 * (the one decimal, shared with the server: never a JS number, ARCHITECTURE §2 rule 4); this file re-exports the
 * string helpers the screens use and adds what only a form needs: cleaning up what a user types into an amount field.
 */
export { compareDecimal, decimalPlaces, isDecimal, isPositiveAmount, multiplyDecimal, signOf } from '@nexa/rules';

/**
 * What an amount field keeps of what was typed or pasted: digits and one decimal point, at most `maxDecimals`
 * decimals and `maxIntDigits` integer digits, no leading zeros ("007" → "7", ".5" → "0.5").
 *
 * Commas: the app writes numbers as "1,234.56", so commas beside a point, or in whole groups of three ("1,000",
 * "12,500,000"), are thousands separators and go. Any other comma is the decimal key of a keypad in a comma
 * language ("1,5" → "1.5").
 *
 * A whole-number field (`maxDecimals` 0: lots) keeps a fraction as typed, for its check to refuse ("a whole
 * number of lots"): dropping the point made the next digit join the integer, "1.5" typed key by key became 15.
 */
export function sanitizeAmountInput(raw: string, maxDecimals: number, maxIntDigits = 15): string {
  const cleaned = withoutGrouping(raw)
    .replace(/,/g, '.')
    .replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  let int = dot === -1 ? cleaned : cleaned.slice(0, dot);
  let frac = dot === -1 ? null : cleaned.slice(dot + 1).replace(/\./g, '');
  int = int.replace(/^0+(?=\d)/, '').slice(0, maxIntDigits);
  if (frac !== null && int === '') int = '0';
  if (frac !== null) frac = frac.slice(0, maxDecimals > 0 ? maxDecimals : maxIntDigits);
  return frac === null ? int : `${int}.${frac}`;
}

/** `raw` without the commas that group thousands (see sanitizeAmountInput). */
function withoutGrouping(raw: string): string {
  const text = raw.trim();
  if (text.includes('.') || /^\d{1,3}(,\d{3})+$/.test(text)) return text.replace(/,/g, '');
  return text;
}
