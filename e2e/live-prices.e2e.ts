import { randomUUID } from 'node:crypto';
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phone, serverAndBrowser, shot } from './browser.js';
import { appSession } from './session.js';

// The real server with its market feed: the sim ticks every second.
const ctx = serverAndBrowser();

const { api, registerUser, openSignedIn } = appSession(() => ctx.server);

const ROUTE = {
  futures: '/pages/tabbarPages/futures/index',
  perpetual: '/pages/tabbarPages/perpetual/index',
  convert: '/pages/tabbarPages/mine/spotGoods',
} as const;

/** The text `read` returns changes within 5 s (prices tick every second): the screen is live, not frozen. */
async function expectMoving(read: () => Promise<string | null>) {
  const before = await read();
  await expect.poll(read, { timeout: 5_000, interval: 200 }).not.toBe(before);
}

const rowPrices = (page: Page) =>
  page
    .getByTestId('market-row')
    .evaluateAll((rows) => rows.map((r) => r.querySelector('[data-testid="row-price"]')?.textContent ?? '').join('|'));

describe('live prices never freeze', () => {
  it(
    'after ten rounds of switching tabs and products, the header, a Markets row and the order form still move',
    {
      timeout: 180_000,
    },
    async () => {
      const context = await phone(ctx.browser);
      const page = await context.newPage();
      await openSignedIn(page, await registerUser('live'), ROUTE.futures, {
        lang: 'en',
        theme: 'dark',
        productType1: 'BTCUSDT',
      });
      await page.getByTestId('delivery-page').waitFor();
      for (let round = 0; round < 10; round++) {
        await page.getByTestId('tab-perpetual').click();
        await page.getByTestId('perpetual-page').waitFor();
        await page.getByTestId('tab-markets').click();
        await page.getByTestId('markets-page').waitFor();
        await page.getByTestId('tab-futures').click();
        await page.getByTestId('delivery-page').waitFor();
        // The ▼ picker: another product, and back on the next round.
        const symbol = round % 2 ? 'BTCUSDT' : 'ETHUSDT';
        await page.getByTestId('product-picker').click();
        await page.getByTestId(`product-option-${symbol}`).click();
        await expect.poll(() => page.getByTestId('product-header').getAttribute('data-symbol')).toBe(symbol);
      }
      // The header price of the product on screen.
      await expectMoving(() => page.getByTestId('product-price').textContent());
      // A Markets row.
      await page.getByTestId('tab-markets').click();
      await expect.poll(() => page.getByTestId('market-row').count(), { timeout: 15_000 }).toBeGreaterThan(10);
      await expectMoving(() => rowPrices(page));
      // The perpetual order form's market price.
      await page.getByTestId('tab-perpetual').click();
      // The figure only: a "Delayed" mark appearing beside it is no move.
      const marketPrice = page.getByTestId('perp-market-price').locator('.figure');
      await marketPrice.waitFor();
      await expectMoving(() => marketPrice.textContent());
      // And none of it reads as stale.
      await expect.poll(() => page.getByTestId('stale-badge').count()).toBe(0);
      await context.close();
    },
  );

  it(
    'a stopped feed greys the prices with a "Delayed" or "Reconnecting…" mark, and money actions refuse to confirm',
    { timeout: 180_000 },
    async () => {
      const session = await demoTrader();
      for (const theme of ['dark', 'light'] as const) {
        const context = await phone(ctx.browser);
        const page = await context.newPage();
        const feed = await feedSwitch(page);
        await openSignedIn(page, session, ROUTE.perpetual, { lang: 'en', theme });
        await page.getByTestId('perpetual-page').waitFor();
        await expectMoving(() => page.getByTestId('product-price').textContent());
        await expect.poll(() => page.getByTestId('stale-badge').count()).toBe(0);

        // The server's frames stop reaching the page: within 3 s (and a check) the prices are marked.
        feed.hold();
        await expect.poll(() => badgeText(page), { timeout: 6_000 }).toBe('Delayed');
        await expect(page.locator('.product-header__price.is-stale').count()).resolves.toBe(1);
        await expect(page.locator('[data-testid="perp-market-price"] .is-stale').count()).resolves.toBe(1);
        await shot(page, `stale-perpetual-${theme}`);
        if (theme === 'dark') await moneyActionsRefuse(page, session.token);

        await page.getByTestId('tab-markets').click();
        await expect
          .poll(() => page.locator('[data-testid="row-price"].is-stale').count(), { timeout: 6_000 })
          .toBeGreaterThan(10);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByTestId('stale-blocked').waitFor({ state: 'hidden', timeout: 5_000 });
        await shot(page, `stale-markets-${theme}`);

        // The connection is cut and refused: reconnecting.
        await feed.cut();
        await expect.poll(() => badgeText(page), { timeout: 6_000 }).toBe('Reconnecting…');
        await shot(page, `reconnecting-markets-${theme}`);

        // Back: the next connection brings frames, the marks go and the rows move again.
        feed.pass();
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        await expect.poll(() => page.getByTestId('stale-badge').count(), { timeout: 20_000 }).toBe(0);
        await expect(page.locator('.is-stale').count()).resolves.toBe(0);
        await expectMoving(() => rowPrices(page));
        await context.close();
      }
    },
  );
});

describe('a delivery order on a stopped feed', () => {
  it(
    "greys an open order's current price and 'winning now' and the chart's 24 h stats, and refuses to confirm until prices move again",
    { timeout: 180_000 },
    async () => {
      const session = await registerUser('stale-futures');
      const token = session.token;
      await api('user/changeUser', { mode: 'demo' }, token);
      await api('user/getDemoMoney', { requestId: randomUUID() }, token);
      await api(
        'index/zySubmit',
        { from: 'spot', to: 'delivery', currency: 'USDT', amount: '1000', requestId: randomUUID() },
        token,
      );
      // One open order that outlives the test: the longest period.
      const { list: periods } = await api<{ list: { seconds: number }[] }>('index/timeList', { symbol: 'BTCUSDT' });
      const seconds = Math.max(...periods.map((p) => p.seconds));
      const order = { symbol: 'BTCUSDT', direction: 'call', seconds, amount: '100' };
      await expect
        .poll(
          () =>
            api('order/createDeliveryOrder', { ...order, requestId: randomUUID() }, token).then(
              () => 'placed',
              (error: unknown) => String(error),
            ),
          { timeout: 15_000, interval: 500 },
        )
        .toBe('placed');
      const openOrders = async () => (await api<{ list: unknown[] }>('order/deliveryOrders', {}, token)).list.length;

      const context = await phone(ctx.browser);
      const page = await context.newPage();
      const feed = await feedSwitch(page);
      await openSignedIn(page, session, ROUTE.futures, { lang: 'en', theme: 'dark', productType1: 'BTCUSDT' });
      await page.getByTestId('delivery-page').waitFor();
      const rowPrice = page.getByTestId('futures-order-price');
      await rowPrice.waitFor();
      await expectMoving(() => rowPrice.textContent());
      await expect(page.locator('[data-testid="chart-stats"] dd.is-stale').count()).resolves.toBe(0);

      feed.hold();
      await expect.poll(() => badgeText(page), { timeout: 6_000 }).toBe('Delayed');
      await expect.poll(() => rowPrice.getAttribute('class')).toContain('is-stale');
      await expect(page.getByTestId('futures-order-live-profit').getAttribute('class')).resolves.toContain('is-stale');
      await expect(page.getByTestId('futures-order-stale').textContent()).resolves.toBe('Delayed');
      await expect(page.locator('[data-testid="chart-stats"] dd.is-stale').count()).resolves.toBe(4);
      await shot(page, 'stale-delivery-dark');
      await page.getByTestId('futures-order').first().scrollIntoViewIfNeeded();
      await shot(page, 'stale-delivery-order-dark');

      // The confirm says prices have stopped, and nothing is placed.
      await page.getByTestId('futures-amount').fill('100');
      await page.getByTestId('futures-call').click();
      await page.getByTestId('futures-confirm-sheet').waitFor();
      await page.getByTestId('futures-confirm').click();
      await page.getByTestId('stale-blocked').waitFor();
      await shot(page, 'stale-delivery-confirm-dark');
      await expect(page.getByTestId('futures-confirm-sheet').isVisible()).resolves.toBe(true);
      expect(await openOrders()).toBe(1);
      // Offline as well: the message names the connection (the cause), not the prices; still nothing is placed.
      await page.getByTestId('stale-blocked').waitFor({ state: 'hidden', timeout: 5_000 });
      await context.setOffline(true);
      await page.getByTestId('futures-confirm').click();
      await expect
        .poll(() => page.locator('.adm-toast-main').last().textContent(), { timeout: 3_000 })
        .toBe('Network error, please check your connection');
      await expect(page.getByTestId('stale-blocked').count()).resolves.toBe(0);
      await context.setOffline(false);
      expect(await openOrders()).toBe(1);

      // Prices move again: the marks go and the same confirm places the order.
      feed.pass();
      await expect.poll(() => page.getByTestId('stale-badge').count(), { timeout: 20_000 }).toBe(0);
      await expect(page.locator('[data-testid="chart-stats"] dd.is-stale').count()).resolves.toBe(0);
      await page.getByTestId('stale-blocked').waitFor({ state: 'hidden', timeout: 5_000 });
      await page.getByTestId('futures-confirm').click();
      await page.getByTestId('futures-countdown').waitFor();
      await expect.poll(openOrders).toBe(2);
      await context.close();
    },
  );
});

/** A demo account with a perpetual wallet and one open BTC long (opened as soon as the feed has a price). */
async function demoTrader() {
  const session = await registerUser('stale');
  await api('user/changeUser', { mode: 'demo' }, session.token);
  await api('user/getDemoMoney', { requestId: randomUUID() }, session.token);
  const transfer = { from: 'spot', to: 'perpetual', currency: 'USDT', amount: '1000', requestId: randomUUID() };
  await api('index/zySubmit', transfer, session.token);
  const order = { type: 'market', leverage: 10, symbol: 'BTCUSDT', side: 'long', quantity: '1' };
  await expect
    .poll(
      () =>
        api('Sustainable/createOrder', { ...order, requestId: randomUUID() }, session.token).then(
          () => 'open',
          (error: unknown) => String(error),
        ),
      { timeout: 15_000, interval: 500 },
    )
    .toBe('open');
  return session;
}

/**
 * The page's socket through a switch: the server's messages `pass`, are held back (`hold`: the feed stops while
 * the connection stays up), or the connection is `cut` and every new one refused until `pass` again.
 */
async function feedSwitch(page: Page) {
  let mode: 'pass' | 'hold' | 'cut' = 'pass';
  const open: WebSocketRoute[] = [];
  const passed = new Map<string, string>();
  await page.routeWebSocket(/\/api\/ws/, (ws) => {
    if (mode === 'cut') {
      void ws.close();
      return;
    }
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (mode !== 'pass') return;
      ws.send(message);
      if (typeof message !== 'string') return;
      const frame = JSON.parse(message) as { channel?: string; data?: { symbol: string; price: string }[] };
      if (frame.channel === 'tickers' && Array.isArray(frame.data))
        for (const t of frame.data) passed.set(t.symbol, t.price);
    });
    open.push(ws);
  });
  return {
    /** The last price of `symbol` the page was sent. */
    lastPrice: (symbol: string) => passed.get(symbol),
    pass: () => {
      mode = 'pass';
    },
    hold: () => {
      mode = 'hold';
    },
    cut: async () => {
      mode = 'cut';
      for (const ws of open.splice(0)) await ws.close();
    },
  };
}

const badgeText = (page: Page) =>
  page
    .getByTestId('stale-badge')
    .first()
    .textContent()
    .catch(() => null);

/** A market order, a close and a convert, each on stale prices: the app says so and nothing is confirmed. */
async function moneyActionsRefuse(page: Page, token: string) {
  const blocked = page.getByTestId('stale-blocked');
  const toastGone = () => blocked.waitFor({ state: 'hidden', timeout: 5_000 });
  await page.getByTestId('perp-lots').fill('1');
  await page.getByTestId('perp-open-long').click();
  await blocked.waitFor();
  await expect(page.getByTestId('perp-confirm-sheet').count()).resolves.toBe(0);
  await toastGone();

  await page.getByTestId('perp-position-close').click();
  const sheet = page.getByTestId('perp-close-sheet');
  await sheet.waitFor();
  await expect(sheet.getByTestId('stale-badge').textContent()).resolves.toBe('Delayed');
  await page.getByTestId('perp-close-submit').click();
  await blocked.waitFor();
  await shot(page, 'stale-close-dark');
  await expect(sheet.isVisible()).resolves.toBe(true);
  await toastGone();
  await sheet.getByRole('button', { name: 'Cancel' }).click();

  await page.evaluate((route) => {
    window.location.hash = `#${route}`;
  }, ROUTE.convert);
  await page.getByTestId('convert-page').waitFor();
  await page.getByTestId('convert-amount').fill('100');
  await page.getByTestId('convert-submit').click();
  await blocked.waitFor();
  await expect(page.getByTestId('convert-confirm').count()).resolves.toBe(0);
  await page.goBack();
  await page.getByTestId('perpetual-page').waitFor();
  // Nothing reached the server: the one position is still open, and no other.
  const { list } = await api<{ list: { quantity: string }[] }>('Sustainable/PositionOrders', {}, token);
  expect(list.map((p) => p.quantity)).toEqual(['1']);
}

describe('a moving price flashes', () => {
  it('in the colour of its move, for a moment, with no animation running', { timeout: 90_000 }, async () => {
    const context = await phone(ctx.browser);
    const page = await context.newPage();
    const feed = await feedSwitch(page);
    await openSignedIn(page, await registerUser('flash'), ROUTE.futures, { lang: 'en', theme: 'dark' });
    await page.getByTestId('tab-markets').click();
    await expect.poll(() => page.getByTestId('market-row').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    // Every change of a price cell: its text (kind `text`) or its classes (`class`: the direction, none when the tint
    // went off), with the tint's background and the animations running on the cell.
    await page.evaluate(() => {
      type Seen = { kind: string; price: number; dir: string; at: number; tint: string; animations: number };
      const seen = new Map<Element, Seen[]>();
      (globalThis as unknown as { flashes: typeof seen }).flashes = seen;
      new MutationObserver((records) => {
        for (const r of records) {
          const node = r.target instanceof Element ? r.target : r.target.parentElement;
          const el = node?.closest('[data-testid="row-price"]');
          if (!el) continue;
          const dir = el.classList.contains('flash-up') ? 'up' : el.classList.contains('flash-down') ? 'down' : '';
          const list = seen.get(el) ?? [];
          list.push({
            kind: r.type === 'attributes' ? 'class' : 'text',
            price: Number((el.textContent ?? '').replace(/,/g, '')),
            dir,
            at: performance.now(),
            tint: getComputedStyle(el).backgroundColor,
            animations: el.getAnimations({ subtree: true }).length,
          });
          seen.set(el, list);
        }
      }).observe(document.body, {
        subtree: true,
        attributes: true,
        attributeFilter: ['class'],
        characterData: true,
        childList: true,
      });
    });
    type Seen = { kind: string; price: number; dir: string; at: number; tint: string; animations: number };
    const flashes = () =>
      page.evaluate(() =>
        [...(globalThis as unknown as { flashes: Map<Element, unknown[]> }).flashes.values()].filter(
          (l) => (l as { kind: string }[]).filter((e) => e.kind === 'class').length >= 3,
        ),
      ) as Promise<Seen[][]>;
    // Some cell has flashed and gone quiet again.
    const classes = (list: Seen[]) => list.filter((s) => s.kind === 'class');
    const offAfterOn = (list: Seen[]) =>
      classes(list).some((s, i, all) => i > 0 && s.dir === '' && all[i - 1]!.dir !== '');
    await expect.poll(async () => (await flashes()).some(offAfterOn), { timeout: 20_000 }).toBe(true);
    for (const list of await flashes()) {
      let lastOn: Seen | undefined;
      for (const [i, now] of list.entries()) {
        expect(now.animations).toBe(0);
        if (now.kind !== 'class') continue;
        if (now.dir === '') {
          // The tint goes off a moment after the last move.
          expect(now.tint).toBe('rgba(0, 0, 0, 0)');
          if (lastOn) expect(now.at - lastOn.at).toBeGreaterThan(450);
          continue;
        }
        // A visible tint (the cell's own background), green for up and red for down, against the price before
        // this move.
        expect(now.tint).not.toBe('rgba(0, 0, 0, 0)');
        const before = list
          .slice(0, i)
          .reverse()
          .find((e) => e.price !== now.price);
        if (before) expect(now.dir).toBe(now.price > before.price ? 'up' : 'down');
        lastOn = now;
      }
    }
    // A row off screen does not follow its ticker (nothing re-renders for it) and catches up when scrolled to.
    const rows = page.getByTestId('market-row');
    const last = rows.nth((await rows.count()) - 1);
    await expect(last.isVisible()).resolves.toBe(true);
    expect(await last.evaluate((el) => el.getBoundingClientRect().top > window.innerHeight + 200)).toBe(true);
    await last.evaluate((el) => {
      type Batch = { price: string; flash: boolean };
      const w = globalThis as unknown as { offscreenChanges: number; batches: Batch[] };
      w.offscreenChanges = 0;
      w.batches = [];
      new MutationObserver((records) => {
        w.offscreenChanges += records.length;
        // One batch a commit or its effects: the price shown after it, and whether it switched a tint on.
        w.batches.push({
          price: el.querySelector('[data-testid="row-price"]')?.textContent ?? '',
          flash: records.some((r) => r.target instanceof Element && /flash-(up|down)/.test(r.target.className)),
        });
      }).observe(el, { subtree: true, characterData: true, childList: true, attributes: true });
    });
    const offscreenChanges = () =>
      page.evaluate(() => (globalThis as unknown as { offscreenChanges: number }).offscreenChanges);
    const moves = async () => (await flashes()).reduce((n, l) => n + classes(l).length, 0);
    const movesBefore = await moves();
    await page.waitForTimeout(3_000);
    // Meanwhile the rows on screen moved.
    expect(await moves()).toBeGreaterThan(movesBefore);
    expect(await offscreenChanges()).toBe(0);
    // There is something to catch up: the page has been sent a price for the row other than the one it shows. Then
    // the feed is held, so nothing moves while the row is scrolled to: any tint then would be the catch-up's.
    const shown = await last.getByTestId('row-price').textContent();
    const symbol = (await last.getAttribute('data-symbol')) ?? '';
    const { pricePrecision } = await api<{ pricePrecision: number }>('product/getProductInfo', { symbol });
    const fixed = (price: string | null | undefined) => Number(price?.replace(/,/g, '')).toFixed(pricePrecision);
    await expect
      .poll(() => feed.lastPrice(symbol) !== undefined && fixed(feed.lastPrice(symbol)) !== fixed(shown), {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(true);
    feed.hold();
    const missed = feed.lastPrice(symbol);
    await page.waitForTimeout(500);
    expect(await offscreenChanges()).toBe(0);
    await last.scrollIntoViewIfNeeded();
    // The row shows the price it missed, with no tint: catching up is not a move the user saw.
    await expect
      .poll(async () => fixed(await last.getByTestId('row-price').textContent()), { timeout: 15_000 })
      .toBe(fixed(missed));
    await page.waitForTimeout(1_000);
    type Batch = { price: string; flash: boolean };
    const batches = () => page.evaluate(() => (globalThis as unknown as { batches: Batch[] }).batches);
    expect((await batches()).some((b) => b.flash)).toBe(false);
    // The next move, live, flashes as usual.
    feed.pass();
    await expect.poll(async () => (await batches()).some((b) => b.flash), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});
