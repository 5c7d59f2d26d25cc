import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RejectBody } from './admin.js';
import { freeText, hasControlChars } from './common.js';
import { SaveUserBankBody } from './funding.js';
import { SubmitVerificationBody } from './kyc.js';

const controlChar = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((c) => String.fromCharCode(c));
const printable = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((v) => !hasControlChars(v));

describe('freeText, the one schema of every free-text field', () => {
  it('refuses a control character inside the text, and keeps printable text of any script', () => {
    const schema = freeText(100);
    fc.assert(
      fc.property(printable, controlChar, printable, (before, c, after) => {
        // Trimming removes leading and trailing white space (tab, line feed) before the check: put it inside.
        expect(schema.safeParse(`x${before}${c}${after}y`).success).toBe(false);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(printable, (v) => {
        const r = schema.safeParse(v);
        expect(r.success).toBe(v.trim().length <= 100);
        if (r.success) expect(r.data).toBe(v.trim());
      }),
      { numRuns: 500 },
    );
  });

  it('allows line feeds and tabs only in multi-line text', () => {
    expect(freeText(50).safeParse('line one\nline two').success).toBe(false);
    expect(freeText(50, { multiline: true }).safeParse('line one\n\tline two').success).toBe(true);
    expect(freeText(50, { multiline: true }).safeParse('nul\u0000').success).toBe(false);
  });

  it('guards the fields that reached the database before', () => {
    const bank = { bankName: 'Bank\u0000', cardNumber: '6222020200112233', userName: 'Li Lei' };
    expect(SaveUserBankBody.safeParse(bank).error?.issues[0]?.path).toEqual(['bankName']);
    const kyc = { level: 'basic', country: 'CN', name: 'Li\u0000Lei', idNumber: 'A1234567' };
    expect(SubmitVerificationBody.safeParse(kyc).error?.issues[0]?.path).toEqual(['name']);
    expect(RejectBody.safeParse({ id: '1', reason: 'blurry\u0000' }).error?.issues[0]?.path).toEqual(['reason']);
  });
});
