import { money, pnlPreview, settleClose } from '@nexa/rules';
import { describe, expect, it } from 'vitest';
import {
  checkAddMargin,
  checkLots,
  checkTpSl,
  closeAllPnl,
  closePreview,
  limitFillsNow,
  liquidationAfterAdding,
  liquidationPrice,
  liveAddMarginProblem,
  liveCloseLotsProblem,
  maxLots,
  orderPreview,
  orderReference,
  quoteOrder,
  quotedOrderProblems,
} from './perp-model';

const BTC = { contractSize: '0.001', feeRate: '0.0005' };

describe('perpetual arithmetic (the contract header, the server rounding)', () => {
  it.each([
    // price, lots, leverage → notional, margin (up), fee (up)
    ['67250.50', '10', 10, '672.51', '67.26', '0.34'],
    ['67250.50', '1', 100, '67.25', '0.68', '0.04'],
    ['3420.25', '3', 20, '10.26', '0.52', '0.01'],
    ['100', '2', 1, '0.20', '0.20', '0.01'],
  ])('opening %s × %s lots at %ix', (price, lots, leverage, notional, margin, fee) => {
    const p = orderPreview(price, lots, leverage, BTC);
    expect(p).toMatchObject({ notional, margin, fee });
    expect(p?.cost).toBe(money(margin).plus(fee).toFixed(2));
  });

  it('previews nothing until price and lots are positive', () => {
    expect(orderPreview(undefined, '1', 10, BTC)).toBeNull();
    expect(orderPreview('100', '', 10, BTC)).toBeNull();
    expect(orderPreview('100', '0', 10, BTC)).toBeNull();
  });

  it('finds the most lots the available margin pays margin and fee for', () => {
    // One lot at 67250.50, 10x: 6.73 margin + 0.04 fee = 6.77.
    expect(maxLots('6.77', '67250.50', 10, BTC)).toBe(1n);
    expect(maxLots('6.76', '67250.50', 10, BTC)).toBe(0n);
    const max = maxLots('1000', '67250.50', 10, BTC);
    const cost = (n: bigint) => money(orderPreview('67250.50', n.toString(), 10, BTC)?.cost ?? '0');
    expect(cost(max).lte(1000)).toBe(true);
    expect(cost(max + 1n).gt(1000)).toBe(true);
    expect(maxLots(undefined, '1', 10, BTC)).toBe(0n);
  });

  it('puts the liquidation price where the margin is used up, rounded toward the entry', () => {
    // long: 67250.5 − 67.26 ÷ 0.01 = 60524.5; short: 67250.5 + 6726 = 73976.5
    expect(liquidationPrice('long', '67250.50', '67.26', '10', '0.001', 2)).toBe('60524.50');
    expect(liquidationPrice('short', '67250.50', '67.26', '10', '0.001', 2)).toBe('73976.50');
    // 100 − 10 ÷ 3 = 96.666… → up for a long; 100 + 3.333… → down for a short
    expect(liquidationPrice('long', '100', '10', '3', '1', 2)).toBe('96.67');
    expect(liquidationPrice('short', '100', '10', '3', '1', 2)).toBe('103.33');
    // 1x long: never below zero
    expect(liquidationPrice('long', '100', '100', '1', '1', 2)).toBe('0.00');
    expect(liquidationAfterAdding('long', '100', '10', '5', '3', '1', 2)).toBe('95.00');
    expect(liquidationAfterAdding('long', '100', '10', '', '3', '1', 2)).toBeNull();
  });

  it('quotes an order at a price: its margin and fee, and the liquidation price of what it opens', () => {
    // The confirm sheet quotes a market order again at each tick: a new price moves margin, fee and liquidation.
    expect(quoteOrder('long', '67250.50', '10', 10, BTC, 2)).toEqual({
      preview: orderPreview('67250.50', '10', 10, BTC),
      liquidation: '60524.50',
    });
    expect(quoteOrder('short', '67250.50', '10', 10, BTC, 2)?.liquidation).toBe('73976.50');
    const later = quoteOrder('long', '67350.50', '10', 10, BTC, 2);
    expect(later?.preview.margin).toBe('67.36');
    expect(later?.liquidation).toBe('60614.50');
    expect(quoteOrder('long', undefined, '10', 10, BTC, 2)).toBeNull();
    expect(quoteOrder('long', '67250.50', '', 10, BTC, 2)).toBeNull();
  });

  it('computes PnL as the server reports and a close books it (a profit down, a loss up to the cent)', () => {
    expect(pnlPreview('long', '67250.50', '67300.129', '10', '0.001')).toBe('0.49');
    expect(pnlPreview('short', '67250.50', '67300.129', '10', '0.001')).toBe('-0.50');
  });
});

describe('input checks', () => {
  it('takes whole lots from 1 up to a maximum', () => {
    expect(checkLots('')).toEqual({ kind: 'empty' });
    expect(checkLots('0')).toEqual({ kind: 'notPositive' });
    expect(checkLots('1.5')).toEqual({ kind: 'notPositive' });
    expect(checkLots('3', '2')).toEqual({ kind: 'tooManyLots', max: '2' });
    expect(checkLots('2', '2')).toBeNull();
  });

  it('says only "more lots than open" while the close sheet is typed in; empty, 0 and fractions wait for Confirm', () => {
    expect(liveCloseLotsProblem('11', '10')).toEqual({ kind: 'tooManyLots', max: '10' });
    expect(liveCloseLotsProblem('1000000000', '10')).toEqual({ kind: 'tooManyLots', max: '10' });
    for (const lots of ['', '0', '1.5', '1', '10']) expect(liveCloseLotsProblem(lots, '10')).toBeNull();
  });

  it('keeps TP on the profitable side and SL between the entry and the liquidation price', () => {
    const long = { side: 'long' as const, reference: '100', liquidation: '90.10' };
    expect(checkTpSl('', '', long)).toEqual({ tp: null, sl: null });
    expect(checkTpSl('101', '95', long)).toEqual({ tp: null, sl: null });
    expect(checkTpSl('100', '', long).tp).toEqual({ kind: 'tpAbove', price: '100' });
    expect(checkTpSl('', '100', long).sl).toEqual({ kind: 'slBelow', price: '100' });
    expect(checkTpSl('', '90.10', long).sl).toEqual({ kind: 'slBeyondLiquidation', price: '90.10' });
    expect(checkTpSl('0', '', long).tp).toEqual({ kind: 'notPositive' });
    const short = { side: 'short' as const, reference: '100', liquidation: '109.90' };
    expect(checkTpSl('99', '105', short)).toEqual({ tp: null, sl: null });
    expect(checkTpSl('100', '', short).tp).toEqual({ kind: 'tpBelow', price: '100' });
    expect(checkTpSl('', '99', short).sl).toEqual({ kind: 'slAbove', price: '100' });
    expect(checkTpSl('', '110', short).sl).toEqual({ kind: 'slBeyondLiquidation', price: '109.90' });
  });

  it('says what the server would refuse in an order quoted at a price: the cost against the margin, TP/SL against the price', () => {
    const order = { side: 'long' as const, reference: '100', cost: '50.25', liquidation: '90.10', tp: '', sl: '' };
    expect(quotedOrderProblems({ ...order, available: '50.25' })).toEqual({});
    expect(quotedOrderProblems({ ...order, available: undefined })).toEqual({});
    expect(quotedOrderProblems({ ...order, available: '50.24' })).toEqual({ lots: { kind: 'insufficient' } });
    expect(quotedOrderProblems({ ...order, cost: null, available: '0' })).toEqual({});
    // A TP set above the price the sheet opened at, with the market now past it: refused until it is above again.
    expect(quotedOrderProblems({ ...order, tp: '101', available: '100' })).toEqual({});
    expect(quotedOrderProblems({ ...order, reference: '101.5', tp: '101', available: '100' })).toEqual({
      tp: { kind: 'tpAbove', price: '101.5' },
    });
    expect(quotedOrderProblems({ ...order, sl: '90', available: '100' })).toEqual({
      sl: { kind: 'slBeyondLiquidation', price: '90.10' },
    });
  });

  it('adds margin only when positive and available', () => {
    expect(checkAddMargin('', '10')).toEqual({ kind: 'empty' });
    expect(checkAddMargin('0.00', '10')).toEqual({ kind: 'notPositive' });
    expect(checkAddMargin('10.01', '10')).toEqual({ kind: 'insufficient' });
    expect(checkAddMargin('10', '10')).toBeNull();
  });
});

describe('closing a position: what the close sheet shows is what the close books', () => {
  // Long 100 lots of 0.001 BTC at 100x: margin 65.22.
  const long = { side: 'long' as const, entryPrice: '65210', margin: '65.22', quantity: '100', contractSize: '0.001' };

  it('shows the PnL, the closing fee and PnL − fee, by the rules package’s settleClose', () => {
    // 30 lots at 65199.33: PnL −10.67 × 0.03 = −0.3201 (a loss rounds up: −0.33); fee 1955.98 × 0.0005 → 0.98.
    expect(closePreview(long, '30', '65199.33', '0.0005')).toEqual({ pnl: '-0.33', fee: '0.98', net: '-1.31' });
    const s = settleClose(
      {
        side: 'long',
        entryPrice: money('65210'),
        margin: money('65.22'),
        quantity: money('100'),
        contractSize: money('0.001'),
      },
      money('30'),
      money('65199.33'),
      money('0.0005'),
    );
    expect(closePreview(long, '30', '65199.33', '0.0005')).toEqual({
      pnl: s.pnl.toFixed(2),
      fee: s.fee.toFixed(2),
      net: s.pnl.minus(s.fee).toFixed(2),
    });
  });

  it('caps a loss at the closing margin and takes the fee only out of what is left, as the server does', () => {
    const one = { ...long, quantity: '1', margin: '0.66' };
    expect(closePreview(one, '1', '64000', '0.0005')).toEqual({ pnl: '-0.66', fee: '0.00', net: '-0.66' });
  });

  it('estimates nothing for lots the close refuses, or without a price or a fee rate', () => {
    for (const lots of ['', '0', '1.5', '101']) expect(closePreview(long, lots, '65199.33', '0.0005')).toBeNull();
    expect(closePreview(long, '30', undefined, '0.0005')).toBeNull();
    expect(closePreview(long, '30', '65199.33', undefined)).toBeNull();
  });
});

describe('closing all: the estimate of each position is what its close books', () => {
  const long = { side: 'long' as const, entryPrice: '65210', margin: '65.22', quantity: '100', contractSize: '0.001' };
  const short = { ...long, side: 'short' as const };

  it('is the PnL of closing all the lots, before the fee', () => {
    expect(closeAllPnl(long, '65199.33')).toBe(closePreview(long, '100', '65199.33', '0.0005')?.pnl);
    expect(closeAllPnl(long, '65199.33')).toBe('-1.07');
    expect(closeAllPnl(short, '65199.33')).toBe('1.06');
  });

  it('past the liquidation price, loses the margin and no more (the settlement cap), not the open PnL', () => {
    // 0.1 BTC long from 65,210 with 65.22 margin at 64,000: the open PnL is −121.00, the close takes 65.22.
    expect(pnlPreview('long', '65210', '64000', '100', '0.001')).toBe('-121.00');
    expect(closeAllPnl(long, '64000')).toBe('-65.22');
    expect(closeAllPnl(short, '66500')).toBe('-65.22');
  });

  it('estimates nothing without a price', () => {
    expect(closeAllPnl(long, undefined)).toBeNull();
    expect(closeAllPnl(long, '0')).toBeNull();
  });
});

describe('adding margin: said while typing, no "after" for an amount that cannot be added', () => {
  it('says only "more than available" as typed; empty, "0." and 0 wait for Confirm', () => {
    expect(liveAddMarginProblem('99999', '2979.45')).toEqual({ kind: 'insufficient' });
    for (const amount of ['', '0.', '0', '5', '2979.45']) expect(liveAddMarginProblem(amount, '2979.45')).toBeNull();
    expect(liveAddMarginProblem('99999', undefined)).toBeNull();
  });

  it('previews the liquidation price after adding only an amount that can be added', () => {
    expect(liquidationAfterAdding('long', '100', '10', '5', '3', '1', 2, '5')).toBe('95.00');
    expect(liquidationAfterAdding('long', '100', '10', '5', '3', '1', 2, '4.99')).toBeNull();
    expect(liquidationAfterAdding('long', '100', '10', '0', '3', '1', 2, '5')).toBeNull();
  });
});

describe('a limit the market has already crossed', () => {
  it('fills at once as the server decides: a long when the market is at or below its limit, a short at or above', () => {
    expect(limitFillsNow('long', '70000', '64615.2')).toBe(true);
    expect(limitFillsNow('long', '64615.2', '64615.20')).toBe(true);
    expect(limitFillsNow('long', '60000', '64615.2')).toBe(false);
    expect(limitFillsNow('short', '60000', '64615.2')).toBe(true);
    expect(limitFillsNow('short', '64615.2', '64615.2')).toBe(true);
    expect(limitFillsNow('short', '70000', '64615.2')).toBe(false);
    // Nothing known or nothing valid: it rests (the server decides at its own price).
    for (const [limit, market] of [
      ['70000', undefined],
      ['', '64615.2'],
      ['0', '64615.2'],
      [undefined, '1'],
    ]) {
      expect(limitFillsNow('long', limit, market)).toBe(false);
    }
  });

  it('is quoted at the market price, as a market order is; a limit that rests at its own price', () => {
    expect(orderReference('market', 'long', undefined, '64615.2')).toEqual({ reference: '64615.2', atMarket: true });
    expect(orderReference('limit', 'long', '70000', '64615.2')).toEqual({ reference: '64615.2', atMarket: true });
    expect(orderReference('limit', 'short', '70000', '64615.2')).toEqual({ reference: '70000', atMarket: false });
    // The confirm sheet's margin for a long limit at 70,000 is the market quote, not the limit's.
    const { reference } = orderReference('limit', 'long', '70000', '64615.2');
    expect(quoteOrder('long', reference, '10', 10, BTC, 2)?.preview.margin).toBe('64.62');
  });
});
