import { readFileSync } from 'node:fs';
import { CHANGE_TYPES } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import { changeTypeKey } from './use-change-type-name';

// Every locale has exactly English's keys (i18n/locales.test.ts), so English naming a type names it everywhere.
const en = JSON.parse(readFileSync(new URL('../../../i18n/locales/en.json', import.meta.url), 'utf8')) as {
  changeTypes: Record<string, string>;
};

describe('change type names', () => {
  it.each(CHANGE_TYPES)('%s has a key with an English name', (type) => {
    const key = changeTypeKey(type);
    expect(key).toBe(`changeTypes.${type}`);
    expect(en.changeTypes[type]).toMatch(/\S/);
  });

  it('has no key for a type the contract does not list', () => {
    expect(changeTypeKey('something_new')).toBeNull();
    expect(changeTypeKey('toString')).toBeNull();
  });
});
