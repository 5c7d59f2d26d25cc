import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CODE_SECTIONS, type CodeSection, codeKey } from './codes';

const locale = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../locales/${lang}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const LOCALES = { en: locale('en'), zh: locale('zh') };
const lookup = (tree: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

const cases = Object.entries(CODE_SECTIONS).flatMap(([section, codes]) =>
  codes.map((code) => [section as CodeSection, code] as const),
);

describe('history codes on the user page', () => {
  it.each(cases)('%s %s has a name in English and Chinese', (section, code) => {
    const key = codeKey(section, code);
    expect(key).toBe(`${section}.${code}`);
    for (const [lang, tree] of Object.entries(LOCALES)) {
      expect(lookup(tree, key!), `${lang}: ${key}`).toMatch(/\S/);
    }
    expect(lookup(LOCALES.zh, key!)).not.toBe(lookup(LOCALES.en, key!));
  });

  it('names no code the contract does not list', () => {
    expect(codeKey('changeType', 'something_new')).toBeNull();
    expect(codeKey('changeType', 'toString')).toBeNull();
  });
});
