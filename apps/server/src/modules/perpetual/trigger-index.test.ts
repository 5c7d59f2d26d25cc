import { describe, expect, it } from 'vitest';
import { type Trigger, TriggerIndex, type TriggerKind } from './trigger-index.js';

/** A small seeded generator (mulberry32), so a failing case is reproducible from its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The obviously correct engine: scan everything on every tick. */
class NaiveIndex {
  readonly all = new Map<string, Trigger>();
  add(t: Trigger) {
    this.all.set(t.id, t);
  }
  remove(id: string) {
    return this.all.delete(id);
  }
  fire(symbol: string, price: string): Trigger[] {
    const p = Number(price);
    const fired = [...this.all.values()].filter(
      (t) => t.symbol === symbol && (t.side === 'up' ? Number(t.level) <= p : Number(t.level) >= p),
    );
    for (const t of fired) this.all.delete(t.id);
    return fired;
  }
}

const KINDS: TriggerKind[] = ['limit', 'tp', 'sl', 'liq'];
const ids = (list: Trigger[]) => list.map((t) => t.id).sort();

describe('trigger index', () => {
  it('fires up triggers at or below the price and down triggers at or above it, nothing else', () => {
    const index = new TriggerIndex();
    const t = (id: string, side: 'up' | 'down', level: string): Trigger => ({
      id,
      symbol: 'BTCUSDT',
      kind: 'tp',
      side,
      level,
      ref: id,
    });
    index.add(t('u100', 'up', '100'));
    index.add(t('u101', 'up', '101'));
    index.add(t('d99', 'down', '99'));
    index.add(t('d98', 'down', '98.5'));
    expect(index.fire('BTCUSDT', 99.5)).toEqual([]);
    expect(index.fire('ETHUSDT', 1000)).toEqual([]);
    expect(ids(index.fire('BTCUSDT', 100))).toEqual(['u100']);
    // A jump past several levels fires them all at once.
    expect(ids(index.fire('BTCUSDT', 97))).toEqual(['d98', 'd99']);
    expect(index.size).toBe(1);
    expect(index.remove('u101')).toBe(true);
    expect(index.remove('u101')).toBe(false);
    expect(index.fire('BTCUSDT', 1000)).toEqual([]);
  });

  it('keeps equal levels apart by id and replaces a trigger added twice', () => {
    const index = new TriggerIndex();
    for (let i = 0; i < 5; i++) {
      index.add({ id: `t${i}`, symbol: 'X', kind: 'sl', side: 'down', level: '10', ref: `${i}` });
    }
    expect(index.remove('t2')).toBe(true);
    index.add({ id: 't3', symbol: 'X', kind: 'sl', side: 'down', level: '9', ref: '3' });
    expect(ids(index.fire('X', 10))).toEqual(['t0', 't1', 't4']);
    expect(ids(index.fire('X', 9))).toEqual(['t3']);
    expect(index.size).toBe(0);
  });

  it('refuses a level that is not a number', () => {
    expect(() =>
      new TriggerIndex().add({ id: 'x', symbol: 'X', kind: 'liq', side: 'up', level: 'abc', ref: 'x' }),
    ).toThrow();
  });

  // Differential: the same random stream of adds, removes and price ticks against the naive scan.
  for (const seed of [1, 7, 42, 2024, 99991]) {
    it(`matches a naive scan on random triggers and price paths (seed ${seed})`, () => {
      const random = rng(seed);
      const index = new TriggerIndex();
      const naive = new NaiveIndex();
      const symbols = ['BTCUSDT', 'ETHUSDT', 'XAUUSD'];
      const price = new Map(symbols.map((s) => [s, 100]));
      let next = 0;
      for (let step = 0; step < 4000; step++) {
        const symbol = symbols[Math.floor(random() * symbols.length)]!;
        const now = price.get(symbol)!;
        const r = random();
        if (r < 0.45) {
          // A new trigger near the price, on either side, sometimes exactly at a level already used.
          const level = (random() < 0.1 ? Math.round(now) : now * (0.9 + random() * 0.2)).toFixed(2);
          const t: Trigger = {
            id: `t${next++}`,
            symbol,
            kind: KINDS[Math.floor(random() * KINDS.length)]!,
            side: random() < 0.5 ? 'up' : 'down',
            level,
            ref: String(next),
          };
          index.add(t);
          naive.add(t);
        } else if (r < 0.55 && naive.all.size > 0) {
          const keys = [...naive.all.keys()];
          const id = keys[Math.floor(random() * keys.length)]!;
          expect(index.remove(id)).toBe(naive.remove(id));
        } else {
          // A tick: mostly small moves, now and then a gap of up to 8 %.
          const move = random() < 0.05 ? (random() - 0.5) * 0.16 : (random() - 0.5) * 0.01;
          const p = (now * (1 + move)).toFixed(2);
          price.set(symbol, Number(p));
          expect(ids(index.fire(symbol, Number.parseFloat(p)))).toEqual(ids(naive.fire(symbol, p)));
        }
        expect(index.size).toBe(naive.all.size);
      }
      for (const s of symbols)
        expect(ids(index.list(s))).toEqual(ids([...naive.all.values()].filter((t) => t.symbol === s)));
    });
  }
});
