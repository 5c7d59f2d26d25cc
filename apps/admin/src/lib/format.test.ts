import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { age, amount } from './format';

afterEach(() => i18n.changeLanguage('en'));

describe('amount', () => {
  it.each([
    ['1000', '1,000'],
    ['1250.50', '1,250.5'],
    ['1000000.000000', '1,000,000'],
    ['-99999.5', '-99,999.5'],
    ['999', '999'],
    ['0.00012300', '0.000123'],
    ['12.', '12'],
    ['100', '100'],
  ])('%s reads %s', (v, shown) => expect(amount(v)).toBe(shown));

  it('leaves what is not a plain decimal as stored', () => {
    expect(amount('1e5')).toBe('1e5');
    expect(amount('')).toBe('');
  });
});

describe('age', () => {
  const now = 1_700_000_000_000;
  it('names its unit in English', () => {
    expect(age(now - 30_000, now)).toBe('30s');
    expect(age(now - 11 * 60_000, now)).toBe('11m');
    expect(age(now - 5 * 3_600_000, now)).toBe('5h');
    expect(age(now - 3 * 86_400_000, now)).toBe('3d');
    expect(age(null, now)).toBe('—');
  });

  it('names its unit in Chinese in the Chinese console', async () => {
    await i18n.changeLanguage('zh');
    expect(age(now - 30_000, now)).toBe('30 秒');
    expect(age(now - 11 * 60_000, now)).toBe('11 分钟');
    expect(age(now - 5 * 3_600_000, now)).toBe('5 小时');
    expect(age(now - 3 * 86_400_000, now)).toBe('3 天');
  });
});
