import { describe, expect, it } from 'vitest';
import {
  avatarInitial,
  displayIdentity,
  formatAmount,
  formatDateRange,
  formatDateTime,
  formatPhone,
  formatRecordTime,
  isolateLtr,
  isolateText,
} from './format';
import { ROUTES, loginPathFor, safeRedirect } from './routes';

describe('formatAmount', () => {
  it.each([
    ['1234.565', undefined, '1,234.57'],
    ['0.004', undefined, '0.00'],
    ['-0.004', undefined, '0.00'],
    ['999.995', undefined, '1,000.00'],
    ['12', undefined, '12.00'],
    ['0.123456789', 8, '0.12345679'],
    ['9999999999999999.99', undefined, '9,999,999,999,999,999.99'],
    ['abc', undefined, 'abc'],
  ])('rounds half-up on the digits, with two decimals by default: %s (%s places) → %s', (amount, places, shown) => {
    expect(formatAmount(amount, places)).toBe(shown);
  });

  it('keeps the minus of a negative amount when asked', () => {
    expect(formatAmount('-12.345', 2, false)).toBe('-12.35');
  });
});

describe('formatDateTime', () => {
  it('prints year-month-day hours:minutes', () => {
    const ms = new Date(2024, 4, 1, 13, 7, 9).getTime();
    expect(formatDateTime(ms)).toBe('2024-05-01 13:07');
    expect(formatDateTime(ms, true)).toBe('2024-05-01 13:07:09');
    // Every record list (deposits and withdrawals too) shows its records' times to the second.
    expect(formatRecordTime(ms)).toBe('2024-05-01 13:07:09');
    expect(formatDateRange([new Date(2024, 4, 1), new Date(2024, 4, 31)])).toBe('2024-05-01 ~ 2024-05-31');
  });
});

describe('identity display', () => {
  it('prefers e-mail, then the phone with its area code', () => {
    expect(formatPhone('86', '13800138000')).toBe('+86 13800138000');
    expect(displayIdentity({ uid: 7, email: null, areaCode: '86', mobile: '13800138000' })).toBe('+86 13800138000');
    expect(displayIdentity({ uid: 7, email: 'a@b.co', areaCode: null, mobile: null })).toBe('a@b.co');
    expect(displayIdentity({ uid: 7, email: null, areaCode: null, mobile: null })).toBe('UID 7');
  });

  it.each([
    ['ana@b.co', 'A'],
    ['élise@b.co', 'É'],
    ['9lives@b.co', null],
    [null, null],
  ])('an avatar shows the first letter of %s: %s', (email, initial) => {
    expect(avatarInitial({ email })).toBe(initial);
  });
});

describe('redirect after login', () => {
  it.each([
    [ROUTES.settings, ROUTES.settings],
    ['//evil.example', ROUTES.home],
    ['https://evil.example', ROUTES.home],
    [ROUTES.register, ROUTES.home],
    [null, ROUTES.home],
  ])('keeps in-app paths and refuses the rest: %s → %s', (wanted, target) => {
    expect(safeRedirect(wanted)).toBe(target);
  });

  it('brings the user back to the page that sent them to login', () => {
    expect(loginPathFor(ROUTES.settings)).toBe(`${ROUTES.login}?redirect=${encodeURIComponent(ROUTES.settings)}`);
    expect(loginPathFor('/')).toBe(ROUTES.login);
  });
});

describe('isolating text in a sentence', () => {
  it('keeps a figure left to right, and a typed title in its own direction (first strong isolate)', () => {
    expect(isolateLtr('64,621.93')).toBe('\u206664,621.93\u2069');
    expect(isolateText('خطة الصباح')).toBe('\u2068خطة الصباح\u2069');
  });
});
