import { describe, expect, it } from 'vitest';
import {
  checkAddress,
  checkAddressLabel,
  checkCardNumber,
  checkDepositAmount,
  checkImageFile,
  checkPasswordForm,
  checkWithdrawalAmount,
  checkWithdrawalPassword,
  missingPrerequisites,
} from './model';

describe('form checks', () => {
  it.each([
    ['', '10', 'rechargeAmount'],
    ['0', '10', 'amountPositive'],
    ['9.99', '10', 'belowMin'],
    ['10', '10', null],
    ['5', undefined, null],
  ])('deposit amount %j with the minimum %j: %s', (amount, min, problem) => {
    expect(checkDepositAmount(amount, min)).toBe(problem);
  });

  it('withdrawal amount: entered, positive, amount + fee within the balance when known', () => {
    expect(checkWithdrawalAmount('', '100', '1', 2)).toBe('withdrawalAmount');
    expect(checkWithdrawalAmount('0.00', '100', '1', 2)).toBe('amountPositive');
    expect(checkWithdrawalAmount('100', '100', '1', 2)).toBe('insufficient');
    expect(checkWithdrawalAmount('99', '100', '1', 2)).toBeNull();
    // Demo mode: the real balance is unknown, the server checks it.
    expect(checkWithdrawalAmount('1000000', undefined, '1', 2)).toBeNull();
  });

  it('withdrawal amount of a stablecoin: within the USD limits; other currencies are left to the server', () => {
    const usd = { minUsd: '10', maxUsd: '50000' };
    expect(checkWithdrawalAmount('9.99', '100', '1', 2, { ...usd, stable: true })).toBe('belowMinUsd');
    expect(checkWithdrawalAmount('10', '100', '1', 2, { ...usd, stable: true })).toBeNull();
    expect(checkWithdrawalAmount('50000.01', '100000', '1', 2, { ...usd, stable: true })).toBe('aboveMaxUsd');
    expect(checkWithdrawalAmount('0.0001', '1', '1', 8, { ...usd, stable: false })).toBeNull();
  });

  it.each([
    ['', 'withdrawalPassword'],
    ['12345', 'passwordSixDigits'],
    ['12345a', 'passwordSixDigits'],
    ['123456', null],
  ])('withdrawal password %j (six digits): %s', (password, problem) => {
    expect(checkWithdrawalPassword(password)).toBe(problem);
  });

  it('setting the password: six digits twice, the old one when changing it', () => {
    expect(checkPasswordForm({ oldPassword: '', password: '', password2: '' }, false)).toEqual({
      password: 'newPassword',
      password2: 'password2',
    });
    expect(checkPasswordForm({ oldPassword: '', password: '123456', password2: '123457' }, false)).toEqual({
      password2: 'passwordMismatch',
    });
    expect(checkPasswordForm({ oldPassword: '', password: '123456', password2: '123456' }, true)).toEqual({
      oldPassword: 'oldPassword',
    });
    expect(checkPasswordForm({ oldPassword: '', password: '1234', password2: '1234' }, false)).toEqual({
      password: 'passwordSixDigits',
    });
    expect(checkPasswordForm({ oldPassword: '111111', password: '123456', password2: '123456' }, true)).toEqual({});
  });

  it.each([
    ['TRC20', '', 'address'],
    ['TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', null],
    ['TRC20', '0x52908400098527886E0F7030069857D2E4169EE7', 'addressInvalid'],
    ['ERC20', '0x52908400098527886E0F7030069857D2E4169EE7', null],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', null],
    ['BTC', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'addressInvalid'],
  ] as const)('a %s address follows its chain format: %j → %s', (chain, address, problem) => {
    expect(checkAddress(chain, address)).toBe(problem);
  });

  it.each([
    ['', 'cardNumber'],
    ['1234 5678', 'cardLength'],
    ['4111-1111-1111-1111', null],
    ['1234567', 'cardLength'],
    ['4111 1111 1111 1112', 'cardChecksum'],
    ['1234abcd5678', 'bankAccountCharacters'],
    ['XX12 3456 7890', 'ibanCountry'],
    ['DE89 3704 0044 0532 0130', 'ibanLength'],
    ['DE88 3704 0044 0532 0130 00', 'ibanChecksum'],
    ['4111 1111 1111 1111', null],
    ['de89 3704 0044 0532 0130 00', null],
  ])('card number or IBAN %j (Luhn or mod 97, spaces and dashes allowed while typing): %s', (card, problem) => {
    expect(checkCardNumber(card)).toBe(problem);
  });

  it('screenshots: images the server takes, at most 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1024 })).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('fileSize');
    expect(checkImageFile({ type: 'application/pdf', size: 1024 })).toBe('fileType');
  });
});

describe('address whitelist', () => {
  it.each([
    ['', 'label'],
    ['   ', 'label'],
    ['a'.repeat(31), 'labelTooLong'],
    ['Cold\u0000wallet', 'labelInvalid'],
    ['a'.repeat(30), null],
    [' Ledger ', null],
  ])('label %j: %s', (label, problem) => {
    expect(checkAddressLabel(label)).toBe(problem);
  });

  it('an address still in its waiting time is a prerequisite, said once the address is bound', () => {
    const p = { identityVerified: true, hasWithdrawalPassword: true, bankBound: true, boundChains: ['TRC20' as const] };
    const now = 1_800_000_000_000;
    expect(missingPrerequisites(p, 'crypto', 'TRC20', now + 1, now)).toEqual(['addressPending']);
    expect(missingPrerequisites(p, 'crypto', 'TRC20', now, now)).toEqual([]);
    expect(missingPrerequisites(p, 'crypto', 'ERC20', now + 1, now)).toEqual(['address']);
    expect(missingPrerequisites(p, 'bank', 'TRC20', now + 1, now)).toEqual([]);
  });
});
