import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The three text colours of each theme against every background a text sits on, at WCAG AA for normal text
 * (4.5:1). Lighthouse flagged the third level (list headings, "/USDT", "Vol", idle tabs) at 3.3:1 in dark and 2.5:1
 * in light.
 */
const css = readFileSync(new URL('./global.css', import.meta.url), 'utf8');

function palette(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--app-([\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1]!, m[2]!]));
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** `share` of `over` laid on `under` (CSS `color-mix(in srgb, over share, under)`), rounded as a browser does. */
function mix(over: string, under: string, share: number): string {
  return `#${[1, 3, 5]
    .map((i) => {
      const [o, u] = [over, under].map((c) => Number.parseInt(c.slice(i, i + 2), 16));
      return Math.round(o! * share + u! * (1 - share))
        .toString(16)
        .padStart(2, '0');
    })
    .join('')}`;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const TEXTS = ['text', 'text-2', 'text-3'];
/** Colours that are also text: PnL and changes, warnings, links and active tabs. */
const SIGNALS = ['up', 'down', 'warning', 'accent'];
/** Fills that carry text, and the text they carry. */
const FILLS: readonly [fill: string, text: string | '#ffffff'][] = [
  ['up-fill', '#ffffff'],
  ['down-fill', '#ffffff'],
  ['accent', 'on-accent'],
];
const BACKGROUNDS = ['bg', 'bg-elevated', 'surface', 'surface-2'];

describe('theme text contrast', () => {
  it('computes WCAG ratios (black on white 21:1, a colour on itself 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#5f6b7e', '#5f6b7e')).toBe(1);
    expect(contrast('#5f6b7e', '#131823')).toBeCloseTo(3.29, 2);
  });

  for (const [theme, selector] of [
    ['dark', ':root[data-theme="dark"]'],
    ['light', ':root[data-theme="light"]'],
  ] as const) {
    it(`${theme}: every text level reads at 4.5:1 or more on every background`, () => {
      const p = palette(selector);
      const short = TEXTS.flatMap((text) =>
        BACKGROUNDS.map((bg) => {
          expect(p[text], `--app-${text}`).toMatch(/^#/);
          expect(p[bg], `--app-${bg}`).toMatch(/^#/);
          return { pair: `${text} on ${bg}`, ratio: Math.round(contrast(p[text]!, p[bg]!) * 100) / 100 };
        }),
      ).filter((x) => x.ratio < 4.5);
      expect(short).toEqual([]);
    });

    it(`${theme}: coloured text reads at 4.5:1 on every background and on its own 14 % tint`, () => {
      const p = palette(selector);
      const short = SIGNALS.flatMap((signal) => {
        const c = p[signal];
        expect(c, `--app-${signal}`).toMatch(/^#/);
        return [
          ...BACKGROUNDS.map((bg) => ({ pair: `${signal} on ${bg}`, ratio: contrast(c!, p[bg]!) })),
          // Badges and tinted rows: the colour's text on a 14 % wash of itself over the page, a card or a field.
          ...BACKGROUNDS.slice(0, 3).map((bg) => ({
            pair: `${signal} on its tint over ${bg}`,
            ratio: contrast(c!, mix(c!, p[bg]!, 0.14)),
          })),
        ];
      })
        .map((x) => ({ ...x, ratio: Math.round(x.ratio * 100) / 100 }))
        .filter((x) => x.ratio < 4.5);
      expect(short).toEqual([]);
    });

    it(`${theme}: the text on a change pill, a buy or sell button and an accent button reads at 4.5:1`, () => {
      const p = palette(selector);
      const short = FILLS.map(([fill, text]) => {
        const on = text.startsWith('#') ? text : p[text];
        expect(p[fill], `--app-${fill}`).toMatch(/^#/);
        expect(on, text).toMatch(/^#/);
        return { pair: `${text} on ${fill}`, ratio: Math.round(contrast(on!, p[fill]!) * 100) / 100 };
      }).filter((x) => x.ratio < 4.5);
      expect(short).toEqual([]);
    });
  }

  it('the change pills and the buy and sell buttons are filled with the -fill tokens (their text is white)', () => {
    const files = ['../components/market/market.css', '../components/ui/patterns.css'].map((f) =>
      readFileSync(new URL(f, import.meta.url), 'utf8'),
    );
    const all = files.join('\n');
    for (const rule of [
      /\.change-pill--up \{\s*background: var\(--app-up-fill\)/,
      /\.change-pill--down \{\s*background: var\(--app-down-fill\)/,
      /\.perp-button--long \{\s*background: var\(--app-up-fill\)/,
      /\.perp-button--short \{\s*background: var\(--app-down-fill\)/,
    ]) {
      expect(all).toMatch(rule);
    }
    // No text sits on the plain signal colour as a fill.
    expect(all).not.toMatch(
      /background(-color)?: var\(--app-(up|down)\);\s*(--border-color[^;]*;\s*)?(--text-)?color: #fff/,
    );
  });

  it('keeps the three levels apart: each is weaker than the one above on the page background', () => {
    for (const selector of [':root[data-theme="dark"]', ':root[data-theme="light"]']) {
      const p = palette(selector);
      expect(contrast(p.text!, p.bg!)).toBeGreaterThan(contrast(p['text-2']!, p.bg!) + 1);
      expect(contrast(p['text-2']!, p.bg!)).toBeGreaterThan(contrast(p['text-3']!, p.bg!) + 0.4);
    }
  });
});
