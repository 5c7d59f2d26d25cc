/**
 * The account a bank withdrawal is paid to: an IBAN (ISO 13616: country, two check digits, the national part;
 * mod-97 checksum, length per country) or a payment card number (12–19 digits, Luhn). Spaces and dashes are
 * allowed while typing and removed. One rule for the web form and the server's schema.
 */

/** IBAN length per country, from the ISO 13616 registry (SWIFT, IBAN Registry release 2024). */
// biome-ignore format: a table reads better in rows
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22,
  CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22,
  GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30,
  KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20,
  MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22,
  RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** Why a typed account number is refused; each has its own sentence in every language. */
export const BANK_ACCOUNT_PROBLEMS = [
  'required',
  'characters',
  'ibanCountry',
  'ibanLength',
  'ibanChecksum',
  'cardLength',
  'cardChecksum',
] as const;
export type BankAccountProblem = (typeof BANK_ACCOUNT_PROBLEMS)[number];

export type BankAccountCheck =
  | { ok: true; kind: 'iban' | 'card'; value: string }
  | { ok: false; problem: BankAccountProblem };

/** An account number as its owner sees it outside their own input (and as support reads it): the last four. */
export const maskBankAccount = (stored: string) => `**** ${stored.slice(-4)}`;

/** Spaces and dashes removed, letters upper-cased: the form an account number is checked and stored in. */
export function normalizeBankAccount(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

/** Luhn (ISO/IEC 7812): every second digit from the right doubled; the sum is a multiple of 10. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** ISO 7064 mod 97-10 over the rearranged IBAN (letters as 10–35): a valid IBAN leaves 1. */
export function ibanChecksumValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const n = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = n >= 10 ? (rest * 100 + n) % 97 : (rest * 10 + n) % 97;
  }
  return rest === 1;
}

/** Checks a typed account number: an IBAN when it starts with letters, a card number when it is all digits. */
export function checkBankAccount(typed: string): BankAccountCheck {
  const value = normalizeBankAccount(typed);
  if (value === '') return { ok: false, problem: 'required' };
  if (/^\d+$/.test(value)) {
    if (value.length < 12 || value.length > 19) return { ok: false, problem: 'cardLength' };
    return luhnValid(value) ? { ok: true, kind: 'card', value } : { ok: false, problem: 'cardChecksum' };
  }
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]*$/.test(value)) return { ok: false, problem: 'characters' };
  const length = IBAN_LENGTHS[value.slice(0, 2)];
  if (length === undefined) return { ok: false, problem: 'ibanCountry' };
  if (value.length !== length) return { ok: false, problem: 'ibanLength' };
  return ibanChecksumValid(value) ? { ok: true, kind: 'iban', value } : { ok: false, problem: 'ibanChecksum' };
}
