import { randomUUID } from 'node:crypto';
import { type TestServer, startTestServer } from '@nexa/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot, watchCsp } from './browser.js';
import { type Prefs, type Session, appSession } from './session.js';

// The real server with its market feed: the sim ticks every second; the first start writes 24 h of candles.
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ market: { historyHours: 24 } });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const { api, registerUser, demoTrader, openSignedIn } = appSession(() => server);

const ROUTE = {
  home: '/pages/tabbarPages/home/index',
  markets: '/pages/tabbarPages/markets/index',
  futures: '/pages/tabbarPages/futures/index',
  perpetual: '/pages/tabbarPages/perpetual/index',
} as const;

const symbolsOf = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.symbol ?? ''));

/** symbol → the price text its row shows. */
const pricesOf = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((r) => [
          (r as HTMLElement).dataset.symbol ?? '',
          r.querySelector('[data-testid="row-price"]')?.textContent ?? '',
        ]),
      ),
    );

const canvasAttr = (page: Page, name: string) => page.getByTestId('chart-canvas').getAttribute(name);

describe('market data screens', () => {
  it('the home banners play on their own and swipe, one banner at a time, in English and in Arabic', async () => {
    const user = await registerUser('banners');
    for (const lang of ['en', 'ar'] as const) {
      const context = await phone(browser);
      const page = await context.newPage();
      await openSignedIn(page, user, ROUTE.home, { lang, theme: 'dark' });
      const track = page.getByTestId('home-carousel-track');
      await track.waitFor();
      const dots = page.locator('.home-carousel__dots');
      await expect(dots.getAttribute('data-current')).resolves.toBe('0');
      // Which banner fills the track, read from the layout (not the component's state): the one whose left edge
      // is the track's.
      const shown = () =>
        track.evaluate((el) => {
          const left = el.getBoundingClientRect().left;
          return Array.from(el.children).findIndex((slide) => Math.abs(slide.getBoundingClientRect().left - left) < 2);
        });
      // Autoplay: after one interval (4.5 s) the second banner has slid in, whichever way the language reads.
      await expect.poll(shown, { timeout: 15_000 }).toBe(1);
      await expect.poll(() => dots.getAttribute('data-current')).toBe('1');
      // A swipe (the browser's own scrolling of the track) snaps to the next banner, never between two.
      const box = await track.boundingBox();
      if (!box) throw new Error('the carousel track has no box');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(lang === 'ar' ? -box.width * 0.7 : box.width * 0.7, 0);
      await expect.poll(shown, { timeout: 5_000 }).toBe(2);
      await expect.poll(() => dots.getAttribute('data-current')).toBe('2');
      // From the last banner autoplay goes back to the first.
      await expect.poll(shown, { timeout: 20_000 }).toBe(0);
      await context.close();
    }
  });

  it('Home ranks every product, prices move live, a notice opens, a row opens the Futures tab', async () => {
    const context = await phone(browser);
    const page = await context.newPage();
    const cspViolations = await watchCsp(page);
    await openSignedIn(page, await registerUser('home'), ROUTE.home);

    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('home-greeting').waitFor();
    // Gainers (only products up) first; every product ranks by turnover.
    await expect.poll(() => page.getByTestId('rank-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(page.getByTestId('home-rank-gainers').getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByTestId('home-carousel').waitFor();
    // The three banners are a swipeable carousel with one dot each (its motion: the carousel test below).
    await page.getByTestId('home-carousel-track').waitFor();
    await expect.poll(() => page.locator('.home-carousel__dots .home-carousel__dot').count()).toBe(3);
    await page.getByTestId('home-notice').waitFor();

    // Gainers: only products up, the most first.
    // The rows on screen: those below follow their tickers only once scrolled to (market-row.tsx).
    const changesOf = () =>
      page
        .getByTestId('rank-row')
        .evaluateAll((rows) =>
          rows
            .filter((r) => r.getBoundingClientRect().top < window.innerHeight)
            .map((r) => Number(r.querySelector('[data-testid="row-change"]')?.textContent?.replace(/[%+]/g, ''))),
        );
    await page.locator('[role="tabpanel"][data-rank="gainers"]').waitFor();
    // A row ranked up may tick below zero until the next refresh re-ranks it: look until the list has settled.
    const rankedUp = async () => {
      const changes = await changesOf();
      return (
        changes.length > 0 && changes.every((c) => c >= 0) && (changes[0] ?? 0) >= (changes[changes.length - 1] ?? 0)
      );
    };
    await expect.poll(rankedUp, { timeout: 15_000 }).toBe(true);

    // Live: within a few seconds at least one row shows a new price (the sim ticks every second).
    const before = await pricesOf(page, 'rank-row');
    await expect
      .poll(
        async () => {
          const now = await pricesOf(page, 'rank-row');
          return Object.keys(now).filter((s) => now[s] !== before[s]).length;
        },
        { timeout: 5_000, interval: 250 },
      )
      .toBeGreaterThan(0);
    await shot(page, 'home-dark-en');

    // Losers: only products down; turnover lists every product.
    await page.getByTestId('home-rank-losers').click();
    await page.locator('[role="tabpanel"][data-rank="losers"]').waitFor();
    await expect.poll(() => page.getByTestId('rank-row').count()).toBeGreaterThan(0);
    // The changes shown move live: a loser may tick up through zero, so look until the list has settled.
    const rankedDown = async () => {
      const changes = await changesOf();
      return changes.length > 0 && changes.every((c) => c <= 0);
    };
    await expect.poll(rankedDown, { timeout: 15_000 }).toBe(true);
    await page.getByTestId('home-rank-turnover').click();
    await expect.poll(() => page.getByTestId('rank-row').count()).toBeGreaterThanOrEqual(40);

    // The notice bar opens the announcement.
    await page.getByTestId('home-notice').click();
    await page.getByTestId('notice-detail').waitFor();
    expect((await page.getByTestId('notice-detail').textContent())?.length).toBeGreaterThan(20);
    await shot(page, 'notice-detail-dark-en');
    await page.getByTestId('nav-back').click();

    // A row opens the Futures tab on that product, remembered as productType1.
    await page.getByTestId('home-rank-turnover').click();
    const first = (await symbolsOf(page, 'rank-row'))[0] ?? '';
    await page.getByTestId('rank-row').first().click();
    await page.getByTestId('delivery-page').waitFor();
    await expect.poll(() => page.getByTestId('product-header').getAttribute('data-symbol')).toBe(first);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('nexa-session') ?? '{}').state);
    expect(stored.productType1).toBe(first);

    // Quick actions lead to their pages.
    await page.getByTestId('tab-home').click();
    await page.getByTestId('home-action-more').click();
    await page.getByTestId('more-page').waitFor();
    await shot(page, 'more-dark-en');
    await page.getByTestId('more-about').click();
    await page.getByTestId('about-page').waitFor();
    await expect.poll(() => page.getByTestId('about-email').textContent()).toContain('@');
    await shot(page, 'about-dark-en');
    await page.getByTestId('nav-back').click();
    await page.getByTestId('nav-back').click();
    await page.getByTestId('home-action-deposit').click();
    await page.getByTestId('recharge-page').waitFor();
    expect(await cspViolations()).toEqual([]);
    await context.close();
  });

  it("a start on Home has the banners from the entry and asks for the notices and the rankings while the page's code and the call registry still download", async () => {
    const context = await phone(browser);
    const page = await context.newPage();
    // The home page's chunk and the contract's (the call registry) are held until the first reads have left.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: string[] = [];
    // The home page's chunk is `home` (vite.config.ts; not `home-page-<hash>`, the re-export the bundler may put
    // in front of it); the first reads' registry and the market's schemas are in `contract-core`.
    const heldChunk = /\/h5\/assets\/(home|contract-core)-[\w-]{8}\.js$/;
    await page.route(heldChunk, async (route) => {
      held.push(heldChunk.exec(route.request().url())?.[1] ?? '');
      await released;
      await route.continue();
    });
    const reads = new Set<string>();
    page.on('request', (r) => {
      const call = /\/api\/(index\/(?:carouselList|getList|overview))\b/.exec(r.url())?.[1];
      if (call) reads.add(call);
    });
    // ICU's number data is opened in a worker meanwhile (lib/intl-warm.ts), not by the rankings' first render.
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await openSignedIn(page, await registerUser('first-reads'), ROUTE.home);
    // The banners are not among them: the entry answered them (in the server's default language, this session's).
    await expect.poll(() => [...reads].sort(), { timeout: 15_000 }).toEqual(['index/getList', 'index/overview']);
    await expect.poll(() => held.sort()).toEqual(['contract-core', 'home']);
    await expect
      .poll(() => workers.filter((url) => /\/h5\/assets\/intl-warm\.worker-[\w-]+\.js$/.test(url)))
      .toHaveLength(1);
    await expect(page.getByTestId('home-page').count()).resolves.toBe(0);
    release();
    // Once the code is here, the page shows what was asked for, read against the contract.
    await page.getByTestId('home-carousel').locator('img').first().waitFor();
    await expect.poll(() => page.getByTestId('rank-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await context.close();
  });

  it("a signed-in start draws the home's top before the app's code, where the app then puts it, and asks for the banners at most once", async () => {
    const user = await registerUser('boot-shell');
    const tops = ['.nav-bar', '.brand', '.hero-card', '.home-carousel', '.banner__image', '.banner__title'];
    const boxesOf = (page: Page) =>
      page.evaluate(
        (selectors) =>
          selectors.map((s) => {
            const r = document.querySelector(`#root ${s}`)?.getBoundingClientRect();
            return r ? [r.x, r.y, r.width, r.height].map((n) => Math.round(n * 2) / 2) : null;
          }),
        tops,
      );
    for (const prefs of [
      { lang: 'en', theme: 'dark' },
      { lang: 'ar', theme: 'light' },
    ] as const) {
      const context = await phone(browser);
      const page = await context.newPage();
      const cspViolations = await watchCsp(page);
      // Whether the app ever drew the banner's loading block (the shell's banner must stay until the app's replaces it).
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('.banner--placeholder'))
            (window as { sawPlaceholder?: boolean }).sawPlaceholder = true;
        }).observe(document, { childList: true, subtree: true });
      });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      // None of the app's code arrives until the shell has been looked at.
      await page.route(/\/h5\/assets\/[\w-]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      let bannerReads = 0;
      let bootFetches = 0;
      page.on('request', (r) => {
        if (r.url().includes('/api/index/carouselList')) bannerReads++;
        if (r.url().endsWith('/h5/boot.js')) bootFetches++;
      });
      await openSignedIn(page, user, ROUTE.home, prefs, 'commit');
      const shellImage = page.locator('#root .boot-shell .banner__image');
      await shellImage.waitFor();
      const banners = (await (
        await fetch(`${server.url}/api/index/carouselList`, { headers: { lang: prefs.lang } })
      ).json()) as { data: { list: { image: string; title: string }[] } };
      const first = banners.data.list[0];
      await expect(shellImage.getAttribute('src')).resolves.toBe(first?.image);
      await expect(page.locator('#root .boot-shell .banner__title').textContent()).resolves.toBe(first?.title);
      await expect(page.evaluate(() => [document.documentElement.dataset.theme, document.dir])).resolves.toEqual([
        prefs.theme,
        prefs.lang === 'ar' ? 'rtl' : 'ltr',
      ]);
      const shell = await boxesOf(page);
      await shot(page, `boot-shell-${prefs.lang}-${prefs.theme}`);
      expect(shell.every((box) => box !== null)).toBe(true);
      release();
      await page.getByTestId('home-banner').first().locator('img').waitFor();
      await expect(page.locator('#root .boot-shell').count()).resolves.toBe(0);
      // The app's top lands on the shell's, to the half pixel: nothing moves when the app takes over.
      await expect(boxesOf(page)).resolves.toEqual(shell);
      await expect(page.evaluate(() => (window as { sawPlaceholder?: boolean }).sawPlaceholder ?? false)).resolves.toBe(
        false,
      );
      // The app took the shell's answer rather than asking again; in the server's default language (en) the entry
      // itself carried it, so nobody asked at all.
      await expect.poll(() => page.getByTestId('rank-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(bannerReads).toBe(prefs.lang === 'en' ? 0 : 1);
      // The entry carried boot.js itself (its CSP hash allowing it): no request for the file.
      expect(bootFetches).toBe(0);
      expect(await cspViolations()).toEqual([]);
      await context.close();
    }
    // Another tab's start (and a visitor's) is not the home's: no shell, no early call.
    const context = await phone(browser);
    const page = await context.newPage();
    let bannerReads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/index/carouselList')) bannerReads++;
    });
    await openSignedIn(page, user, ROUTE.markets);
    await page.getByTestId('markets-page').waitFor();
    await expect(page.locator('.boot-shell').count()).resolves.toBe(0);
    expect(bannerReads).toBe(0);
    await context.close();
  });

  it("the home page's live channel hears balances without building the whole contract; a domain's event loads it", async () => {
    const trader = await demoTrader('home-live', 'perpetual', '1');
    const context = await phone(browser);
    const page = await context.newPage();
    // The contract's larger chunk (every domain's schemas), not `contract-core`.
    const wholeContract = /\/h5\/assets\/contract-(?!core-)[\w-]+\.js$/;
    let wholeContractLoads = 0;
    page.on('request', (r) => {
      if (wholeContract.test(r.url())) wholeContractLoads++;
    });
    const userFrames: string[] = [];
    page.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => {
        const payload = String(frame.payload);
        if (payload.includes('"channel":"user"')) userFrames.push(payload);
      }),
    );
    await openSignedIn(page, trader, ROUTE.home);
    await expect.poll(() => page.getByTestId('rank-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The channel opens once the page is idle; a transfer's balance frames then arrive and are read.
    await expect
      .poll(
        async () => {
          await api(
            'index/zySubmit',
            { from: 'spot', to: 'perpetual', currency: 'USDT', amount: '1', requestId: randomUUID() },
            trader.token,
          );
          return userFrames.some((f) => f.includes('wallet.balance'));
        },
        { timeout: 20_000, interval: 2_000 },
      )
      .toBe(true);
    await page.waitForTimeout(500);
    expect(wholeContractLoads).toBe(0);
    // A support message is a domain's event: its frame loads the whole union, and is read.
    await api('support/send', { text: 'hello from the home page test' }, trader.token);
    await expect.poll(() => userFrames.some((f) => f.includes('support.message')), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => wholeContractLoads, { timeout: 15_000 }).toBe(1);
    await context.close();
  });

  it('Markets filters by search and category, instantly, and a tap opens the right tab', async () => {
    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, await registerUser('markets'), ROUTE.markets);
    await page.getByTestId('markets-page').waitFor();
    await expect.poll(() => page.getByTestId('market-row').count(), { timeout: 15_000 }).toBe(44);
    await shot(page, 'markets-dark-en');

    await page.getByTestId('markets-search').fill('eth');
    // ETHUSDT first; BTCUSDT and every other unrelated row gone (ETC stays: its name is Ethereum Classic).
    await expect.poll(async () => (await symbolsOf(page, 'market-row'))[0]).toBe('ETHUSDT');
    const symbols = await symbolsOf(page, 'market-row');
    expect(symbols).not.toContain('BTCUSDT');
    expect(symbols.length).toBeLessThanOrEqual(2);
    expect(symbols.every((s) => s === 'ETHUSDT' || s === 'ETCUSDT')).toBe(true);
    await shot(page, 'markets-search-eth');

    await page.getByTestId('markets-search').fill('nothing-like-this');
    await page.getByTestId('markets-empty').waitFor();
    await page.getByTestId('markets-search-clear').click();
    await expect.poll(() => page.getByTestId('market-row').count()).toBe(44);

    await page.getByTestId('markets-category-forex').click();
    await expect.poll(() => page.getByTestId('market-row').count()).toBe(6);
    await page.getByTestId('markets-category-metal').click();
    await expect.poll(() => symbolsOf(page, 'market-row')).toEqual(['XAUUSD', 'XAGUSD']);
    await page.getByTestId('markets-category-all').click();

    // Perpetual tab → the perpetual tab page with productType2.
    await page.getByTestId('markets-tab-perpetual').click();
    await page.getByTestId('markets-search').fill('sol');
    await page.locator('[data-testid="market-row"][data-symbol="SOLUSDT"]').click();
    await page.getByTestId('perpetual-page').waitFor();
    await expect.poll(() => page.getByTestId('product-header').getAttribute('data-symbol')).toBe('SOLUSDT');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('nexa-session') ?? '{}').state);
    expect(stored.productType2).toBe('SOLUSDT');
    await context.close();
  });

  it("while a list loads, its placeholders pulse in opacity (ours as one group, antd-mobile's each), which the compositor runs without a paint a frame", async () => {
    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, await registerUser('skeleton'), ROUTE.home);
    await page.getByTestId('tab-markets').waitFor();
    // The app's calls held, then Markets opened: its list stays a placeholder until they are let go.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/**', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.getByTestId('tab-markets').click();
    await page.locator('.market-list__skeleton').waitFor();
    const running = () =>
      page.evaluate(() =>
        document.getAnimations().map((a) => ({
          target: ((a.effect as KeyframeEffect | null)?.target as Element | null)?.className ?? '',
          properties: [
            ...new Set(
              ((a.effect as KeyframeEffect | null)?.getKeyframes() ?? []).flatMap((k) =>
                Object.keys(k).filter((p) => !['offset', 'computedOffset', 'easing', 'composite'].includes(p)),
              ),
            ),
          ],
        })),
      );
    // One animation for the whole placeholder (a shimmer per block was ~40, each repainted every frame), and only
    // of properties the compositor animates.
    const placeholders = (await running()).filter((a) => /skeleton/.test(String(a.target)));
    expect(placeholders).toEqual([{ target: 'market-list__skeleton', properties: ['opacity'] }]);
    // antd-mobile's skeletons (the Perpetual tab's) pulse in opacity too, each block, instead of its shimmer.
    await page.getByTestId('tab-perpetual').click();
    await page.locator('.adm-skeleton-animated').first().waitFor();
    const library = (await running()).filter((a) => /adm-skeleton/.test(String(a.target)));
    expect(library.length).toBeGreaterThan(0);
    expect([...new Set(library.map((a) => a.properties.join()))]).toEqual(['opacity']);
    release();
    await page.unroute('**/api/**');
    await page.getByTestId('tab-markets').click();
    await expect.poll(() => page.getByTestId('market-row').count(), { timeout: 15_000 }).toBe(44);
    await expect
      .poll(async () => (await running()).filter((a) => /skeleton/.test(String(a.target))), { timeout: 15_000 })
      .toEqual([]);
    await context.close();
  });

  it('the Futures chart draws candles, reloads on an interval switch and pages back on a scroll left', async () => {
    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, await registerUser('chart'), ROUTE.futures, {
      lang: 'en',
      theme: 'dark',
      productType1: 'BTCUSDT',
    });
    await page.getByTestId('delivery-page').waitFor();
    await page.getByTestId('chart').waitFor({ timeout: 20_000 });
    await page.getByTestId('chart-interval-1m').click();
    await expect.poll(() => canvasAttr(page, 'data-status'), { timeout: 15_000 }).toBe('ready');

    await page.getByTestId('chart-view-candles').click();
    await expect.poll(() => canvasAttr(page, 'data-view')).toBe('candles');
    await expect.poll(async () => Number(await canvasAttr(page, 'data-bars'))).toBeGreaterThanOrEqual(100);
    // Something is drawn: the chart's canvases have a size.
    const canvasWidth = await page
      .getByTestId('chart-canvas')
      .locator('canvas')
      .first()
      .evaluate((c) => (c as HTMLCanvasElement).width);
    expect(canvasWidth).toBeGreaterThan(100);
    await shot(page, 'futures-candles-1m');

    // Another interval reads its own candles: 24 h of history is 288 five-minute candles, 25 hourly ones.
    await page.getByTestId('chart-interval-5m').click();
    await expect.poll(() => canvasAttr(page, 'data-interval')).toBe('5m');
    await expect.poll(() => canvasAttr(page, 'data-status')).toBe('ready');
    await expect.poll(async () => Number(await canvasAttr(page, 'data-bars'))).toBeGreaterThanOrEqual(280);
    await page.getByTestId('chart-interval-1h').click();
    await expect.poll(() => canvasAttr(page, 'data-status')).toBe('ready');
    await expect.poll(async () => Number(await canvasAttr(page, 'data-bars'))).toBeLessThanOrEqual(30);
    await shot(page, 'futures-candles-1h');

    // Back to 1 minute (300 of 1440 candles) and drag the chart to the right: older candles are read.
    await page.getByTestId('chart-interval-1m').click();
    await expect.poll(() => canvasAttr(page, 'data-status')).toBe('ready');
    const bars = Number(await canvasAttr(page, 'data-bars'));
    const box = await page.getByTestId('chart-canvas').boundingBox();
    if (!box) throw new Error('chart canvas has no box');
    await expect
      .poll(
        async () => {
          await page.mouse.move(box.x + 40, box.y + box.height / 2);
          await page.mouse.down();
          await page.mouse.move(box.x + box.width - 60, box.y + box.height / 2, { steps: 8 });
          await page.mouse.up();
          return Number(await canvasAttr(page, 'data-bars'));
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBeGreaterThan(bars);

    // The product picker switches the product.
    await page.getByTestId('product-picker').click();
    await page.getByTestId('product-option-ETHUSDT').waitFor();
    await shot(page, 'product-picker');
    await page.getByTestId('product-option-ETHUSDT').click();
    await expect.poll(() => page.getByTestId('product-header').getAttribute('data-symbol')).toBe('ETHUSDT');
    await expect.poll(() => canvasAttr(page, 'data-status')).toBe('ready');
    await context.close();
  });

  it('a tap on a Markets row leaves no crosshair on the chart the next page draws under the finger', async () => {
    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, await registerUser('ghost'), ROUTE.markets, { lang: 'en', theme: 'dark' });
    await expect.poll(() => page.getByTestId('market-row').count(), { timeout: 15_000 }).toBeGreaterThan(5);
    // The row that sits where the Futures chart will be drawn (the chart spans roughly y 150–450 at 390×844).
    const rows = page.getByTestId('market-row');
    let target = rows.first();
    for (let i = 0; i < (await rows.count()); i++) {
      const box = await rows.nth(i).boundingBox();
      if (box && box.y + box.height / 2 > 300) {
        target = rows.nth(i);
        break;
      }
    }
    // A click, as the browser follows a tap with mouse events, the pointer left where the finger was.
    await target.click();
    await page.getByTestId('delivery-page').waitFor();
    await page.getByTestId('chart').waitFor({ timeout: 20_000 });
    await expect.poll(() => canvasAttr(page, 'data-status'), { timeout: 15_000 }).toBe('ready');
    await page.waitForTimeout(1_000);
    // No candle's legend: the browser's hover emulation at the tap's spot is not a user pointing at the chart.
    expect(await page.locator('.chart__legend').isHidden()).toBe(true);
    // Touched, the chart shows the candle under the finger.
    const chart = await page.getByTestId('chart').boundingBox();
    await page.mouse.click(chart!.x + chart!.width * 0.7, chart!.y + chart!.height * 0.4);
    await page.mouse.move(chart!.x + chart!.width * 0.6, chart!.y + chart!.height * 0.4);
    await expect.poll(() => page.locator('.chart__legend').isVisible()).toBe(true);
    await context.close();
  });

  it('the Perpetual tab shows the order book and the latest trades, live', async () => {
    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, await registerUser('perp'), ROUTE.perpetual, {
      lang: 'en',
      theme: 'dark',
      productType2: 'BTCUSDT',
    });
    await page.getByTestId('perpetual-page').waitFor();
    await page.getByTestId('orderbook').waitFor();
    await expect.poll(() => page.getByTestId('orderbook-bid').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('orderbook-ask').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('trade-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByTestId('latest-trades').scrollIntoViewIfNeeded();
    await shot(page, 'perpetual-book-en');
    await context.close();
  });

  it('looks right in dark and light, in Chinese and in Arabic (screenshots)', async () => {
    const session = await registerUser('looks');
    const combos: Prefs[] = [
      { lang: 'en', theme: 'light' },
      { lang: 'zh', theme: 'dark' },
      { lang: 'zh', theme: 'light' },
      { lang: 'ar', theme: 'dark' },
      { lang: 'ar', theme: 'light' },
    ];
    const notices = await api<{ list: { id: string }[] }>('index/getList', { type: 'notice', page: 1, pageSize: 1 });
    const noticeId = notices.list[0]?.id ?? '1';
    for (const prefs of combos) {
      const context = await phone(browser);
      const page = await context.newPage();
      const name = (screen: string) => `${screen}-${prefs.theme}-${prefs.lang}`;
      await openSignedIn(page, session, ROUTE.home, prefs);
      await expect.poll(() => page.getByTestId('rank-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.getByTestId('home-carousel').locator('img').first().waitFor();
      await shot(page, name('home'));

      await page.goto(`${server.url}/h5/#${ROUTE.markets}`);
      await expect.poll(() => page.getByTestId('market-row').count(), { timeout: 15_000 }).toBe(44);
      await shot(page, name('markets'));

      await page.goto(`${server.url}/h5/#/pages/tabbarPages/home/noticeDetail?id=${noticeId}`);
      await page.getByTestId('notice-detail').waitFor();
      await shot(page, name('notice'));

      await page.goto(`${server.url}/h5/#${ROUTE.futures}`);
      await page.getByTestId('chart').waitFor({ timeout: 20_000 });
      await expect.poll(() => canvasAttr(page, 'data-status'), { timeout: 15_000 }).toBe('ready');
      await shot(page, name('futures'));

      await page.goto(`${server.url}/h5/#${ROUTE.perpetual}`);
      await page.getByTestId('chart').waitFor({ timeout: 20_000 });
      await expect.poll(() => canvasAttr(page, 'data-status'), { timeout: 15_000 }).toBe('ready');
      await expect.poll(() => page.getByTestId('orderbook-bid').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await shot(page, name('perpetual'));
      await page.getByTestId('orderbook').scrollIntoViewIfNeeded();
      await shot(page, name('perpetual-book'));
      await context.close();
    }
  }, 240_000);
});
