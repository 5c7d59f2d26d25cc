import { readFileSync } from 'node:fs';
import { FieldReason } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { contentRefusal, productRefusal, reasonKey, textProblem } from './refusals';

const locale = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../locales/${lang}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const LOCALES = { en: locale('en'), zh: locale('zh') };
const lookup = (tree: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
const t = i18n.getFixedT('en');

describe('refused fields', () => {
  it.each(FieldReason)('the reason %s has a name in English and Chinese', (reason) => {
    const key = reasonKey(reason);
    expect(key).toBe(`fieldReason.${reason}`);
    for (const [lang, tree] of Object.entries(LOCALES)) expect(lookup(tree, key), `${lang}: ${key}`).toMatch(/\S/);
    expect(lookup(LOCALES.zh, key)).not.toBe(lookup(LOCALES.en, key));
  });

  it('an unknown reason is the generic refusal', () => {
    expect(reasonKey('toString')).toBe('settings.invalid');
  });

  it('a content text is refused as the server refuses it: raw HTML, a foreign link, a placeholder it does not know', () => {
    expect(textProblem('Hello <script>alert(1)</script>', 'body')).toEqual({ problem: 'html' });
    expect(textProblem('A &lt;b&gt; entity', 'body')).toEqual({ problem: 'html' });
    expect(textProblem('[there](http://example.com)', 'body')).toEqual({ problem: 'link' });
    expect(textProblem('Fee {{withdrawalFeePercent}} % and {{secret}}', 'body')).toEqual({
      problem: 'placeholder',
      names: ['secret'],
    });
    expect(textProblem('x'.repeat(121), 'title')).toEqual({ problem: 'tooLong', max: 120 });
    expect(textProblem('## Fine\n\n**bold** and [ours](#/pages/home) 1 < 2', 'body')).toBeNull();
    expect(contentRefusal(t, 'body.en', 'invalid', { body: { en: '<b>hi</b>' } })).toBe(
      'HTML tags and entities are not allowed: write Markdown, e.g. ## heading, **bold**, - list',
    );
    expect(contentRefusal(t, 'title.de', 'tooLong', { title: { de: 'ok' } })).toBe('Too long');
  });

  it("a product's field is refused with its rule", () => {
    expect(productRefusal(t, 'periods.0.yield', 'invalid')).toBe(
      'Not a valid value: the yield must be above 0 and at most 1 (4 decimals at most)',
    );
    expect(productRefusal(t, 'periods.2.maxStake', 'invalid')).toBe(
      'Must be at least the min stake and at most 1,000,000,000',
    );
    expect(productRefusal(t, 'feeRate', 'required')).toBe('Required');
  });
});
