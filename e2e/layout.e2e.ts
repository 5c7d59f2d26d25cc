import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { LANGS, LANG_BCP47 } from '@nexa/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CONTEXT, serverAndBrowser, shot } from './browser.js';
import { type Prefs, type Session, appSession } from './session.js';

// Small phones, sticky bars and names in the reader's language (issue 11 §4).
const ctx = serverAndBrowser();
const { api, registerUser, demoTrader, openSignedIn } = appSession(() => ctx.server);

const ROUTE = {
  futures: '/pages/tabbarPages/futures/index',
  perpetual: '/pages/tabbarPages/perpetual/index',
  changes: '/pages/tabbarPages/mine/changeRecord',
  convert: '/pages/tabbarPages/mine/spotGoods',
  about: '/pages/tabbarPages/mine/about',
  share: '/pages/tabbarPages/mine/share',
  shareRules: '/pages/tabbarPages/mine/shareRules',
  security: '/pages/tabbarPages/mine/security',
  twoFactor: '/pages/tabbarPages/mine/security/twoFactor',
  verification: '/pages/tabbarPages/home/verification',
  copySettings: '/pages/tabbarPages/futures/copySettings',
  markets: '/pages/tabbarPages/markets/index',
} as const;

/** The first control of each order form: it must be on the first screen, above the tab bar. */
const TRADE_PAGES = [
  { name: 'futures', route: ROUTE.futures, testId: 'delivery-page', firstControl: '[data-testid^="futures-period-"]' },
  { name: 'perpetual', route: ROUTE.perpetual, testId: 'perpetual-page', firstControl: '[data-testid^="perp-type-"]' },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function phoneOf(browser: Browser, width: number, height: number) {
  return browser.newContext({ ...PHONE_CONTEXT, viewport: { width, height } });
}

const boxesOf = (page: Page, selector: string): Promise<Box[]> =>
  page.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );

async function openTradePage(page: Page, session: Session, trade: (typeof TRADE_PAGES)[number], prefs: Prefs) {
  await openSignedIn(page, session, trade.route, { ...prefs, productType1: 'BTCUSDT', productType2: 'BTCUSDT' });
  await page.getByTestId(trade.testId).waitFor();
  await page.locator(trade.firstControl).first().waitFor();
  await expect
    .poll(() => page.getByTestId('chart-canvas').getAttribute('data-status'), { timeout: 20_000 })
    .toBe('ready');
}

describe('small phones: 320×568', () => {
  it(
    'shows every chart interval and 24 h figure, and each order form starts on the first screen',
    { timeout: 120_000 },
    async () => {
      const session = await registerUser('small');
      const context = await phoneOf(ctx.browser, 320, 568);
      const page = await context.newPage();
      for (const trade of TRADE_PAGES) {
        await openTradePage(page, session, trade, { lang: 'en', theme: 'dark' });

        // Every interval button lies inside the screen's width and inside its row (none scrolled out of view).
        const row = (await boxesOf(page, '.chart__intervals'))[0]!;
        const intervals = await boxesOf(page, '[data-testid^="chart-interval-"]');
        expect(intervals).toHaveLength(7);
        for (const b of intervals) {
          expect(b.x).toBeGreaterThanOrEqual(Math.max(0, row.x - 0.5));
          expect(b.x + b.width).toBeLessThanOrEqual(Math.min(320, row.x + row.width + 0.5));
        }
        // The four 24 h figures are whole: inside the screen, and no value cut by its cell.
        const stats = await boxesOf(page, '[data-testid^="chart-stat-"]');
        expect(stats).toHaveLength(4);
        for (const b of stats) expect(b.x + b.width).toBeLessThanOrEqual(320);
        const cut = await page
          .locator('[data-testid^="chart-stat-"] dd')
          .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent));
        expect(cut).toEqual([]);

        // The first control of the order form is whole above the tab bar, without scrolling.
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        const tabBarTop = (await boxesOf(page, '.tab-shell__bar'))[0]!.y;
        const controls = await boxesOf(page, trade.firstControl);
        expect(controls.length).toBeGreaterThanOrEqual(2);
        for (const b of controls) {
          expect(b.y).toBeGreaterThan(0);
          expect(b.y + b.height).toBeLessThanOrEqual(tabBarTop);
          expect(b.x + b.width).toBeLessThanOrEqual(320);
        }
        await shot(page, `layout-${trade.name}-320-dark-en`);
      }
      await context.close();
    },
  );

  it('keeps the 390×844 look: the chart canvas stays 300 px tall', { timeout: 120_000 }, async () => {
    const session = await registerUser('tall');
    const context = await phoneOf(ctx.browser, 390, 844);
    const page = await context.newPage();
    for (const trade of TRADE_PAGES) {
      await openTradePage(page, session, trade, { lang: 'en', theme: 'dark' });
      expect((await boxesOf(page, '[data-testid="chart-canvas"]'))[0]!.height).toBe(300);
    }
    await context.close();
  });

  it('screenshots both trade pages at 320×568 and 390×844, dark, light and Arabic', { timeout: 240_000 }, async () => {
    const session = await registerUser('shots');
    const looks: Prefs[] = [
      { lang: 'en', theme: 'dark' },
      { lang: 'en', theme: 'light' },
      { lang: 'ar', theme: 'dark' },
    ];
    for (const [width, height] of [
      [320, 568],
      [390, 844],
    ] as const) {
      const context = await phoneOf(ctx.browser, width, height);
      const page = await context.newPage();
      for (const prefs of looks) {
        for (const trade of TRADE_PAGES) {
          await openTradePage(page, session, trade, prefs);
          if (prefs.lang === 'ar') {
            // The product's name comes from the server in the reader's language.
            await expect.poll(() => page.locator('.product-header__name').textContent()).toBe('بيتكوين');
            await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
          }
          // At every size and in every language, the intervals stay inside the screen.
          for (const b of await boxesOf(page, '[data-testid^="chart-interval-"]')) {
            expect(b.x).toBeGreaterThanOrEqual(0);
            expect(b.x + b.width).toBeLessThanOrEqual(width);
          }
          await shot(page, `layout-${trade.name}-${width}-${prefs.theme}-${prefs.lang}`);
        }
      }
      await context.close();
    }
  });
});

describe('sticky bars', () => {
  it(
    'the change log scrolls under an opaque nav bar and filter bar, dark and light',
    { timeout: 120_000 },
    async () => {
      const session = await registerUser('sticky');
      await api('user/changeUser', { mode: 'demo' }, session.token);
      await api('user/getDemoMoney', { requestId: randomUUID() }, session.token);
      for (let i = 0; i < 12; i++) {
        const [from, to] = i % 2 === 0 ? ['spot', 'delivery'] : ['delivery', 'spot'];
        await api(
          'index/zySubmit',
          { from, to, currency: 'USDT', amount: '10', requestId: randomUUID() },
          session.token,
        );
      }
      const context = await phoneOf(ctx.browser, 320, 568);
      const page = await context.newPage();
      for (const theme of ['dark', 'light'] as const) {
        await openSignedIn(page, session, ROUTE.changes, { lang: 'en', theme });
        await page.getByTestId('change-record-page').waitFor();
        await expect.poll(() => page.getByTestId('change-item').count()).toBeGreaterThan(8);
        // A wheel turn that lands while the list is still settling (its next page, a refetch) can stop short of
        // 400 px, so the poll turns the wheel again until the page has scrolled well under the bars.
        await expect
          .poll(async () => {
            await page.mouse.wheel(0, 400);
            return page.evaluate(() => window.scrollY);
          })
          .toBeGreaterThan(200);

        // Each bar is painted in a fully opaque colour and stacked above the rows under it.
        const bars = await page.evaluate(() =>
          ['.nav-bar', '.filter-bar'].map((selector) => {
            const el = document.querySelector(selector) as HTMLElement;
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + 4, r.y + r.height - 2);
            return { selector, background: getComputedStyle(el).backgroundColor, top: el.contains(hit) };
          }),
        );
        for (const bar of bars) {
          expect(bar.background, bar.selector).toMatch(/^rgb\(/);
          expect(bar.top, bar.selector).toBe(true);
        }
        await shot(page, `layout-change-log-scrolled-${theme}`);
      }
      await context.close();
    },
  );
});

describe('product names in the reader language', () => {
  it('a language switch reads the product names again, in the new language', { timeout: 120_000 }, async () => {
    const session = await registerUser('names');
    const context = await phoneOf(ctx.browser, 390, 844);
    const page = await context.newPage();
    // The catalogue is read (and kept for minutes) in English first.
    await openTradePage(page, session, TRADE_PAGES[0], { lang: 'en', theme: 'dark' });
    await expect.poll(() => page.locator('.product-header__name').textContent()).toBe('Bitcoin');
    // Home → language → Japanese, back home, then Futures again: the name is read again, in Japanese.
    await page.getByTestId('tab-home').click();
    await page.getByTestId('home-lang').click();
    await page.getByTestId('lang-item-jp').click();
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('tab-futures').click();
    await page.getByTestId('delivery-page').waitFor();
    await expect.poll(() => page.locator('.product-header__name').textContent()).toBe('ビットコイン');
    await context.close();
  });
});

/** Each of the 13 languages with its word for the convert amount (its placeholder), as the app ships it. */
function convertAmountWords(): Record<string, string> {
  const dir = path.join(import.meta.dirname, '../apps/web/src/i18n/locales');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => {
        const pack = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { convert: { amount: string } };
        return [f.replace('.json', ''), pack.convert.amount];
      }),
  );
}

describe('the convert amount on small and large phones', () => {
  it(
    'its placeholder, its Max and an amount of 10000.00 are whole at 320 and 390 px in all 13 languages',
    { timeout: 120_000 },
    async () => {
      const session = await registerUser('convert-fit');
      const sizes = [
        { width: 320, height: 700 },
        { width: 390, height: 844 },
      ];
      const cut: string[] = [];
      // Each language loads once; the page is measured at both widths (the narrow media query applies live).
      const context = await phoneOf(ctx.browser, 320, 700);
      const page = await context.newPage();
      const amount = page.getByTestId('convert-amount');
      for (const [lang, word] of Object.entries(convertAmountWords())) {
        await page.setViewportSize(sizes[0]!);
        await openSignedIn(page, session, ROUTE.convert, { lang, theme: lang === 'ar' ? 'light' : 'dark' });
        // One word, as the language's pack has it (and the pack is the one loaded).
        await expect.poll(() => amount.getAttribute('placeholder'), { timeout: 20_000 }).toBe(word);
        for (const size of sizes) {
          await page.setViewportSize(size);
          // The placeholder in its own font against the input's room, and the Max button's label.
          const placeholder = await amount.evaluate((el) => {
            const input = el as HTMLInputElement;
            const style = getComputedStyle(input, '::placeholder');
            const ctx2d = document.createElement('canvas').getContext('2d');
            if (!ctx2d) throw new Error('no 2d canvas');
            ctx2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const room =
              input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
            const need = Math.ceil(ctx2d.measureText(input.placeholder).width);
            return { need, room, size: style.fontSize };
          });
          if (placeholder.need > placeholder.room)
            cut.push(`${size.width} ${lang} ${word} ${JSON.stringify(placeholder)}`);
          expect(Number.parseFloat(placeholder.size)).toBeGreaterThanOrEqual(16);
          const max = await page.getByTestId('convert-max').evaluate((e) => [e.scrollWidth, e.clientWidth]);
          if (max[0]! > max[1]!) cut.push(`${size.width} ${lang} Max ${max.join(' > ')}`);
          await shot(page, `layout-convert-${size.width}-${lang}`);
        }
        // An amount as Max fills it for a new demo account, not cut ("100…") once the field is left.
        await amount.fill('10000.00');
        await amount.blur();
        for (const size of [...sizes].reverse()) {
          await page.setViewportSize(size);
          const typed = await amount.evaluate((e) => [e.scrollWidth, e.clientWidth, getComputedStyle(e).fontSize]);
          if (typed[0]! > typed[1]!) cut.push(`${size.width} ${lang} amount ${typed.join(' ')}`);
          expect(Number.parseFloat(String(typed[2]))).toBeGreaterThanOrEqual(16);
        }
      }
      await context.close();
      expect(cut).toEqual([]);
    },
  );
});

describe('zoom and text fields', () => {
  it('lets users zoom, and every text field is at least 16 px so iOS does not zoom in on focus', async () => {
    const session = await registerUser('zoom');
    const context = await phoneOf(ctx.browser, 320, 568);
    const page = await context.newPage();
    await page.goto(`${ctx.server.url}/h5/#/pages/userPages/login`);
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).not.toMatch(/user-scalable\s*=\s*no|maximum-scale/);
    const routes = [
      '/pages/tabbarPages/markets/index',
      '/pages/tabbarPages/futures/index',
      '/pages/tabbarPages/perpetual/index',
      '/pages/tabbarPages/mine/spotGoods',
      '/pages/tabbarPages/mine/withdrawal',
      '/pages/userPages/service',
    ];
    const small: string[] = [];
    const fieldsOf = (route: string) =>
      page
        .locator('input:not([type=checkbox]):not([type=radio]):not([type=file]), textarea')
        .evaluateAll(
          (els, r) => els.map((e) => `${r} ${e.className || e.tagName}: ${getComputedStyle(e).fontSize}`),
          route,
        );
    await page.locator('input').first().waitFor();
    const seen = [...(await fieldsOf('login'))];
    for (const route of routes) {
      await openSignedIn(page, session, route);
      await page.locator('input, textarea').first().waitFor({ timeout: 20_000 });
      seen.push(...(await fieldsOf(route)));
    }
    for (const f of seen) if (Number.parseFloat(f.split(': ')[1]!) < 16) small.push(f);
    expect(seen.length).toBeGreaterThan(8);
    expect(small).toEqual([]);
    await context.close();
  }, 120_000);
});

/** Opens `route` in `lang` (dark, Arabic and Persian light) and waits until the page speaks it. */
/**
 * Opens `route` signed in, in `lang`. A page already showing the app in that language goes there as the app's own
 * links do (the address's hash), without starting the app again: the loops below visit several pages in each of the
 * 13 languages, and starting the app for each was most of their time.
 */
async function openIn(page: Page, session: Session, route: string, lang: (typeof LANGS)[number]) {
  const shown = await page.evaluate(() => (location.hash ? document.documentElement.lang : ''));
  if (shown === LANG_BCP47[lang]) {
    await page.evaluate((to) => {
      location.hash = to;
    }, route);
    await page.waitForURL((url) => url.hash === `#${route}`);
    return;
  }
  await openSignedIn(page, session, route, { lang, theme: lang === 'ar' || lang === 'pe' ? 'light' : 'dark' });
  await page.locator(`html[lang="${LANG_BCP47[lang]}"]`).waitFor();
}

/**
 * In the matching elements: each word (between spaces, or ending in a hyphen) that was split over two lines, and
 * each element whose text is cut (wider than its box, or more lines than it shows).
 */
const splitOrCut = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.flatMap((el) => {
      const found: string[] = [];
      const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const text = node as Text;
        for (const word of text.data.matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          if (new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.bottom))).size > 1)
            found.push(word[0]);
        }
      }
      if (el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 2) {
        found.push(`${el.textContent} (cut)`);
      }
      return found;
    }),
  );

/** How many lines each matching element's text takes. */
const linesOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.bottom))).size;
    }),
  );

/** A tab bar: how far its tabs overflow it, and how visible its strongest edge fade is. */
const tabBar = (page: Page, bar: string) =>
  page.locator(bar).evaluate((tabs) => {
    const list = tabs.querySelector('.adm-tabs-tab-list') as HTMLElement;
    const fades = Array.from(tabs.querySelectorAll('.adm-tabs-header-mask')).map((m) =>
      Number(getComputedStyle(m).opacity),
    );
    return { overflow: list.scrollWidth - list.clientWidth, fade: Math.max(0, ...fades) };
  });

const NARROW = { width: 320, height: 700 };
const PHONE = { width: 390, height: 844 };

/** The matching elements inside each `box` that reach past it or are wider than they show (their text). */
const outside = (page: Page, box: string, parts: string) =>
  page.locator(box).evaluateAll(
    (boxes, sel) =>
      boxes.flatMap((b) => {
        const edge = b.getBoundingClientRect();
        return Array.from(b.querySelectorAll(sel))
          .filter((e) => {
            const r = e.getBoundingClientRect();
            return e.scrollWidth > e.clientWidth + 0.5 || r.left < edge.left - 0.5 || r.right > edge.right + 0.5;
          })
          .map((e) => e.textContent);
      }),
    parts,
  );

/** What a page title looks like in its bar, measured in the page. */
const titleIn = (page: Page) =>
  page.locator('.nav-bar__inner').evaluate((bar) => {
    const h1 = bar.querySelector('.nav-bar__title') as HTMLElement;
    const box = h1.getBoundingClientRect();
    const text = document.createRange();
    text.selectNodeContents(h1);
    const lines = new Set(Array.from(text.getClientRects()).map((r) => Math.round(r.bottom))).size;
    // The sides' buttons and links the title must not run under.
    const hits = Array.from(bar.querySelectorAll('.nav-bar__side > *')).filter((e) => {
      const r = e.getBoundingClientRect();
      const t = text.getBoundingClientRect();
      return r.width > 0 && r.left < t.right - 0.5 && r.right > t.left + 0.5;
    });
    // Would the title fit on one line at the full size, in the room between the sides?
    const style = getComputedStyle(bar);
    const sides = Array.from(bar.querySelectorAll('.nav-bar__side')).map((side) =>
      Math.max(
        44,
        Array.from(side.children).reduce((sum, e) => sum + e.getBoundingClientRect().width + 4, -4),
      ),
    );
    const room =
      bar.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight) -
      2 * Number.parseFloat(style.columnGap) -
      sides.reduce((a, b) => a + b, 0);
    const ctx2d = document.createElement('canvas').getContext('2d');
    if (!ctx2d) throw new Error('no 2d canvas');
    ctx2d.font = `600 17px ${getComputedStyle(h1).fontFamily}`;
    const need = ctx2d.measureText(h1.textContent ?? '').width;
    return {
      // (Within a pixel of the room either is right.)
      fits: need <= room - 1,
      long: need > room + 1,
      cut: h1.scrollWidth > h1.clientWidth + 0.5 || h1.scrollHeight > h1.clientHeight + 1,
      lines,
      size: Number.parseFloat(getComputedStyle(h1).fontSize),
      overlaps: hits.length,
      inside: box.top >= bar.getBoundingClientRect().top && box.bottom <= bar.getBoundingClientRect().bottom,
      height: bar.getBoundingClientRect().height,
    };
  });

/**
 * Each language's checks are tests of their own, run in order on one page: a language starts the app once and its
 * checks move between pages as the app's links do (five loops over the 13 languages, each starting the app in every
 * language, were most of this file's time). One demo trader serves them all: it holds a perpetual position, an order,
 * a closed half and its fills, so the Perpetual cards have something to show.
 */
describe('labels whole in all 13 languages, at 320 and 390 px', () => {
  let session: Session;
  let context: BrowserContext;
  let page: Page;
  /** The page titles too long for one line at 320 px, over all languages (counted by the titles' tests). */
  let wrapped = 0;

  beforeAll(async () => {
    session = await demoTrader('labels-fit', 'perpetual', '2000');
    context = await phoneOf(ctx.browser, NARROW.width, NARROW.height);
    page = await context.newPage();
    // Once the page shows a live price the server has one too: then a market long (half closed), a resting limit.
    await openIn(page, session, ROUTE.perpetual, 'en');
    await page.getByTestId('perp-market-price').filter({ hasText: /\d/ }).waitFor({ timeout: 20_000 });
    const order = (o: object) =>
      api('Sustainable/createOrder', { leverage: 10, ...o, requestId: randomUUID() }, session.token);
    await order({ symbol: 'BTCUSDT', side: 'long', type: 'market', quantity: '4' });
    await order({ symbol: 'BTCUSDT', side: 'short', type: 'limit', price: '999999', quantity: '1' });
    const [held] = (await api<{ list: { id: string }[] }>('Sustainable/PositionOrders', {}, session.token)).list;
    await api(
      'Sustainable/closePosition',
      { positionId: held!.id, quantity: '2', requestId: randomUUID() },
      session.token,
    );
  });
  afterAll(() => context?.close());

  for (const lang of LANGS) {
    describe(lang, () => {
      it('the Assets quick actions wrap between words only, and no label is cut', async () => {
        const bad: string[] = [];
        await page.setViewportSize(NARROW);
        await openIn(page, session, '/pages/tabbarPages/mine/index', lang);
        await page.getByTestId('assets-action-demo').waitFor();
        for (const size of [NARROW, PHONE]) {
          await page.setViewportSize(size);
          for (const word of await splitOrCut(page, '.asset-actions__label')) bad.push(`${size.width}: ${word}`);
          // The five stay inside the screen.
          const row = await page.locator('.asset-actions').evaluate((e) => e.getBoundingClientRect().right);
          if (row > size.width) bad.push(`${size.width}: the actions overflow the screen`);
          await shot(page, `layout-asset-actions-${size.width}-${lang}`);
        }
        expect(bad).toEqual([]);
      });

      it("a market row shows its pair's turnover whole at 320 px, beside the longest price, under one-line column titles; the label stays for screen readers", async () => {
        await page.setViewportSize(NARROW);
        await openIn(page, session, ROUTE.markets, lang);
        const bad: string[] = [];
        // SHIB's price has the most digits ("0.00002531"), which leaves the pair its narrowest column.
        for (const symbol of ['SHIBUSDT', 'BTCUSDT']) {
          const row = page.locator(`[data-testid="market-row"][data-symbol="${symbol}"]`);
          await row.scrollIntoViewIfNeeded();
          await row.locator('.market-row__sub bdi').filter({ hasText: /\d/ }).waitFor();
          for (const word of await splitOrCut(page, `[data-symbol="${symbol}"] .market-row__sub`))
            bad.push(`${symbol}: ${word}`);
          const [label] = await row.locator('.market-row__vol-label').allTextContents();
          if (!label?.trim()) bad.push(`${symbol}: no turnover label for screen readers`);
        }
        // The column titles over the rows take a line each (German's, Japanese's and Persian's 24 h change took two).
        const heads = await linesOf(page, '.market-list__head > span');
        if (heads.some((n) => n !== 1)) bad.push(`the column titles take ${heads.join('/')} lines`);
        await shot(page, `layout-market-rows-320-${lang}`);
        // At 390 px the label may take its own line, but a turnover never leaves its unit on the next one (Korean's
        // "7114.3" over "만").
        await page.setViewportSize(PHONE);
        for (const symbol of ['SHIBUSDT', 'BTCUSDT']) {
          const lines = await linesOf(page, `[data-symbol="${symbol}"] .market-row__vol`);
          if (lines.some((n) => n !== 1)) bad.push(`${symbol}: the turnover takes ${lines.join('/')} lines at 390 px`);
        }
        await page.setViewportSize(NARROW);
        expect(bad).toEqual([]);
      });

      it('the Futures order tabs are whole at 390 px and whole or fading at the cut edge at 320; the Follow plan views one line at 390', async () => {
        const bad: string[] = [];
        await page.setViewportSize(NARROW);
        await openIn(page, session, ROUTE.futures, lang);
        await page.getByTestId('futures-tab-follow').waitFor();
        // Each period chip's length is one line ("10 min", not "10" over "min") and inside its chip.
        await page.locator('.period-chip__time').first().waitFor();
        // (Lines told apart by where they start: the unit is smaller than its number, its box lower.)
        const times = await page.locator('.period-chip__time').evaluateAll((els) =>
          els.map((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            const rects = Array.from(range.getClientRects()).sort((a, b) => a.top - b.top);
            return rects.filter((r, i) => i === 0 || r.top >= rects[i - 1]!.bottom - 2).length;
          }),
        );
        if (times.some((n) => n !== 1)) bad.push(`320: the period lengths take ${times.join('/')} lines`);
        for (const word of await splitOrCut(page, '.period-chip')) bad.push(`320: period ${word}`);
        await shot(page, `layout-futures-periods-320-${lang}`);
        // Narrow: the four fit, or the bar scrolls and says so with a fade at its cut edge.
        const narrow = await tabBar(page, '.order-tabs__bar');
        if (narrow.overflow > 0) {
          await expect.poll(async () => (await tabBar(page, '.order-tabs__bar')).fade, { timeout: 5_000 }).toBe(1);
        }
        await page.setViewportSize(PHONE);
        const phone = await tabBar(page, '.order-tabs__bar');
        if (phone.overflow > 0) bad.push(`390: the tabs overflow by ${phone.overflow} px`);
        await page.getByTestId('futures-tab-follow').click();
        await page.getByTestId('copy-view-published').waitFor();
        const views = await linesOf(page, '.copy-views .segmented__item');
        if (views.some((n) => n !== 1)) bad.push(`390: Follow plan views take ${views.join('/')} lines`);
        await page.locator('.order-tabs').scrollIntoViewIfNeeded();
        await shot(page, `layout-futures-tabs-390-${lang}`);
        expect(bad).toEqual([]);
      });

      it('Perpetual positions, orders, history and fills keep every tag, label and figure whole; the tabs fit at 390 px', async () => {
        const tabs = [
          ['positions', '.perp-position'],
          ['orders', '[data-testid="perp-order"]'],
          ['history', '[data-testid="perp-history-order"]'],
          ['trades', '[data-testid="perp-trade"]'],
        ] as const;
        const bad: string[] = [];
        await page.setViewportSize(NARROW);
        await openIn(page, session, ROUTE.perpetual, lang);
        for (const size of [NARROW, PHONE]) {
          await page.setViewportSize(size);
          for (const [tab, card] of tabs) {
            await page.getByTestId(`perp-tab-${tab}`).click();
            await page.locator(card).first().waitFor({ timeout: 10_000 });
            const cut = await page.locator(card).evaluateAll((cards) =>
              cards.flatMap((c) => {
                const box = c.getBoundingClientRect();
                const parts = c.querySelectorAll(
                  '[class*="__pair"], .perp-side, .perp-row__kind, .perp-status, .perp-action, .perp-cell__label, .perp-cell__value, .perp-ghost',
                );
                return Array.from(parts)
                  .filter((e) => {
                    const r = e.getBoundingClientRect();
                    return e.scrollWidth > e.clientWidth + 0.5 || r.left < box.left - 0.5 || r.right > box.right + 0.5;
                  })
                  .map((e) => e.textContent);
              }),
            );
            for (const text of cut) bad.push(`${size.width} ${tab}: ${text}`);
            if (size === PHONE) {
              await page.locator(card).first().scrollIntoViewIfNeeded();
              await shot(page, `layout-perp-${tab}-390-${lang}`);
            }
          }
        }
        const bar = await tabBar(page, '.perp-tabs__bar');
        if (bar.overflow > 0) bad.push(`390: the tabs overflow by ${bar.overflow} px`);
        expect(bad).toEqual([]);
      });

      it('About, the invitation rules and the invite centre: every fact, table column and team tab is whole', async () => {
        const bad: string[] = [];
        await page.setViewportSize(NARROW);
        await openIn(page, session, ROUTE.about, lang);
        await page.getByTestId('about-email').waitFor({ timeout: 20_000 });
        for (const size of [NARROW, PHONE]) {
          await page.setViewportSize(size);
          // The support address wraps or goes under its label: inside the card.
          for (const text of await outside(page, '.about-facts', 'dt, dd, a')) bad.push(`${size.width} about: ${text}`);
          await page.getByTestId('about-email').scrollIntoViewIfNeeded();
          await shot(page, `layout-about-${size.width}-${lang}`);
        }

        await page.setViewportSize(NARROW);
        await openIn(page, session, ROUTE.shareRules, lang);
        await page.getByTestId('referral-rules-row-perpetual-6').waitFor({ timeout: 20_000 });
        for (const size of [NARROW, PHONE]) {
          await page.setViewportSize(size);
          // Every column in sight: no table wider than its card (a sideways scroll nobody finds).
          const wide = await page
            .locator('.ref-table-wrap')
            .evaluateAll((wraps) => wraps.filter((w) => w.scrollWidth > w.clientWidth + 0.5).length);
          if (wide > 0) bad.push(`${size.width} rules: ${wide} tables scroll sideways`);
          for (const text of await outside(page, '.ref-table-wrap', 'th, td')) bad.push(`${size.width} rules: ${text}`);
          await page.getByTestId('referral-rules-perpetual').scrollIntoViewIfNeeded();
          await shot(page, `layout-share-rules-${size.width}-${lang}`);
        }

        await page.setViewportSize(NARROW);
        await openIn(page, session, ROUTE.share, lang);
        await page.getByTestId('referral-tab-rebates').waitFor({ timeout: 20_000 });
        for (const size of [NARROW, PHONE]) {
          await page.setViewportSize(size);
          // All four team tabs in sight, none cut.
          const bar = await tabBar(page, '[data-testid="referral-page"] .adm-tabs');
          if (bar.overflow > 0) bad.push(`${size.width} share: the tabs overflow by ${bar.overflow} px`);
          for (const text of await outside(page, '[data-testid="referral-page"] .adm-tabs-tab-list', '.adm-tabs-tab'))
            bad.push(`${size.width} share: tab ${text}`);
          for (const word of await splitOrCut(page, '[data-testid="referral-page"] .adm-tabs-tab'))
            bad.push(`${size.width} share: ${word}`);
          await page.locator('[data-testid="referral-page"] .adm-tabs').scrollIntoViewIfNeeded();
          await shot(page, `layout-share-tabs-${size.width}-${lang}`);
          // The bar's Rules link keeps the room from the screen's edge the back arrow's glyph has (4–8 px before).
          const edge = await page.getByTestId('referral-rules-link').evaluate((a) => {
            const range = document.createRange();
            range.selectNodeContents(a);
            const text = range.getBoundingClientRect();
            return Math.round(Math.min(text.left, window.innerWidth - text.right));
          });
          if (edge < 14) bad.push(`${size.width} share: the Rules link is ${edge} px from the edge`);
        }
        expect(bad).toEqual([]);
      });

      it('page titles are whole, on two smaller lines when one is too short, beside the back button and actions', async () => {
        const pages = [
          [ROUTE.twoFactor, 'two-factor-page'],
          [ROUTE.copySettings, 'copy-settings-page'],
          [ROUTE.verification, 'verification-page'],
          [ROUTE.share, 'referral-page'],
          [ROUTE.security, 'security-page'],
        ] as const;
        const bad: string[] = [];
        for (const [route, testId] of pages) {
          await page.setViewportSize(NARROW);
          await openIn(page, session, route, lang);
          await page.getByTestId(testId).waitFor({ timeout: 20_000 });
          for (const size of [NARROW, PHONE]) {
            await page.setViewportSize(size);
            // The title is fitted when its bar has resized (a ResizeObserver: at the next frame).
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
            const title = await titleIn(page);
            const where = `${size.width} ${testId}`;
            if (title.cut) bad.push(`${where}: the title is cut`);
            if (title.lines > 2) bad.push(`${where}: the title takes ${title.lines} lines`);
            // A title that fits keeps the full size on one line; a longer one is smaller.
            if (title.fits && (title.lines !== 1 || title.size !== 17))
              bad.push(`${where}: fits, but ${title.lines} lines at ${title.size} px`);
            if (title.long && title.size >= 17) bad.push(`${where}: too long, but ${title.size} px`);
            if (title.overlaps > 0) bad.push(`${where}: the title runs under the back button or an action`);
            if (!title.inside) bad.push(`${where}: the title leaves the bar`);
            if (title.height !== 52) bad.push(`${where}: the bar is ${title.height} px tall`);
            if (title.long) wrapped += 1;
            if (size === NARROW && title.long) await shot(page, `layout-title-${testId}-320-${lang}`);
          }
        }
        expect(bad).toEqual([]);
      });
    });
  }

  it('the long languages’ titles were too long for one line at 320 px (the title checks ran on such titles)', () => {
    expect(wrapped).toBeGreaterThan(3);
  });
});
