import { describe, expect, it } from 'vitest';
import { money } from './money.js';
import {
  type Exposure,
  checkTakeStop,
  displayLiquidationPrice,
  feeOf,
  liquidatedAt,
  liquidationLevel,
  liquidationPrice,
  marginOf,
  pct,
  pnlAt,
  pnlPreview,
  ratioAt,
  settleClose,
  usdt,
} from './perpetual.js';

const exposure = (side: 'long' | 'short', lots: string, cs: string, entry: string, margin: string): Exposure => ({
  side,
  quantity: money(lots),
  contractSize: money(cs),
  entryPrice: money(entry),
  margin: money(margin),
});

describe('perpetual arithmetic: the table', () => {
  // side, lots, contract size, entry, leverage, fee rate → margin, fee; then at `mark`: PnL, ratio %, liq price.
  const rows = [
    ['long', '10', '1', '100', 10, '0.0005', '100.00', '0.50', '105', '50.00', '150', '90.00'],
    ['long', '10', '1', '100', 10, '0.0005', '100.00', '0.50', '95', '-50.00', '50', '90.00'],
    ['long', '10', '1', '100', 10, '0.0005', '100.00', '0.50', '90', '-100.00', '0', '90.00'],
    ['short', '10', '1', '100', 10, '0.0005', '100.00', '0.50', '95', '50.00', '150', '110.00'],
    ['short', '10', '1', '100', 10, '0.0005', '100.00', '0.50', '110', '-100.00', '0', '110.00'],
    ['short', '10', '1', '100', 10, '0.0005', '100.00', '0.50', '115', '-150.00', '-50', '110.00'],
    // BTC: 0.001 BTC a lot at 67 250.50, 20x: notional 201.7515 → margin 10.087575 rounded up to 10.09.
    ['long', '3', '0.001', '67250.50', 20, '0.0005', '10.09', '0.11', '67250.50', '0.00', '100', '63887.17'],
    ['short', '3', '0.001', '67250.50', 20, '0.0005', '10.09', '0.11', '70000', '-8.24', '18.25', '70613.83'],
    // 1x long: the liquidation price is 0, which no price reaches.
    ['long', '1', '1', '50', 1, '0.0005', '50.00', '0.03', '1', '-49.00', '2', '0.00'],
    // Forex: 1 000 EUR a lot at 1.08450, 100x, 0.03 % fee.
    ['short', '2', '1000', '1.08450', 100, '0.0003', '21.69', '0.66', '1.08000', '9.00', '141.49', '1.09534'],
  ] as const;
  for (const [side, lots, cs, entry, lev, rate, margin, fee, mark, pnl, ratio, liq] of rows) {
    it(`${side} ${lots} × ${cs} at ${entry}, ${lev}x: margin ${margin}, fee ${fee}; at ${mark} PnL ${pnl}, ratio ${ratio} %, liq ${liq}`, () => {
      const m = marginOf(money(entry), money(lots), money(cs), lev);
      expect(m.toFixed(2)).toBe(margin);
      expect(feeOf(money(entry), money(lots), money(cs), money(rate)).toFixed(2)).toBe(fee);
      const p = exposure(side, lots, cs, entry, m.toFixed());
      expect(usdt(pnlAt(p, money(mark)))).toBe(pnl);
      expect(pct(ratioAt(p, money(mark)))).toBe(ratio);
      const precision = entry.split('.')[1]?.length ?? 2;
      expect(displayLiquidationPrice(p, Math.max(precision, 2))).toBe(liq);
      // The rule and the price agree: liquidated exactly at the exact liquidation price and beyond, never before.
      const exact = liquidationPrice(p);
      if (exact.gt(0)) {
        // Exactly at it when it is a finite decimal (90.00 for 10 lots of 1 at 100, 10x).
        if (exact.eq(liq)) expect(liquidatedAt(p, exact)).toBe(true);
        const before = side === 'long' ? exact.plus('0.0000001') : exact.minus('0.0000001');
        const beyond = side === 'long' ? exact.minus('0.0000001') : exact.plus('0.0000001');
        expect(liquidatedAt(p, before)).toBe(false);
        expect(liquidatedAt(p, beyond)).toBe(true);
        // The trigger level never lies beyond the rule: any liquidating price crosses it.
        const level = liquidationLevel(p);
        expect(side === 'long' ? level.gte(exact) : level.lte(exact)).toBe(true);
      }
    });
  }
});

describe('perpetual arithmetic: closing', () => {
  const p = exposure('long', '10', '1', '100', '100');
  it('a full close in profit pays the margin, the PnL less the fee', () => {
    const s = settleClose(p, money(10), money('105'), money('0.0005'));
    expect([s.closingMargin, s.pnl, s.fee, s.proceeds, s.remainingMargin].map((v) => v.toFixed(2))).toEqual([
      '100.00',
      '50.00',
      '0.53',
      '149.47',
      '0.00',
    ]);
  });
  it('a partial close releases its share of the margin and keeps the rest held', () => {
    const s = settleClose(p, money(3), money('95'), money('0.0005'));
    expect([s.closingMargin, s.pnl, s.fee, s.proceeds, s.remainingMargin].map((v) => v.toFixed(2))).toEqual([
      '30.00',
      '-15.00',
      '0.15',
      '14.85',
      '70.00',
    ]);
  });
  it('a loss never takes more than the margin released, and the fee only what is left', () => {
    const s = settleClose(p, money(10), money('89'), money('0.0005'));
    expect([s.pnl, s.fee, s.proceeds].map((v) => v.toFixed(2))).toEqual(['-100.00', '0.00', '0.00']);
    const near = settleClose(p, money(10), money('90.01'), money('0.0005'));
    // Loss 99.90 of 100: the fee (0.46) is capped at the 0.10 left.
    expect([near.pnl, near.fee, near.proceeds].map((v) => v.toFixed(2))).toEqual(['-99.90', '0.10', '0.00']);
  });
  it('shows unrealised PnL to the cent as a close at that price books it, profit and loss alike', () => {
    // Long and short of 3 lots × 0.001 at 67 250.50: exact PnL at each mark, then what a full close realises.
    for (const side of ['long', 'short'] as const) {
      const q = exposure(side, '3', '0.001', '67250.50', '10.09');
      for (const mark of ['67250.47', '67250.51', '67247.10', '67300.129', '67100.999', '67250.50']) {
        const shown = pnlPreview(side, '67250.50', mark, '3', '0.001');
        expect({ side, mark, shown }).toEqual({
          side,
          mark,
          shown: settleClose(q, money(3), money(mark), money(0)).pnl.toFixed(2),
        });
      }
    }
    // A short 0.00003 USDT under water is shown as the cent a close takes, not as 0.00.
    expect(pnlPreview('short', '67250.50', '67250.51', '3', '0.001')).toBe('-0.01');
  });
  it('rounds a profit down and a loss up to the cent', () => {
    const q = exposure('short', '3', '0.001', '67250.50', '10.09');
    expect(settleClose(q, money(3), money('67250.47'), money(0)).pnl.toFixed()).toBe('0');
    expect(settleClose(q, money(3), money('67250.51'), money(0)).pnl.toFixed()).toBe('-0.01');
    expect(settleClose(q, money(3), money('67247.10'), money(0)).pnl.toFixed()).toBe('0.01');
  });
});

describe('perpetual arithmetic: take-profit and stop-loss', () => {
  const long = exposure('long', '10', '1', '100', '100');
  const short = exposure('short', '10', '1', '100', '100');
  const cases = [
    [long, '101', undefined, undefined],
    [long, '100', undefined, 'tpPrice'],
    [long, undefined, '95', undefined],
    [long, undefined, '100', 'slPrice'],
    [long, undefined, '90', 'slPrice'],
    [long, undefined, '90.01', undefined],
    [short, '99', '105', undefined],
    [short, '101', undefined, 'tpPrice'],
    [short, undefined, '110', 'slPrice'],
    [short, undefined, '99', 'slPrice'],
  ] as const;
  for (const [p, tp, sl, fault] of cases) {
    it(`${p.side}: TP ${tp ?? '-'} SL ${sl ?? '-'} → ${fault ?? 'accepted'}`, () => {
      expect(checkTakeStop(p, tp ? money(tp) : undefined, sl ? money(sl) : undefined)).toBe(fault);
    });
  }

  // An open position's levels are checked against the price now: one the market has passed would close it at once.
  const now = [
    // Entry 100, the price fell to 98: an SL at 99 is already passed, a TP at 99 still ahead.
    [long, '98', undefined, '99', 'slPrice'],
    [long, '98', '99', undefined, undefined],
    [long, '98', '98', undefined, 'tpPrice'],
    // The price rose to 103: a stop at 101 locks in a profit; a TP at 102 is behind the price.
    [long, '103', undefined, '101', undefined],
    [long, '103', '102', undefined, 'tpPrice'],
    [long, '103', undefined, '90', 'slPrice'],
    [short, '102', undefined, '101', 'slPrice'],
    [short, '102', '101', undefined, undefined],
    [short, '97', undefined, '99', undefined],
    [short, '97', '98', undefined, 'tpPrice'],
    [short, '97', undefined, '110', 'slPrice'],
  ] as const;
  for (const [p, price, tp, sl, fault] of now) {
    it(`${p.side} entered at 100, now ${price}: TP ${tp ?? '-'} SL ${sl ?? '-'} → ${fault ?? 'accepted'}`, () => {
      const check = checkTakeStop(p, tp ? money(tp) : undefined, sl ? money(sl) : undefined, money(price));
      expect(check).toBe(fault);
    });
  }
});
