import { readFileSync } from 'node:fs';
import { LANGS } from '@nexa/contract';
import { base } from 'antd-mobile/es/locales/base';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function load(lang: string): Tree {
  return JSON.parse(readFileSync(new URL(`./locales/${lang}.json`, import.meta.url), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const en = flatten(load('en'));

describe('locale files', () => {
  it.each(LANGS)('%s has exactly the English keys, each non-empty, with the same placeholders', (lang) => {
    const messages = flatten(load(lang));
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(messages)) {
      expect(text.trim(), `${lang}:${key}`).not.toBe('');
      expect(placeholders(text), `${lang}:${key}`).toEqual(placeholders(en[key] ?? ''));
    }
  });

  it('is actually translated: no non-English locale copies most of the English texts', () => {
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      const messages = flatten(load(lang));
      const same = Object.keys(en).filter(
        (k) => messages[k] === en[k] && !/^(Nexa|UID|E-mail|Version|OKX|Telegram|WhatsApp)$/.test(en[k] ?? ''),
      );
      expect(same.length, `${lang} repeats English in: ${same.join(', ')}`).toBeLessThan(8);
    }
  });

  it.each(LANGS)('%s has one pack: its texts and an antd-mobile pack of the same language', async (lang) => {
    const pack = (await import(`./packs/${lang}.ts`)) as { messages: Tree; antd: { locale: string } };
    expect(pack.messages).toEqual(load(lang));
    // antd-mobile's tag (zh-CN, fa-IR, pt-BR…) starts with the language's own ISO code.
    const iso: Record<string, string> = { hk: 'zh', kr: 'ko', jp: 'ja', sp: 'es', pe: 'fa' };
    expect(pack.antd.locale.slice(0, 2)).toBe(iso[lang] ?? lang);
  });

  it.each(LANGS.filter((l) => l !== 'en'))(
    '%s: antd-mobile shows none of its texts in English (what its own pack leaves out is filled in)',
    async (lang) => {
      const pack = (await import(`./packs/${lang}.ts`)) as { antd: Tree };
      const ours = flatten(pack.antd);
      // The same word in both languages, and a format with no words.
      const sameWord = /^(OK|Optional)$/;
      const english = Object.entries(flatten(base as unknown as Tree)).filter(
        ([key, text]) => key !== 'locale' && key !== 'Calendar.yearAndMonth' && !sameWord.test(text),
      );
      expect(english.filter(([key, text]) => ours[key] === text).map(([key]) => key)).toEqual([]);
    },
  );

  // Two features side by side on the assets screen and the home actions: the same word for both (Arabic had
  // "تحويل" for each) leaves a user unable to tell which page a button opens.
  it.each(LANGS)('%s names moving money between wallets and converting currencies differently', (lang) => {
    const m = flatten(load(lang));
    for (const [transfer, convert] of [
      ['transfer.title', 'convert.title'],
      ['assets.actions.transfer', 'home.actions.convert'],
      ['transfer.title', 'convert.submit'],
      ['transferRecord.title', 'convert.record.title'],
      ['changeTypes.transfer_out', 'changeTypes.convert_out'],
    ] as const) {
      expect(m[convert], `${lang}: ${transfer} / ${convert}`).not.toBe(m[transfer]);
    }
  });

  // Spec §3: records are identified by their order number. The delivery order's detail shows its number under a
  // label (and key) that says so in every language, not "ID" in some and "order number" in others.
  it.each([
    ['zh', '订单号'],
    ['en', 'Order number'],
    ['hk', '訂單號'],
    ['de', 'Ordernummer'],
    ['fr', 'N° d’ordre'],
    ['kr', '주문 번호'],
    ['jp', '注文番号'],
    ['ar', 'رقم الأمر'],
    ['ru', 'Номер ордера'],
    ['sp', 'N.º de orden'],
    ['it', 'N. ordine'],
    ['pt', 'N.º da ordem'],
    ['pe', 'شمارهٔ سفارش'],
  ])("%s labels a delivery order's number as its order number", (lang, text) => {
    const m = flatten(load(lang));
    expect(m['delivery.orderNo']).toBe(text);
    expect(m['delivery.orderId']).toBeUndefined();
  });

  it('keeps the spec §8 transport messages in English word for word', () => {
    expect(en['errors.timeout']).toBe('Request timed out, please try again later');
    expect(en['errors.network']).toBe('Network error, please check your connection');
    expect(en['validation.passwordMismatch']).toBe('The passwords do not match');
  });
});
