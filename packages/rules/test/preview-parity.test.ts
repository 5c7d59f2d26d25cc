/**
 * The figures a screen previews equal what the server computes (issue 10, item 1): for random inputs, each web
 * model function the screens call against the server's own path for the same figure (its exported wrapper where
 * one exists, else the @nexa/rules call its service makes, formatted as its view formats it).
 */
import { CURRENCIES, CURRENCY_CODES, type Currency, type PositionSide, QUOTE_CURRENCY } from '@nexa/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profitOf } from '../../../apps/server/src/modules/delivery/rules.js';
import type { PositionRecord } from '../../../apps/server/src/modules/perpetual/repository.js';
import { toPosition } from '../../../apps/server/src/modules/perpetual/view.js';
import { minimumReceived } from '../../../apps/web/src/features/convert/model.js';
import { expectedProfit } from '../../../apps/web/src/features/delivery/model.js';
import { feeOf, totalOf } from '../../../apps/web/src/features/funding/model.js';
import { liquidationPrice, orderPreview } from '../../../apps/web/src/features/perpetual/model/perp-model.js';
import {
  Money,
  convertRate,
  convertReceive,
  deliveryPayout,
  formatAmount,
  marginOf,
  money,
  feeOf as perpFeeOf,
  pnlPreview,
  slippageFloor,
  withdrawalFee,
} from '../src/index.js';

const RUNS = { numRuns: 500 };

/** A positive decimal string: up to `maxUnits` units of 10^-scale, scale 0..maxScale. */
const decimal = (maxUnits: bigint, maxScale: number) =>
  fc
    .tuple(fc.bigInt({ min: 1n, max: maxUnits }), fc.integer({ min: 0, max: maxScale }))
    .map(([units, scale]) => money(units.toString()).div(money(10).pow(scale)).toFixed(scale));

const side = fc.constantFrom<PositionSide>('long', 'short');
const price = decimal(10n ** 12n, 8);
const lots = fc.bigInt({ min: 1n, max: 999_999_999n }).map(String);
const contractSize = fc.oneof(fc.constantFrom('0.001', '0.01', '0.1', '1', '10', '100'), decimal(10n ** 6n, 6));
const leverage = fc.integer({ min: 1, max: 125 });
const feeRate = fc.oneof(fc.constant('0'), decimal(10n ** 5n, 7));
const precision = fc.integer({ min: 0, max: 8 });
const usdt = decimal(10n ** 12n, 2);

/** A position row as the repository returns it; the view computes the figures a position card shows. */
function row(s: PositionSide, entry: string, margin: string, quantity: string, size: string): PositionRecord {
  return {
    id: '1',
    userId: '1',
    mode: 'real',
    symbol: 'BTCUSDT',
    side: s,
    quantity,
    contractSize: size,
    leverage: 10,
    entryPrice: entry,
    margin,
    holdIds: [],
    tpPrice: null,
    slPrice: null,
    realizedPnl: '0',
    status: 'open',
    version: 1,
    openedAt: new Date(0),
    closedAt: null,
  };
}

describe('perpetual previews equal the server', () => {
  it('order panel: margin and fee are what the book holds on open (marginOf, feeOf), to the cent', () => {
    fc.assert(
      fc.property(price, lots, leverage, contractSize, feeRate, (p, n, lev, size, rate) => {
        const preview = orderPreview(p, n, lev, { contractSize: size, feeRate: rate });
        // book.ts, opening at `p`: the margin and the fee it holds, printed as its view prints money.
        const margin = marginOf(money(p), money(n), money(size), lev);
        const fee = perpFeeOf(money(p), money(n), money(size), money(rate));
        expect(preview).toMatchObject({
          margin: margin.toFixed(2),
          fee: fee.toFixed(2),
          cost: margin.plus(fee).toFixed(2),
        });
      }),
      RUNS,
    );
  });

  it('order panel and margin sheet: the liquidation price is the one the position will show', () => {
    fc.assert(
      fc.property(side, price, usdt, lots, contractSize, precision, (s, entry, margin, n, size, digits) => {
        const shown = toPosition(row(s, entry, margin, n, size), entry, digits).liquidationPrice;
        expect(liquidationPrice(s, entry, margin, n, size, digits)).toBe(shown);
      }),
      RUNS,
    );
  });

  it('close sheet: the PnL of closing every lot at the mark is the position unrealised PnL', () => {
    fc.assert(
      fc.property(side, price, price, usdt, lots, contractSize, (s, entry, mark, margin, n, size) => {
        const shown = toPosition(row(s, entry, margin, n, size), mark, 8).unrealizedPnl;
        expect(pnlPreview(s, entry, mark, n, size)).toBe(shown);
      }),
      RUNS,
    );
  });
});

const currency = fc.constantFrom<Currency>(...CURRENCY_CODES);
const percent = fc.oneof(fc.constantFrom('0', '1', '0.5'), decimal(10_000n, 3));

describe('withdrawal previews equal the server', () => {
  it('the fee and the frozen total are what the withdrawal service freezes', () => {
    fc.assert(
      fc.property(currency, percent, fc.bigInt({ min: 1n, max: 10n ** 15n }), (c, pct, units) => {
        const scale = CURRENCIES[c].scale;
        const amount = money(units.toString()).div(money(10).pow(scale)).toFixed(scale);
        // withdrawals.ts: the fee it freezes, printed as the record prints it (formatAmount at the currency scale).
        const fee = withdrawalFee(money(amount), pct, scale);
        expect(feeOf(amount, pct, scale)).toBe(formatAmount(fee, c));
        expect(totalOf(amount, pct, scale)).toBe(formatAmount(money(amount).plus(fee), c));
      }),
      RUNS,
    );
  });
});

describe('delivery previews equal the server', () => {
  it('the expected profit is what a win pays on top of the stake', () => {
    fc.assert(
      fc.property(usdt, decimal(10_000n, 4), (stake, yieldRate) => {
        const won = deliveryPayout('won', money(stake), yieldRate);
        expect(expectedProfit(stake, yieldRate)).toBe(formatAmount(won.payout.minus(stake), QUOTE_CURRENCY));
        // The delivery module's own rule today (it moves onto deliveryPayout after the module split).
        expect(expectedProfit(stake, yieldRate)).toBe(formatAmount(profitOf(money(stake), yieldRate), QUOTE_CURRENCY));
      }),
      RUNS,
    );
  });
});

describe('convert previews never promise more than the server gives', () => {
  it('the minimum received is at most what the worst accepted rate credits', () => {
    const slippage = fc.integer({ min: 0, max: 500 }).map((hundredths) => money(hundredths).div(100).toFixed());
    fc.assert(
      fc.property(
        decimal(10n ** 12n, 8),
        decimal(10n ** 12n, 8),
        decimal(10n ** 12n, 8),
        fc.integer({ min: 0, max: 8 }),
        slippage,
        (pFrom, pTo, amount, scale, s) => {
          const quoted = convertRate(money(pFrom), money(pTo));
          fc.pre(quoted.gt(0));
          const receive = convertReceive(money(amount), quoted, scale).toFixed(scale);
          // The least rate the service accepts: the floor, at the 18 decimals a rate is kept with, rounded up.
          const worst = slippageFloor(quoted, money(s)).toDecimalPlaces(18, Money.ROUND_UP);
          const credited = convertReceive(money(amount), worst, scale);
          expect(money(minimumReceived(receive, s, scale) ?? 'NaN').lte(credited)).toBe(true);
        },
      ),
      RUNS,
    );
  });
});
