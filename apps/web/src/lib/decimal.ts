/**
 * Decimal strings as the API sends them ("10000.00", "-2500.00", "0.00012345"). The arithmetic is @nexa/rules'
 * (the one decimal, shared with the server: never a JS number, ARCHITECTURE §2 rule 4); this file re-exports the
 * string helpers the screens use and adds what only a form needs: reading what a user types into an amount field.
 */
export { compareDecimal, decimalPlaces, isDecimal, isPositiveAmount, multiplyDecimal, signOf } from '@nexa/rules';

/** What separates the whole part from the fraction in an amount field: "1.5" or "1,5". */
export type DecimalMark = '.' | ',';

/**
 * The languages whose readers write a decimal comma ("1,5"): German, French, Russian, Spanish, Italian and
 * Portuguese. Every other language of the app writes a decimal point (Arabic and Persian with the Latin digits the
 * app shows). Only amount fields follow this: figures the app writes stay "1,234.56" in every language.
 */
const DECIMAL_COMMA_LANGS: readonly string[] = ['de', 'fr', 'ru', 'sp', 'it', 'pt'];

export function decimalMarkOf(lang: string): DecimalMark {
  return DECIMAL_COMMA_LANGS.includes(lang) ? ',' : '.';
}

/**
 * The amount a field's text means, as a decimal string: digits and at most one point ("1,5" → "1.5"), nothing
 * rounded or cut (that is `sanitizeAmountInput`'s). `mark` is the decimal mark of the interface language.
 *
 * Which separator is the decimal one:
 * - a keypad offers the separator of the phone's region, not of the app's language, so a single "." or "," is the
 *   decimal mark whichever it is ("1," → "1.", "1.5" in German → "1.5");
 * - except the language's grouping mark in whole groups of three, as a reader of the language means it
 *   ("1,000" → "1000" in English, "1.000" → "1000" in German, while German "1,000" is 1.000), and a separator
 *   repeated in whole groups of three, which can only group ("12,500,000", "1.000.000");
 * - with both, the last is the decimal mark when the other groups thousands before it ("1,234.56", "1.234,56");
 * - otherwise the first separator is the decimal mark and later ones are dropped: a second separator typed after
 *   the first changes nothing ("1,5." → "1.5").
 * Arabic-Indic and Persian digits and the Arabic decimal separator "٫" read as what they are; full-width digits and
 * marks (a Chinese or Japanese input method) as their ASCII forms; spaces and the Arabic thousands separator "٬"
 * (grouping) go.
 *
 * Anything else is not part of an amount, and the text means none: null. A letter or a sign dropped would merge
 * what is left into another number ("1e3" into 13, "-5" into 5), so the field refuses the keystroke or the paste
 * and keeps what it had (`useAmountInput`).
 */
export function readAmountText(raw: string, mark: DecimalMark): string | null {
  const normalized = raw
    .normalize('NFKC')
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(/\u066b/g, mark);
  if (/[^\d.,\s\u066c]/.test(normalized)) return null;
  const text = normalized.replace(/[^\d.,]/g, '');
  const last = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  if (last === -1) return text;
  const other = text[last] === '.' ? ',' : '.';
  const whole = text.slice(0, last);
  const fraction = text.slice(last + 1);
  if (fraction !== '' && groupsThousands(whole, other)) return `${whole.replaceAll(other, '')}.${fraction}`;
  for (const separator of ['.', ','] as const) {
    const repeated = text.indexOf(separator) !== text.lastIndexOf(separator);
    if ((separator !== mark || repeated) && groupsThousands(text, separator)) return text.replaceAll(separator, '');
  }
  const first = text.search(/[.,]/);
  return `${text.slice(0, first)}.${text.slice(first + 1).replace(/[.,]/g, '')}`;
}

/** "1,234", "12,500,000": a whole number written in groups of three with `separator`. */
function groupsThousands(text: string, separator: DecimalMark): boolean {
  return (separator === '.' ? /^[1-9]\d{0,2}(\.\d{3})+$/ : /^[1-9]\d{0,2}(,\d{3})+$/).test(text);
}

/** A field's amount (a decimal string, "1." while typing) as the field shows it in a language writing `mark`. */
export function showAmountText(value: string, mark: DecimalMark): string {
  return mark === ',' ? value.replace('.', ',') : value;
}

/**
 * What an amount field keeps of a decimal string (`readAmountText`'s) or of text a decimal-point reader typed or
 * pasted: digits and one decimal point, at most `maxDecimals` decimals and `maxIntDigits` integer digits, no leading
 * zeros ("007" → "7", ".5" → "0.5"). Text that is no amount ("1e3", "-5": `readAmountText`'s null) keeps nothing,
 * never another number; a field never passes it (it refuses the change first).
 *
 * A whole-number field (`maxDecimals` 0: lots) keeps a fraction as typed, for its check to refuse ("a whole
 * number of lots"): dropping the point made the next digit join the integer, "1.5" typed key by key became 15.
 */
export function sanitizeAmountInput(raw: string, maxDecimals: number, maxIntDigits = 15): string {
  const cleaned = readAmountText(raw, '.') ?? '';
  const dot = cleaned.indexOf('.');
  let int = dot === -1 ? cleaned : cleaned.slice(0, dot);
  let frac = dot === -1 ? null : cleaned.slice(dot + 1);
  int = int.replace(/^0+(?=\d)/, '').slice(0, maxIntDigits);
  if (frac !== null && int === '') int = '0';
  if (frac !== null) frac = frac.slice(0, maxDecimals > 0 ? maxDecimals : maxIntDigits);
  return frac === null ? int : `${int}.${frac}`;
}
