import { describe, expect, it } from 'vitest';
import { Body, Title } from './content.js';
import { fillPlaceholders, isSafeHref, markdownProblem, markdownToPlain, parseMarkdown } from './markdown.js';

/** Every string value in a parsed tree: what the app would put on screen (as text) or in an href. */
function strings(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(strings);
  if (node && typeof node === 'object') return Object.values(node).flatMap(strings);
  return [];
}
const hrefs = (src: string) =>
  JSON.stringify(parseMarkdown(src))
    .match(/"href":"[^"]*"/g)
    ?.map((h) => h.slice(8, -1)) ?? [];

describe('the rich-text subset', () => {
  it('parses headings, paragraphs, lists, bold and links', () => {
    const blocks = parseMarkdown(
      '## Deposits\nSend **USDT** to\nthe address.\n\n- one\n- two [fees](#/pages/tabbarPages/home/helpCenter)\n\n1. first\n2. second',
    );
    expect(blocks).toEqual([
      { t: 'heading', level: 2, c: [{ t: 'text', v: 'Deposits' }] },
      {
        t: 'paragraph',
        c: [
          { t: 'text', v: 'Send ' },
          { t: 'strong', c: [{ t: 'text', v: 'USDT' }] },
          { t: 'text', v: ' to the address.' },
        ],
      },
      {
        t: 'list',
        ordered: false,
        items: [
          [{ t: 'text', v: 'one' }],
          [
            { t: 'text', v: 'two ' },
            { t: 'link', href: '#/pages/tabbarPages/home/helpCenter', c: [{ t: 'text', v: 'fees' }] },
          ],
        ],
      },
      { t: 'list', ordered: true, items: [[{ t: 'text', v: 'first' }], [{ t: 'text', v: 'second' }]] },
    ]);
  });

  it('links only to our routes or https', () => {
    expect(isSafeHref('#/pages/tabbarPages/home/noticeDetail?id=12')).toBe(true);
    expect(isSafeHref('https://example.com/a?b=c')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://example.com',
      '//evil.example',
      'vbscript:x',
      'https://evil.example"onmouseover="x',
      '#/pages/x"><img src=x onerror=alert(1)>',
      ' https://example.com',
    ]) {
      expect(isSafeHref(bad), bad).toBe(false);
    }
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'text </p> more',
    '<!-- hidden -->',
    '< svg onload=alert(1)>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '&#60;script&#62;',
    '[click](javascript:alert(1))',
    '[click](data:text/html;base64,PHNjcmlwdD4=)',
    '[click](http://plain.example)',
  ])('refuses %s when saved, and never yields a dangerous href when read', (src) => {
    expect(markdownProblem(src)).not.toBeNull();
    for (const href of hrefs(src)) expect(isSafeHref(href)).toBe(true);
    // Whatever reaches a reader is text: the tree has no node type that could carry markup.
    const types = new Set(JSON.stringify(parseMarkdown(src)).match(/"t":"\w+"/g));
    for (const type of types) expect(['"t":"text"', '"t":"paragraph"', '"t":"heading"', '"t":"list"']).toContain(type);
    expect(strings(parseMarkdown(src)).join('')).toContain(src.includes('](') ? '](' : src.trim().slice(0, 3));
  });

  it('accepts ordinary text with comparison signs and ampersands', () => {
    expect(markdownProblem('Fees < 1% & limits > 10 USDT. R&D')).toBeNull();
    expect(
      markdownProblem('See [the guide](https://example.com/guide) and [help](#/pages/tabbarPages/mine/help).'),
    ).toBeNull();
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(fillPlaceholders('Fee {{withdrawalFeePercent}}% {{ nope }}', { withdrawalFeePercent: '1' })).toBe(
      'Fee 1% {{ nope }}',
    );
  });

  it('gives the plain text for summaries', () => {
    expect(markdownToPlain('## Title\n- **bold** and [link](https://x.example)')).toBe('Title bold and link');
  });
});

describe('translated texts as operators save them', () => {
  const issues = (schema: typeof Body, value: unknown) =>
    schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

  it('needs English, knows the 13 locales and names the bad one', () => {
    expect(issues(Title, { en: 'Hello', zh: '你好', ar: 'مرحبا' })).toEqual([]);
    expect(issues(Title, { zh: '你好' })[0]).toMatch(/^en:/);
    expect(issues(Title, { en: 'Hello', xx: 'Hi' })[0]).toMatch(/^xx:/);
  });

  it('refuses raw HTML, oversized text, foreign links and unknown placeholders in a body', () => {
    expect(issues(Body, { en: 'ok', fr: '<b>gras</b>' })[0]).toMatch(/^fr:/);
    expect(issues(Body, { en: 'x'.repeat(8_001) })[0]).toMatch(/^en:/);
    expect(issues(Body, { en: '[x](javascript:alert(1))' })[0]).toMatch(/^en:/);
    expect(issues(Body, { en: 'Fee {{secretKey}}' })[0]).toMatch(/^en:/);
    expect(issues(Body, { en: 'Fee {{withdrawalFeePercent}}%\n\n- line' })).toEqual([]);
  });
});
