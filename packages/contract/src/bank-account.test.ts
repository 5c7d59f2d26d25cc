import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IBAN_LENGTHS, checkBankAccount, ibanChecksumValid, luhnValid, normalizeBankAccount } from './bank-account.js';
import { SaveUserBankBody } from './funding.js';

/** Published example IBANs (national banks' and the registry's), as people type them. */
const VALID_IBANS = [
  'DE89 3704 0044 0532 0130 00',
  'GB29 NWBK 6016 1331 9268 19',
  'FR14 2004 1010 0505 0001 3M02 606',
  'NL91 ABNA 0417 1643 00',
  'BE68 5390 0754 7034',
  'CH93 0076 2011 6238 5295 7',
  'ES91 2100 0418 4502 0005 1332',
  'IT60 X054 2811 1010 0000 0123 456',
  'NO93 8601 1117 947',
  'SA03 8000 0000 6080 1016 7519',
  'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
];

/** Check digits for a country and BBAN (ISO 13616): 98 − (BBAN + country + "00") mod 97. */
function withCheckDigits(country: string, bban: string): string {
  let rest = 0;
  for (const ch of `${bban}${country}00`) {
    const n = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = n >= 10 ? (rest * 100 + n) % 97 : (rest * 10 + n) % 97;
  }
  return `${country}${String(98 - rest).padStart(2, '0')}${bban}`;
}

/** The digit that makes `body` + digit pass Luhn. */
function luhnComplete(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

/** `value` with the digit at `at` replaced by a different digit (`by` 1–9 added mod 10). */
function flipDigit(value: string, at: number, by: number): string {
  const digits = [...value].map((c, i) => (/\d/.test(c) ? i : -1)).filter((i) => i >= 0);
  const i = digits[at % digits.length]!;
  return value.slice(0, i) + String((Number(value[i]) + by) % 10) + value.slice(i + 1);
}

describe('bank account numbers: IBAN (ISO 13616) or card (Luhn)', () => {
  it.each(VALID_IBANS)('accepts the IBAN %s, normalised', (iban) => {
    expect(checkBankAccount(iban)).toEqual({ ok: true, kind: 'iban', value: iban.replace(/ /g, '') });
    expect(checkBankAccount(iban.toLowerCase()).ok).toBe(true);
  });

  it('refuses each kind of mistake with its own reason', () => {
    expect(checkBankAccount('  ')).toEqual({ ok: false, problem: 'required' });
    expect(checkBankAccount('DE89 3704 0044 0532 0130 01')).toEqual({ ok: false, problem: 'ibanChecksum' });
    expect(checkBankAccount('DE89 3704 0044 0532 0130 0')).toEqual({ ok: false, problem: 'ibanLength' });
    expect(checkBankAccount('ZZ89 3704 0044 0532 0130 00')).toEqual({ ok: false, problem: 'ibanCountry' });
    expect(checkBankAccount('6222 02ab 3456')).toEqual({ ok: false, problem: 'characters' });
    expect(checkBankAccount('DE89 3704 0044 0532 0130 0!')).toEqual({ ok: false, problem: 'characters' });
    expect(checkBankAccount('4111 1111 111')).toEqual({ ok: false, problem: 'cardLength' });
    expect(checkBankAccount('4111 1111 1111 1111 1111')).toEqual({ ok: false, problem: 'cardLength' });
    expect(checkBankAccount('4111 1111 1111 1112')).toEqual({ ok: false, problem: 'cardChecksum' });
  });

  it.each([
    ['4111 1111 1111 1111', true],
    ['5555-5555-5555-4444', true],
    ['3782 822463 10005', true],
    ['6011 1111 1111 1117', true],
    ['6222 0212 3456 7894', true],
    ['4000 1234 1234 1234', true],
    ['6222 0212 3456 7890', false],
    ['4111 1111 1111 1121', false],
  ])('Luhn: %s → %s', (card, ok) => {
    expect(luhnValid(normalizeBankAccount(card))).toBe(ok);
    expect(checkBankAccount(card).ok).toBe(ok);
  });

  it('accepts every IBAN built with correct check digits, and refuses it with any one digit changed', () => {
    const countries = Object.keys(IBAN_LENGTHS);
    fc.assert(
      fc.property(
        fc.constantFrom(...countries),
        fc.array(fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), { minLength: 40, maxLength: 40 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (country, chars, at, by) => {
          const bban = chars.slice(0, IBAN_LENGTHS[country]! - 4).join('');
          const iban = withCheckDigits(country, bban);
          expect(checkBankAccount(iban)).toEqual({ ok: true, kind: 'iban', value: iban });
          expect(ibanChecksumValid(flipDigit(iban, at, by))).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('accepts every 12–19 digit number with its Luhn digit, and refuses it with any one digit changed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 18 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (body, at, by) => {
          const card = luhnComplete(body.join(''));
          expect(checkBankAccount(card)).toEqual({ ok: true, kind: 'card', value: card });
          expect(checkBankAccount(flipDigit(card, at, by))).toEqual({ ok: false, problem: 'cardChecksum' });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is the rule of the bind-card call: a valid number is stored normalised, a bad one is refused', () => {
    const body = { bankName: 'Example Bank', userName: 'Erika Mustermann' };
    expect(SaveUserBankBody.parse({ ...body, cardNumber: 'gb29 nwbk 6016 1331 9268 19' }).cardNumber).toBe(
      'GB29NWBK60161331926819',
    );
    expect(SaveUserBankBody.parse({ ...body, cardNumber: '4111-1111-1111-1111' }).cardNumber).toBe('4111111111111111');
    // Letters were silently dropped before: now they are refused, never stripped.
    const typo = SaveUserBankBody.safeParse({ ...body, cardNumber: '4111 1111 1111 111a' });
    expect(typo.error?.issues[0]).toMatchObject({ path: ['cardNumber'], message: 'invalid' });
    const empty = SaveUserBankBody.safeParse({ ...body, cardNumber: '' });
    expect(empty.error?.issues[0]).toMatchObject({ path: ['cardNumber'], message: 'required' });
  });
});
