import { describe, expect, it } from 'vitest';
import { displayIdentity, formatAmount, formatDateTime, formatPhone } from './format';
import { ROUTES, loginPathFor, safeRedirect } from './routes';

describe('formatAmount', () => {
  it('rounds half-up on the digits, with two decimals by default', () => {
    expect(formatAmount('1234.565')).toBe('1,234.57');
    expect(formatAmount('0.004')).toBe('0.00');
    expect(formatAmount('-0.004')).toBe('0.00');
    expect(formatAmount('999.995')).toBe('1,000.00');
    expect(formatAmount('12')).toBe('12.00');
    expect(formatAmount('-12.345', 2, false)).toBe('-12.35');
    expect(formatAmount('0.123456789', 8)).toBe('0.12345679');
    expect(formatAmount('9999999999999999.99')).toBe('9,999,999,999,999,999.99');
    expect(formatAmount('abc')).toBe('abc');
  });
});

describe('formatDateTime', () => {
  it('prints year-month-day hours:minutes', () => {
    const ms = new Date(2024, 4, 1, 13, 7, 9).getTime();
    expect(formatDateTime(ms)).toBe('2024-05-01 13:07');
    expect(formatDateTime(ms, true)).toBe('2024-05-01 13:07:09');
  });
});

describe('identity display', () => {
  it('prefers e-mail, then the phone with its area code', () => {
    expect(formatPhone('86', '13800138000')).toBe('+86 13800138000');
    expect(displayIdentity({ uid: 7, email: null, areaCode: '86', mobile: '13800138000' })).toBe('+86 13800138000');
    expect(displayIdentity({ uid: 7, email: 'a@b.co', areaCode: null, mobile: null })).toBe('a@b.co');
    expect(displayIdentity({ uid: 7, email: null, areaCode: null, mobile: null })).toBe('UID 7');
  });
});

describe('redirect after login', () => {
  it('keeps in-app paths and refuses the rest', () => {
    expect(safeRedirect(ROUTES.settings)).toBe(ROUTES.settings);
    expect(safeRedirect('//evil.example')).toBe(ROUTES.home);
    expect(safeRedirect('https://evil.example')).toBe(ROUTES.home);
    expect(safeRedirect(ROUTES.register)).toBe(ROUTES.home);
    expect(safeRedirect(null)).toBe(ROUTES.home);
    expect(loginPathFor(ROUTES.settings)).toBe(`${ROUTES.login}?redirect=${encodeURIComponent(ROUTES.settings)}`);
    expect(loginPathFor('/')).toBe(ROUTES.login);
  });
});
