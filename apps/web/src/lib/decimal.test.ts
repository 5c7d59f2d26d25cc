import { LANGS, LANG_BCP47 } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  decimalMarkOf,
  decimalPlaces,
  isDecimal,
  isPositiveAmount,
  multiplyDecimal,
  readAmountText,
  sanitizeAmountInput,
  showAmountText,
  signOf,
} from './decimal';
import { formatDecimal, formatSigned } from './format';
import { newRequestId } from './request-id';

describe('decimal strings', () => {
  it.each([
    ['2500', '2500.00', 0],
    ['10000.00', '9999.99', 1],
    ['0.00000001', '0', 1],
    ['-1.5', '-1.49', -1],
    // Beyond a double's precision.
    ['9007199254740993.01', '9007199254740993.00', 1],
  ])('compares on the digits, whatever the scale: %s vs %s is %i', (a, b, order) => {
    expect(compareDecimal(a, b)).toBe(order);
  });

  it('reads the sign, minus zero included', () => {
    expect(signOf('-0.00')).toBe(0);
    expect(signOf('-2500.00')).toBe(-1);
  });

  it.each([
    ['7500.00', '7.1', undefined, '53250.00'],
    ['0.99', '0.92', undefined, '0.91'],
    ['1', '3.6725', 4, '3.6725'],
    ['12', '3', 2, '36.00'],
    ['-1.999', '1', 2, '-1.99'],
    ['x', '1', undefined, null],
  ])('multiplies for display, rounding toward zero: %s × %s (%s places) = %s', (a, b, places, product) => {
    expect(multiplyDecimal(a, b, places)).toBe(product);
  });

  it('knows well-formed input and its decimals', () => {
    expect(isDecimal('12.50')).toBe(true);
    expect(isDecimal('.5')).toBe(false);
    expect(isDecimal('1e3')).toBe(false);
    expect(decimalPlaces('0.00012345')).toBe(8);
    expect(decimalPlaces('12')).toBe(0);
  });

  it.each([
    ['2,500.456', 2, '2500.45'],
    ['1,000', 2, '1000'],
    ['12,500,000', 2, '12500000'],
    ['1,5', 2, '1.5'],
    ['12,75', 2, '12.75'],
    ['1,', 2, '1.'],
    ['1,0000', 2, '1.00'],
    ['2500.456', 2, '2500.45'],
    ['007', 2, '7'],
    ['.5', 8, '0.5'],
    ['1.2.3', 8, '1.23'],
    // Not a number: nothing, never another number (a field refuses such text before it gets here).
    ['1a2b', 2, ''],
    ['1e3', 2, ''],
    ['-5', 2, ''],
    ['12.', 2, '12.'],
    ['12.5', 0, '12.5'],
    ['1.', 0, '1.'],
    ['1,5', 0, '1.5'],
    ['1,000', 0, '1000'],
    ['1234567890123456789', 2, '123456789012345'],
  ])('cleans what is typed into an amount field: %s at %i places → %s', (typed, places, kept) => {
    expect(sanitizeAmountInput(typed, places)).toBe(kept);
  });

  it.each([
    ['1.', 2, '1.'],
    ['1.5', 2, '1.5'],
    ['1000.00', 2, '1000.00'],
    ['0.00012345', 8, '0.00012345'],
    ['1.000', 8, '1.000'],
  ])('keeps a decimal string as it is (what a field reports, Max, a quick amount): %s', (value, places, kept) => {
    expect(sanitizeAmountInput(value, places)).toBe(kept);
  });

  it.each([
    ['2500', true],
    ['0.01', true],
    ['0', false],
    ['0.00', false],
    ['12.', false],
    ['', false],
  ])('accepts only positive amounts for submission: %j → %s', (amount, ok) => {
    expect(isPositiveAmount(amount)).toBe(ok);
  });
});

/**
 * What a controlled amount field (`useAmountInput`, then `sanitizeAmountInput` at `scale`) holds after its text
 * became `text`: text that is not a number is refused and the field keeps `value`.
 */
function change(value: string, text: string, mark: ',' | '.', scale: number): string {
  const read = readAmountText(text, mark);
  return read === null ? value : sanitizeAmountInput(read, scale);
}

/** Types `keys` one at a time into a field in a language writing `mark`, as a controlled input sees them. */
function typeKeys(keys: string, mark: ',' | '.', scale = 8, start = ''): { shown: string; value: string } {
  let value = start;
  for (const key of keys) value = change(value, showAmountText(value, mark) + key, mark, scale);
  return { shown: showAmountText(value, mark), value };
}

/** Pastes `text` at the end of a field holding `value`. */
function paste(value: string, text: string, mark: ',' | '.', scale = 2): string {
  return change(value, showAmountText(value, mark) + text, mark, scale);
}

describe("amount fields in the reader's language", () => {
  it.each(LANGS)("%s: the decimal mark of its readers, as the browser's own number format writes it", (lang) => {
    const written = new Intl.NumberFormat(LANG_BCP47[lang], { numberingSystem: 'latn' })
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value;
    // Arabic and Persian write "٫" with their own digits; with the Latin digits the app shows, a point.
    expect(decimalMarkOf(lang)).toBe(written === ',' ? ',' : '.');
  });

  it('a language the app does not have reads as English', () => {
    expect(decimalMarkOf('xx')).toBe('.');
  });

  it.each([
    // Key by key in a decimal-comma language: the field shows what was typed, the form holds the decimal.
    [',', '1,', '1,', '1.'],
    [',', '1,5', '1,5', '1.5'],
    [',', '0,05', '0,05', '0.05'],
    [',', ',5', '0,5', '0.5'],
    [',', '1,000', '1,000', '1.000'],
    // A phone set to a point region offers only ".": in German it is the decimal mark too, shown as a comma.
    [',', '1.5', '1,5', '1.5'],
    // A second separator after the first changes nothing.
    [',', '1,5,', '1,5', '1.5'],
    [',', '1,5.2', '1,52', '1.52'],
    // Key by key in a decimal-point language: a comma (a comma region's keypad) is the decimal mark, shown as a point.
    ['.', '1,', '1.', '1.'],
    ['.', '1,5', '1.5', '1.5'],
    ['.', '1.5', '1.5', '1.5'],
    ['.', '1,000', '1.000', '1.000'],
    ['.', '1.5,', '1.5', '1.5'],
  ])('mark %s, typed %s key by key: shown %s, the amount %s', (mark, keys, shown, value) => {
    expect(typeKeys(keys, mark as ',' | '.')).toEqual({ shown, value });
  });

  it.each([
    // A letter or a sign typed is refused: the field stays as it was, it does not show another number.
    ['.', '1e', '1'],
    ['.', '-', ''],
    ['.', '-5', '5'],
    [',', '2,5e', '2,5'],
    ['.', '5-', '5'],
    ['.', '+5', '5'],
  ])('mark %s, typed %s key by key: the sign or letter is refused, shown %s', (mark, keys, shown) => {
    expect(typeKeys(keys, mark as ',' | '.').shown).toBe(shown);
  });

  it.each([
    // A pasted "1e3" or "-5" is refused whole: never 13 or 5, the field keeps what it had.
    ['.', '', '1e3', ''],
    ['.', '', '-5', ''],
    ['.', '25', '1e3', '25'],
    [',', '', '\u22125', ''],
    [',', '', '1 234,56 €', ''],
    ['.', '', '-12.5 USDT', ''],
    ['.', '', 'USDT 12.5', ''],
    // A number as its readers write it still goes in.
    [',', '', '1 234,56', '1234.56'],
    ['.', '', '1,234.56', '1234.56'],
    ['.', '', '\u0661\u066c\u0660\u0660\u0660', '1000'],
  ])('mark %s, a field holding %j, %j pasted: holds %j', (mark, value, pasted, held) => {
    expect(paste(value, pasted, mark as ',' | '.')).toBe(held);
  });

  it('a whole-number field (lots) keeps a typed fraction for its check to refuse, in either mark', () => {
    expect(typeKeys('1,5', ',', 0)).toEqual({ shown: '1,5', value: '1.5' });
    expect(typeKeys('1,5', '.', 0)).toEqual({ shown: '1.5', value: '1.5' });
  });

  it.each([
    // Pasted: the language's grouping mark in whole groups of three groups, as its readers mean it.
    [',', '1.000', '1000'],
    ['.', '1,000', '1000'],
    [',', '1,000', '1.000'],
    ['.', '1.000', '1.000'],
    [',', '0.001', '0.001'],
    ['.', '0,001', '0.001'],
    // A separator repeated in groups of three can only group, in any language.
    [',', '12,500,000', '12500000'],
    ['.', '1.000.000', '1000000'],
    // Both: the last is the decimal mark when the other groups thousands before it.
    [',', '1,234.56', '1234.56'],
    ['.', '1,234.56', '1234.56'],
    [',', '1.234,56', '1234.56'],
    ['.', '1.234,56', '1234.56'],
    [',', '12.500.000,5', '12500000.5'],
    // Otherwise the first separator is the decimal mark.
    ['.', '1.2.3', '1.23'],
    [',', '1,2,3', '1.23'],
    [',', '1.234,5,6', '1.23456'],
    // Spaces (French groups with a narrow no-break space) go.
    [',', '1\u202f234,5', '1234.5'],
    [',', '1 234,56', '1234.56'],
    // Signs, letters and symbols are no part of an amount: the text means none.
    [',', '1 234,56 €', null],
    ['.', '-12.5 USDT', null],
    ['.', '1e3', null],
    ['.', '-5', null],
    ['.', '\u22125', null],
    ['.', '+5', null],
    ['.', '\uff0d5', null],
    // Arabic-Indic and Persian digits and the Arabic decimal separator; full-width digits from an input method.
    ['.', '\u0661\u0662\u066b\u0665', '12.5'],
    [',', '\u06f1\u06f2\u066b\u06f5', '12.5'],
    ['.', '\uff11\uff12\uff0e\uff15', '12.5'],
    ['.', '\uff11\uff0c\uff10\uff10\uff10', '1000'],
    ['.', '', ''],
  ])('mark %s reads %j as %s', (mark, text, value) => {
    expect(readAmountText(text, mark as ',' | '.')).toBe(value);
  });

  it("shows a decimal string with the language's mark, and reads back what it shows", () => {
    for (const value of ['', '0', '1.', '1.5', '1000.00', '0.00012345']) {
      for (const mark of [',', '.'] as const) {
        const shown = showAmountText(value, mark);
        expect(shown).toBe(mark === ',' ? value.replace('.', ',') : value);
        expect(readAmountText(shown, mark)).toBe(value);
      }
    }
  });
});

describe('amount display', () => {
  it.each([
    ['10000.00', '10,000.00', '+10,000.00'],
    ['0.00012345', '0.00012345', '+0.00012345'],
    ['12', '12', '+12'],
    ['2500.00', '2,500.00', '+2,500.00'],
    ['-2500.00', '-2,500.00', '-2,500.00'],
    ['0.00', '0.00', '0.00'],
  ])('keeps the server scale and groups thousands: %s → %s, signed %s', (amount, shown, signed) => {
    expect(formatDecimal(amount)).toBe(shown);
    expect(formatSigned(amount)).toBe(signed);
  });
});

describe('request ids', () => {
  it('are 32 characters the API accepts', () => {
    const id = newRequestId();
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(newRequestId()).not.toBe(id);
  });
});
