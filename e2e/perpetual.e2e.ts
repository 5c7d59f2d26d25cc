import { randomUUID } from 'node:crypto';
import { type TestServer, startTestServer } from '@nexa/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser.js';
import { type Prefs, appSession, textOf } from './session.js';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const { api, demoTrader, openPosition, openSignedIn } = appSession(() => server);
const text = textOf;

const ROUTE = {
  perpetual: '/pages/tabbarPages/perpetual/index',
  trade: '/pages/tabbarPages/perpetual/index1',
  rule: '/pages/tabbarPages/perpetual/rule',
  detail: '/pages/tabbarPages/perpetual/detail',
} as const;

const PREFS: Prefs = { lang: 'en', theme: 'dark', productType2: 'BTCUSDT' };

type Account = { balance: string; available: string; positionMargin: string; frozenMargin: string };
type Position = {
  id: string;
  side: string;
  quantity: string;
  entryPrice: string;
  margin: string;
  tpPrice: string | null;
};

async function positions(token: string): Promise<{ list: Position[]; account: Account }> {
  return api('Sustainable/PositionOrders', {}, token);
}

/** "67,250.50" → 67250.5 (test arithmetic only; the app never does this). */
const num = (shown: string | null) => Number((shown ?? '').replace(/[^\d.-]/g, ''));

/** A screenshot once any toast has gone (they cover the cards); nothing without SCREENSHOT_DIR. */
async function clean(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOT_DIR) return;
  await page
    .locator('.adm-toast-main')
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => undefined);
  await shot(page, name);
}

async function waitForLivePrice(page: Page): Promise<void> {
  await expect.poll(() => text(page, 'perp-market-price'), { timeout: 20_000 }).toMatch(/\d/);
}

describe('perpetual: a 10x market long from the order entry to its history', () => {
  it(
    'opens a 10x market long in demo, sets a TP, watches the PnL move, closes it, finds it in History orders and Trades',
    { timeout: 150_000 },
    async () => {
      const session = await demoTrader('perp', 'perpetual', '1000');
      const context = await phone(browser);
      const page = await context.newPage();
      // The position's figures as the socket's `user` channel pushes them.
      const perpFrames: string[] = [];
      page.on('websocket', (ws) =>
        ws.on('framereceived', (frame) => {
          const payload = String(frame.payload);
          if (payload.includes('"channel":"user"') && payload.includes('"type":"perpetual.')) perpFrames.push(payload);
        }),
      );
      await openSignedIn(page, session, ROUTE.perpetual, PREFS);
      await page.getByTestId('perpetual-page').waitFor();
      await expect.poll(() => page.getByTestId('product-header').getAttribute('data-symbol')).toBe('BTCUSDT');
      await expect.poll(() => text(page, 'perp-mode')).toBe('Demo account');
      await expect.poll(() => text(page, 'perp-available')).toBe('1,000.00');
      await expect.poll(() => text(page, 'perp-leverage')).toBe('10x');
      await waitForLivePrice(page);
      await expect(page.getByTestId('perp-positions-empty').isVisible()).resolves.toBe(true);

      // Nothing invalid is sent: no quantity, then more than the wallet pays for.
      await page.getByTestId('perp-open-long').click();
      await expect.poll(() => text(page, 'perp-lots-error')).toBe('Please enter quantity');
      await page.getByTestId('perp-lots').fill('100000');
      await page.getByTestId('perp-open-long').click();
      await expect.poll(() => text(page, 'perp-lots-error')).toBe('Insufficient available margin');
      // A fraction of a lot typed key by key stays as typed and is refused: the point no longer vanished and let
      // the 5 join the 1 (15 lots).
      await page.getByTestId('perp-lots').fill('');
      await page.getByTestId('perp-lots').pressSequentially('1.5');
      await expect.poll(() => page.getByTestId('perp-lots').inputValue()).toBe('1.5');
      await page.getByTestId('perp-open-long').click();
      await expect
        .poll(() => text(page, 'perp-lots-error'))
        .toBe('The quantity must be a whole number of lots, at least 1');
      await expect(page.getByTestId('perp-confirm-sheet').count()).resolves.toBe(0);

      // 10 lots of BTC (0.01 BTC) at 10x: margin ≈ 67 USDT, fee ≈ 0.34.
      await page.getByTestId('perp-lots').fill('10');
      await expect.poll(() => text(page, 'perp-preview-margin')).toMatch(/^\d+\.\d{2}$/);
      await expect.poll(() => text(page, 'perp-preview-fee')).toMatch(/^0\.\d{2}$/);
      await clean(page, 'perpetual-panel-en-dark');
      await page.getByTestId('perp-open-long').click();
      const sheet = page.getByTestId('perp-confirm-sheet');
      await sheet.waitFor();
      const summary = (await sheet.textContent()) ?? '';
      for (const part of ['BTC/USDT', 'Long', '10x', 'Market', '10', 'USDT']) expect(summary).toContain(part);
      await clean(page, 'perpetual-confirm-en-dark');
      // While the sheet is open a market order's price follows the live ticker (the feed moves every second) and the
      // estimates are quoted again at it: the price moves, with the liquidation price, and is the header's price.
      const fact = (id: string) => sheet.getByTestId(id).locator('dd').textContent();
      const [firstPrice, firstLiquidation] = [await fact('perp-confirm-price'), await fact('perp-confirm-liquidation')];
      expect(firstPrice).toMatch(/^Market price ≈ \d[\d,]*\.\d{2}$/);
      await expect
        .poll(async () => (await fact('perp-confirm-price')) !== firstPrice, { timeout: 20_000, interval: 500 })
        .toBe(true);
      await expect.poll(() => fact('perp-confirm-liquidation')).not.toBe(firstLiquidation);
      await expect
        .poll(async () => `${num(await fact('perp-confirm-price'))}` === `${num(await text(page, 'product-price'))}`)
        .toBe(true);
      // The estimates are the order entry's own, at the price shown: 10 lots of 0.001 BTC at 10x.
      await expect
        .poll(async () => {
          const [price, margin] = [num(await fact('perp-confirm-price')), num(await fact('perp-confirm-margin'))];
          return Math.abs(margin - (price * 10 * 0.001) / 10) <= 0.01;
        })
        .toBe(true);
      // The sheet checks the draft again as the margin moves: with most of it moved out (another screen, another
      // device), it says so and Confirm waits; with it back, Confirm places the order.
      const move = (from: string, to: string) =>
        api('index/zySubmit', { from, to, currency: 'USDT', amount: '990', requestId: randomUUID() }, session.token);
      const confirm = page.getByTestId('perp-confirm');
      const problem = sheet.getByTestId('perp-confirm-problem');
      await move('perpetual', 'spot');
      await problem.waitFor({ timeout: 20_000 });
      await expect(problem.textContent()).resolves.toBe('Insufficient available margin');
      await expect(confirm.isDisabled()).resolves.toBe(true);
      await clean(page, 'perpetual-confirm-problem-en-dark');
      await move('spot', 'perpetual');
      await problem.waitFor({ state: 'detached', timeout: 20_000 });
      await expect(confirm.isEnabled()).resolves.toBe(true);
      await confirm.click();

      // The position: long, 10 lots, 10x; the money left the available margin.
      const card = page.getByTestId('perp-position');
      await card.waitFor({ timeout: 15_000 });
      await expect(card.getAttribute('data-side')).resolves.toBe('long');
      await expect(text(page, 'perp-position-lots')).resolves.toBe('10');
      expect(await card.textContent()).toContain('10x');
      const [held] = (await positions(session.token)).list;
      expect(held).toMatchObject({ side: 'long', quantity: '10' });
      const account = (await positions(session.token)).account;
      expect(Number(account.available)).toBeLessThan(1000 - Number(held?.margin));
      await expect
        .poll(() => text(page, 'perp-available'))
        .toBe(Number(account.available).toLocaleString('en-US', { minimumFractionDigits: 2 }));
      const entry = num(await text(page, 'perp-position-entry'));
      expect(entry).toBeGreaterThan(0);

      // TP/SL: empty is refused in the user's language; a TP below the entry too; then a TP far above.
      await page.getByTestId('perp-position-tpsl').click();
      await page.getByTestId('perp-tpsl-sheet').waitFor();
      await page.getByTestId('perp-tpsl-submit').click();
      await expect.poll(() => text(page, 'perp-tpsl-error')).toBe('Please select at least one option');
      await page.getByTestId('perp-tpsl-tp').fill((entry * 0.9).toFixed(2));
      await page.getByTestId('perp-tpsl-submit').click();
      await expect.poll(() => text(page, 'perp-tpsl-tp-error')).toMatch(/^The take-profit price must be above /);
      // A stop-loss the price has already passed (above the live mark of a long) is refused against that mark, not
      // the entry: set, the next tick would close the position at once.
      const mark = num(await text(page, 'perp-tpsl-mark'));
      await page.getByTestId('perp-tpsl-sl').fill((mark * 1.01).toFixed(2));
      await page.getByTestId('perp-tpsl-submit').click();
      const slError = page.getByTestId('perp-tpsl-sl-error');
      // The price is isolated left-to-right (U+2066 … U+2069) so it reads the same in every direction.
      const slMessage = /^The stop-loss price must be below \u2066([\d,.]+)\u2069$/;
      await expect.poll(() => slError.textContent()).toMatch(slMessage);
      const named = num((await slError.textContent())?.match(slMessage)?.[1] ?? '');
      expect(Math.abs(named - mark) / mark).toBeLessThan(0.002);
      // The refusal follows the price the sheet shows as it moves: its limit is the mark on screen, not the one at
      // the tap (read together, in one frame; the feed ticks every second).
      const together = () =>
        page.evaluate(() => {
          const textOf = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
          const digits = (s: string) => s.replace(/[^\d.]/g, '');
          return digits(textOf('perp-tpsl-mark')) === digits(textOf('perp-tpsl-sl-error'));
        });
      await expect.poll(together, { timeout: 10_000 }).toBe(true);
      await page.waitForTimeout(2_500);
      await expect.poll(together, { timeout: 10_000 }).toBe(true);
      await page.getByTestId('perp-tpsl-sl').fill('');
      const tp = (entry * 1.5).toFixed(2);
      await page.getByTestId('perp-tpsl-tp').fill(tp);
      await clean(page, 'perpetual-tpsl-en-dark');
      await page.getByTestId('perp-tpsl-submit').click();
      await expect
        .poll(() => text(page, 'perp-position-tp'))
        .toBe(num(tp).toLocaleString('en-US', { minimumFractionDigits: 2 }));
      expect(Number((await positions(session.token)).list[0]?.tpPrice)).toBe(Number(tp));

      // The PnL moves with the market: the sim feed ticks every second and the server pushes the position's
      // figures on the user channel (polling is only the net under it).
      await expect
        .poll(() => perpFrames.filter((f) => f.includes('"unrealizedPnl"')).length, { timeout: 40_000 })
        .toBeGreaterThan(2);
      const firstPnl = await text(page, 'perp-position-pnl');
      const firstMark = await text(page, 'perp-position-mark');
      expect(firstPnl).toMatch(/^[+-]?\d[\d,]*\.\d{2}$|^0\.00$/);
      await expect
        .poll(async () => `${await text(page, 'perp-position-mark')} ${await text(page, 'perp-position-pnl')}`, {
          timeout: 30_000,
          interval: 500,
        })
        .not.toBe(`${firstMark} ${firstPnl}`);
      await expect.poll(() => text(page, 'perp-position-ratio')).toMatch(/^\d[\d,]*\.\d{2}%$/);
      await expect.poll(() => text(page, 'perp-position-liq')).toMatch(/^\d[\d,]*\.\d{2}$/);
      await card.scrollIntoViewIfNeeded();
      await clean(page, 'perpetual-position-en-dark');

      // Close it through the UI: more lots than open are refused; all of them close at market.
      await page.getByTestId('perp-position-close').click();
      await page.getByTestId('perp-close-sheet').waitFor();
      await expect(page.getByTestId('perp-close-quantity').inputValue()).resolves.toBe('10');
      // More lots than open are said as typed, before any submit, and Close waits until the lots are changed.
      await page.getByTestId('perp-close-quantity').fill('11');
      await expect.poll(() => text(page, 'perp-close-quantity-error'), { timeout: 2_000 }).toBe('At most 10 lots');
      await expect(page.getByTestId('perp-close-submit').isDisabled()).resolves.toBe(true);
      await clean(page, 'perpetual-close-too-many-en-dark');
      // Lots the close refuses have no estimate: not "0.00" beside the error.
      await page.getByTestId('perp-close-quantity').fill('0');
      for (const id of ['perp-close-estimate', 'perp-close-fee', 'perp-close-net']) {
        await expect.poll(() => text(page, id)).toBe('--');
      }
      // Only that problem is said as typed: an empty field stays quiet until Close is tapped.
      await expect(page.getByTestId('perp-close-quantity-error').count()).resolves.toBe(0);
      await page.getByTestId('perp-close-quantity').fill('');
      await expect(page.getByTestId('perp-close-quantity-error').count()).resolves.toBe(0);
      await page.getByTestId('perp-close-submit').click();
      await expect.poll(() => text(page, 'perp-close-quantity-error')).toBe('Please enter quantity');
      await page.getByTestId('perp-close-all-lots').click();
      await clean(page, 'perpetual-close-en-dark');
      await page.getByTestId('perp-close-submit').click();
      await page.getByTestId('perp-positions-empty').waitFor({ timeout: 15_000 });
      expect((await positions(session.token)).list).toHaveLength(0);
      expect((await positions(session.token)).account.positionMargin).toMatch(/^0(\.0+)?$/);

      // History orders: the opening and the closing order, both filled.
      await page.getByTestId('perp-tab-history').click();
      await expect.poll(() => page.getByTestId('perp-history-order').count(), { timeout: 10_000 }).toBe(2);
      const statuses = await page
        .getByTestId('perp-history-order')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
      expect(statuses).toEqual(['filled', 'filled']);
      // Each says what it did to the position, as exchanges do: "Close long", not "Long · Close" (read as opening).
      const kinds = await page
        .locator('[data-testid="perp-history-order"] .perp-row__tags')
        .evaluateAll((rows) => rows.map((r) => r.textContent));
      expect(kinds).toEqual(['Close long10xMarket', 'Open long10xMarket']);
      await clean(page, 'perpetual-history-en-dark');

      // Trades: the open and the close fill of the same position.
      await page.getByTestId('perp-tab-trades').click();
      await expect.poll(() => page.getByTestId('perp-trade').count(), { timeout: 10_000 }).toBe(2);
      const actions = await page
        .getByTestId('perp-trade')
        .evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-action')}:${r.getAttribute('data-position')}`));
      expect(actions.map((a) => a.split(':')[0]).sort()).toEqual(['close', 'open']);
      expect(new Set(actions.map((a) => a.split(':')[1])).size).toBe(1);
      const fills = await page.locator('[data-testid="perp-trade"] .perp-side').allTextContents();
      expect(fills.sort()).toEqual(['Close long', 'Open long']);
      await clean(page, 'perpetual-trades-en-dark');

      // A trade's detail, and from it the (closed) position with both fills.
      await page.getByTestId('perp-trade').first().click();
      await page.getByTestId('perp-detail').waitFor();
      await expect.poll(() => text(page, 'perp-detail-figure')).toMatch(/USDT$/);
      await clean(page, 'perpetual-trade-detail-en-dark');
      await page.getByText('View position').click();
      await page.getByTestId('perp-detail-closed').waitFor();
      await expect.poll(() => page.getByTestId('perp-trade').count()).toBe(2);
      await context.close();
    },
  );
});

describe('perpetual: limit orders, add margin, close all, rules and the single-product screen', () => {
  it(
    'rests a limit order and cancels it, adds margin, closes everything without asking again until Settings turns the confirmation back on',
    { timeout: 120_000 },
    async () => {
      const session = await demoTrader('perp2', 'perpetual', '2000');
      await openPosition(session.token, { symbol: 'BTCUSDT', side: 'long', quantity: '5' });
      await openPosition(session.token, { symbol: 'ETHUSDT', side: 'short', quantity: '2' });
      const context = await phone(browser);
      const page = await context.newPage();
      await openSignedIn(page, session, ROUTE.perpetual, PREFS);
      await page.getByTestId('perpetual-page').waitFor();
      await expect.poll(() => page.getByTestId('perp-position').count(), { timeout: 15_000 }).toBe(2);
      await waitForLivePrice(page);

      // A limit long far below the market rests as a pending order; its margin is frozen.
      const price = num(await text(page, 'product-price'));
      await page.getByTestId('perp-type-limit').click();
      await page.getByTestId('perp-open-long').click();
      await expect.poll(() => text(page, 'perp-price-error')).toBe('Please enter the price');
      const limit = (price * 0.5).toFixed(2);
      await page.getByTestId('perp-price').fill(limit);
      await page.getByTestId('perp-lots').fill('3');
      await page.getByTestId('perp-open-long').click();
      // A limit order's sheet keeps the entered price while the market moves under it.
      const shownLimit = () => page.getByTestId('perp-confirm-price').locator('dd').textContent();
      const header = await text(page, 'product-price');
      await expect.poll(() => text(page, 'product-price'), { timeout: 20_000 }).not.toBe(header);
      expect(num(await shownLimit())).toBe(Number(limit));
      await page.getByTestId('perp-confirm').click();
      await page.getByTestId('perp-order').waitFor({ timeout: 10_000 });
      await expect(page.getByTestId('perp-order').getAttribute('data-status')).resolves.toBe('pending');
      expect(await page.getByTestId('perp-order').locator('.perp-row__tags').textContent()).toBe('Open long10xLimit');
      expect(Number((await positions(session.token)).account.frozenMargin)).toBeGreaterThan(0);
      await clean(page, 'perpetual-orders-en-dark');
      await page.getByTestId('perp-order-cancel').click();
      await page.getByTestId('perp-cancel-confirm').click();
      await page.getByTestId('perp-orders-empty').waitFor({ timeout: 10_000 });
      expect((await positions(session.token)).account.frozenMargin).toMatch(/^0(\.0+)?$/);

      // A long limit far above the market fills at once at the market price (the server's rule): the entry says so
      // under the price, and the sheet quotes margin, fee and liquidation at the market price, with its own note.
      const through = (num(await text(page, 'product-price')) * 1.5).toFixed(2);
      await page.getByTestId('perp-price').fill(through);
      await page.getByTestId('perp-price-fills-now-long').waitFor();
      await expect(page.getByTestId('perp-price-fills-now-short').count()).resolves.toBe(0);
      await page.getByTestId('perp-open-long').click();
      const crossing = page.getByTestId('perp-confirm-sheet');
      await crossing.waitFor();
      const crossFact = (id: string) => crossing.getByTestId(id).locator('dd').textContent();
      expect(num(await shownLimit())).toBe(Number(through));
      expect(await crossFact('perp-confirm-fill-price')).toMatch(/^Market price ≈ \d[\d,]*\.\d{2}$/);
      expect(await crossing.textContent()).toContain('the order fills at once at about the market price');
      expect(await crossing.textContent()).not.toContain('until it fills at your price');
      // 3 lots of 0.001 BTC at 10x, at the market price shown, not at the limit.
      await expect
        .poll(async () => {
          const [at, margin] = [
            num(await crossFact('perp-confirm-fill-price')),
            num(await crossFact('perp-confirm-margin')),
          ];
          return Math.abs(margin - (at * 3 * 0.001) / 10) <= 0.01;
        })
        .toBe(true);
      expect(num(await crossFact('perp-confirm-margin'))).toBeLessThan((Number(through) * 3 * 0.001) / 10 - 1);
      await clean(page, 'perpetual-limit-fills-now-en-dark');
      await page.getByTestId('perp-confirm-cancel').click();
      await crossing.waitFor({ state: 'detached' });

      // Add margin: empty and more than available are refused; 5 USDT raises the margin by 5.
      await page.getByTestId('perp-tab-positions').click();
      const btc = page.locator('[data-testid="perp-position"][data-symbol="BTCUSDT"]');
      const before = num(await btc.getByTestId('perp-position-margin').textContent());
      await btc.getByTestId('perp-position-add-margin').click();
      await page.getByTestId('perp-margin-sheet').waitFor();
      await page.getByTestId('perp-margin-submit').click();
      await expect.poll(() => text(page, 'perp-margin-amount-error')).toBe('Please enter the margin amount to add');
      // More than available is said as typed, with no "after" liquidation price, and Confirm waits; "0." is on its
      // way somewhere and says nothing.
      await page.getByTestId('perp-margin-amount').fill('99999');
      await expect.poll(() => text(page, 'perp-margin-amount-error')).toBe('Insufficient balance');
      await expect(page.getByTestId('perp-margin-liq-after').count()).resolves.toBe(0);
      await expect(page.getByTestId('perp-margin-submit').isDisabled()).resolves.toBe(true);
      await clean(page, 'perpetual-add-margin-over-en-dark');
      await page.getByTestId('perp-margin-amount').fill('0.');
      await expect.poll(() => page.getByTestId('perp-margin-amount-error').count()).toBe(0);
      await expect(page.getByTestId('perp-margin-submit').isEnabled()).resolves.toBe(true);
      await page.getByTestId('perp-margin-amount').fill('5');
      await expect.poll(() => text(page, 'perp-margin-liq-after')).toMatch(/^→ \d/);
      await clean(page, 'perpetual-add-margin-en-dark');
      await page.getByTestId('perp-margin-submit').click();
      await expect
        .poll(async () => num(await btc.getByTestId('perp-position-margin').textContent()), { timeout: 10_000 })
        .toBeCloseTo(before + 5, 2);

      // Part of the BTC position: the notice says what closed and what is still open, and the card shows the rest.
      await btc.getByTestId('perp-position-close').click();
      await page.getByTestId('perp-close-sheet').waitFor();
      await page.getByTestId('perp-close-quantity').fill('2');
      // The sheet shows the closing fee and PnL − fee at the price it shows, read in one go as the user sees them.
      const closeFigures = () =>
        page.getByTestId('perp-close-sheet').evaluate((sheet) => {
          const of = (id: string) => sheet.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
          return {
            price: of('perp-close-price'),
            pnl: of('perp-close-estimate'),
            fee: of('perp-close-fee'),
            net: of('perp-close-net'),
          };
        });
      await expect.poll(async () => (await closeFigures()).fee).toMatch(/^\d+\.\d{2}$/);
      const shown = await closeFigures();
      await page.getByTestId('perp-close-submit').click();
      await page.locator('.adm-toast-main', { hasText: 'Lots closed: 2 · still open: 3' }).waitFor();
      const cents = (v: string | null) => Math.round(num(v) * 100);
      expect(cents(shown.fee)).toBeGreaterThan(0);
      expect(cents(shown.net)).toBe(cents(shown.pnl) - cents(shown.fee));
      // What the close booked is what the sheet showed, up to the market's move between the look and the fill
      // (2 lots of 0.001 BTC: the PnL moves 0.002 USDT a dollar, the fee 0.0005 of that).
      const booked = (
        await api<{ list: { action: string; quantity: string; price: string; fee: string; realizedPnl: string }[] }>(
          'Sustainable/historyTrades',
          { page: 1, pageSize: 20 },
          session.token,
        )
      ).list.find((t) => t.action === 'close' && t.quantity === '2');
      const move = Math.abs(num(booked?.price ?? null) - num(shown.price)) * 2 * 0.001;
      expect(Math.abs(cents(booked?.fee ?? null) - cents(shown.fee))).toBeLessThanOrEqual(
        Math.ceil(move * 0.0005 * 100) + 1,
      );
      const bookedNet = cents(booked?.realizedPnl ?? null) - cents(booked?.fee ?? null);
      expect(Math.abs(bookedNet - cents(shown.net))).toBeLessThanOrEqual(Math.ceil(move * 1.0005 * 100) + 2);
      if (num(booked?.price ?? null) === num(shown.price)) {
        expect([cents(booked?.fee ?? null), bookedNet]).toEqual([cents(shown.fee), cents(shown.net)]);
      }
      await expect.poll(() => btc.getByTestId('perp-position-lots').textContent(), { timeout: 10_000 }).toBe('3');

      // Close all: the dialog names 10X and the market price; "don't remind me again" is kept.
      await page.getByTestId('perp-close-all').click();
      const dialog = page.getByTestId('perp-close-all-dialog');
      await dialog.waitFor();
      const wording = (await dialog.locator('.perp-dialog__text').textContent()) ?? '';
      // 10X is the default for new orders, not a claim about the positions closing (these are listed with their own).
      expect(wording).toContain('the default leverage for new orders is 10X');
      expect(wording).toContain('market price');
      const closing = await dialog
        .getByTestId('perp-close-all-row')
        .evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-symbol')} ${r.textContent}`));
      expect(closing.sort()).toEqual([
        expect.stringMatching(/^BTCUSDT BTC\/USDT Long10x 3 Lots[+-]?\d+\.\d{2} USDT$/),
        expect.stringMatching(/^ETHUSDT ETH\/USDT Short10x 2 Lots[+-]?\d+\.\d{2} USDT$/),
      ]);
      await page.getByTestId('perp-close-all-no-remind').click();
      await clean(page, 'perpetual-close-all-en-dark');
      await page.getByTestId('perp-close-all-confirm').click();
      await page.getByTestId('perp-positions-empty').waitFor({ timeout: 15_000 });
      // The list can empty (socket) before the call answers; the dialog closes on the answer, then animates out.
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
      await expect(page.evaluate(() => localStorage.getItem('nexa-perp-close-all-no-remind'))).resolves.toBe('1');

      // Next time close-all acts at once.
      await openPosition(session.token, { symbol: 'BTCUSDT', side: 'short', quantity: '1' });
      await page.getByTestId('perp-position').waitFor({ timeout: 15_000 });
      await page.getByTestId('perp-close-all').click();
      await page.getByTestId('perp-positions-empty').waitFor({ timeout: 15_000 });
      await expect(page.getByTestId('perp-close-all-dialog').count()).resolves.toBe(0);

      // Settings is the way back: the confirmation reads off; switching it on forgets "don't remind me again".
      await page.getByTestId('tab-mine').click();
      await page.getByTestId('mine-settings').click();
      await page.getByTestId('settings-page').waitFor();
      const confirmCloseAll = page.getByTestId('settings-confirm-close-all');
      await expect(confirmCloseAll.getAttribute('aria-checked')).resolves.toBe('false');
      await confirmCloseAll.click();
      await expect.poll(() => confirmCloseAll.getAttribute('aria-checked')).toBe('true');
      await expect(page.evaluate(() => localStorage.getItem('nexa-perp-close-all-no-remind'))).resolves.toBeNull();
      await clean(page, 'settings-close-all-confirm-en-dark');

      // Close-all asks again, the box unticked: Cancel keeps the position, Close all closes it.
      await page.getByTestId('nav-back').click();
      await page.getByTestId('tab-perpetual').click();
      await page.getByTestId('perpetual-page').waitFor();
      await openPosition(session.token, { symbol: 'BTCUSDT', side: 'long', quantity: '1' });
      await page.getByTestId('perp-position').waitFor({ timeout: 15_000 });
      await page.getByTestId('perp-close-all').click();
      await page.getByTestId('perp-close-all-dialog').waitFor();
      await expect(page.getByTestId('perp-close-all-no-remind').locator('input').isChecked()).resolves.toBe(false);
      await page.getByTestId('perp-close-all-cancel').click();
      await page.getByTestId('perp-close-all-dialog').waitFor({ state: 'detached' });
      await expect(page.getByTestId('perp-position').count()).resolves.toBe(1);
      await page.getByTestId('perp-close-all').click();
      await page.getByTestId('perp-close-all-confirm').click();
      await page.getByTestId('perp-positions-empty').waitFor({ timeout: 15_000 });
      await expect(page.evaluate(() => localStorage.getItem('nexa-perp-close-all-no-remind'))).resolves.toBeNull();

      // Rules and the single-product screen.
      await page.getByTestId('perp-rule-link').click();
      await page.getByTestId('perp-rule').waitFor();
      await expect.poll(() => page.getByTestId('perp-rule-section').count()).toBeGreaterThan(0);
      await expect.poll(() => text(page, 'perp-rule-leverage')).toBe('Default leverage: 10x');
      await clean(page, 'perpetual-rule-en-dark');
      await page.goto(`${server.url}/h5/#${ROUTE.trade}?symbol=ETHUSDT`);
      await page.getByTestId('perp-trade-page').waitFor();
      await expect.poll(() => page.getByTestId('product-header').getAttribute('data-symbol')).toBe('ETHUSDT');
      await page.getByTestId('perp-panel').waitFor();
      await clean(page, 'perpetual-index1-en-dark');
      await context.close();
    },
  );
});

describe('perpetual screens in other languages and themes', () => {
  // Each language once, the themes between them (the journeys above run en dark): a language's texts do not change
  // with the theme, and each case costs a browser context and a position (~12 s of a loaded CI worker).
  const cases: { lang: string; theme: 'dark' | 'light'; tpError: RegExp; selectOne: string }[] = [
    { lang: 'en', theme: 'light', tpError: /^The take-profit/, selectOne: 'Please select at least one option' },
    { lang: 'zh', theme: 'dark', tpError: /^止盈价格须高于/, selectOne: '请至少选择一项' },
    {
      lang: 'ar',
      theme: 'light',
      tpError: /^يجب أن يكون سعر جني الربح أعلى من/,
      selectOne: 'يرجى اختيار خيار واحد على الأقل',
    },
  ];
  it.each(cases)('$lang $theme: panel, position and TP/SL errors in the language', { timeout: 90_000 }, async (c) => {
    const session = await demoTrader(`perp-${c.lang}`, 'perpetual', '1000');
    await openPosition(session.token, { symbol: 'BTCUSDT', side: 'long', quantity: '4' });
    const context = await phone(browser);
    const page = await context.newPage();
    await openSignedIn(page, session, ROUTE.perpetual, { lang: c.lang, theme: c.theme, productType2: 'BTCUSDT' });
    await page.getByTestId('perpetual-page').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(c.lang === 'ar' ? 'rtl' : 'ltr');
    await page.getByTestId('perp-position').waitFor({ timeout: 15_000 });
    await waitForLivePrice(page);
    const name = `perpetual-${c.lang}-${c.theme}`;
    await clean(page, `${name}-top`);
    await page.getByTestId('perp-lots').fill('2');
    await page.getByTestId('perp-panel').scrollIntoViewIfNeeded();
    await clean(page, `${name}-panel`);
    await page.getByTestId('perp-position').scrollIntoViewIfNeeded();
    await clean(page, `${name}-position`);

    // Latest trades: each value sits on its header's side, in either direction (time at the start, price and size
    // at the end), the figures themselves reading left to right.
    await page.getByTestId('trade-row').first().waitFor({ timeout: 20_000 });
    const columns = await page.getByTestId('latest-trades').evaluate((card) => {
      const box = (el: Element | undefined) => {
        const range = document.createRange();
        if (el) range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        return { left: r.left, right: r.right };
      };
      const values = Array.from(card.querySelectorAll('tbody tr:first-child td'));
      return Array.from(card.querySelectorAll('thead th')).map((th, i) => ({ head: box(th), value: box(values[i]) }));
    });
    expect(columns).toHaveLength(3);
    columns.forEach(({ head, value }, i) => {
      const atEnd = i > 0;
      const edge = atEnd === (c.lang === 'ar') ? 'left' : 'right';
      expect(Math.abs(head[edge] - value[edge]), `column ${i} ${edge}`).toBeLessThan(1.5);
    });
    await page.getByTestId('latest-trades').scrollIntoViewIfNeeded();
    await clean(page, `${name}-latest-trades`);

    await page.getByTestId('perp-position-tpsl').click();
    await page.getByTestId('perp-tpsl-submit').click();
    await expect.poll(() => text(page, 'perp-tpsl-error')).toBe(c.selectOne);
    const entry = num(await text(page, 'perp-position-entry'));
    await page.getByTestId('perp-tpsl-tp').fill((entry * 0.9).toFixed(2));
    await page.getByTestId('perp-tpsl-submit').click();
    await expect.poll(() => text(page, 'perp-tpsl-tp-error')).toMatch(c.tpError);
    await clean(page, `${name}-tpsl`);
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/h5/#${ROUTE.rule}`);
    await page.getByTestId('perp-rule-section').first().waitFor();
    await clean(page, `${name}-rule`);
    const [position] = (await positions(session.token)).list;
    await page.goto(`${server.url}/h5/#${ROUTE.detail}?type=position&id=${position?.id ?? ''}`);
    await page.getByTestId('perp-detail-figure').waitFor();
    await clean(page, `${name}-detail`);
    await context.close();
  });
});
