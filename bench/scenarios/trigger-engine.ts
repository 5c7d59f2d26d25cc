// The perpetual trigger engine (issue 7): a tick's cost with 200 000 resting triggers (limit, TP, SL and
// liquidation levels spread over every product) against the same tick handler over an empty index, in the
// same run. Target: ≤ 2 × the empty one. A bare loop that only touches the tick is printed too, for scale.
import { type Trigger, TriggerIndex } from '@nexa/server/perpetual/trigger-index';

const TRIGGERS = Number(process.env.BENCH_TRIGGERS ?? 200_000);
const TICKS = Number(process.env.BENCH_TICKS ?? 2_000_000);
const SYMBOLS = 44;
const KINDS = ['limit', 'tp', 'sl', 'liq'] as const;

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

/** A random walk per product, as ticks arrive: (symbol, price) pairs, prepared before timing. */
function tickStream(random: () => number) {
  const symbols = Array.from({ length: SYMBOLS }, (_, i) => `P${i}USDT`);
  const prices = symbols.map(() => 100);
  const out: { symbol: string; price: string }[] = [];
  for (let i = 0; i < TICKS; i++) {
    const s = Math.floor(random() * SYMBOLS);
    prices[s] = prices[s]! * (1 + (random() - 0.5) * 0.002);
    out.push({ symbol: symbols[s]!, price: prices[s]!.toFixed(4) });
  }
  return { symbols, ticks: out };
}

export default async function triggerEngine() {
  const random = rng(7);
  const { symbols, ticks } = tickStream(random);
  const index = new TriggerIndex();
  for (let i = 0; i < TRIGGERS; i++) {
    // Resting levels 2–40 % away from the price, as liquidation, TP and SL levels of 10x positions sit.
    const up = random() < 0.5;
    const distance = 0.02 + random() * 0.38;
    index.add({
      id: `t${i}`,
      symbol: symbols[i % SYMBOLS]!,
      kind: KINDS[i % 4]!,
      side: up ? 'up' : 'down',
      level: (100 * (up ? 1 + distance : 1 - distance)).toFixed(4),
      ref: String(i),
    });
  }
  let sink = 0;
  const empty = (symbol: string, price: string) => {
    sink += symbol.length + price.length + (Number.parseFloat(price) > 0 ? 1 : 0);
  };
  let fired = 0;
  const onTick = (index: TriggerIndex) => (symbol: string, price: string) => {
    sink += symbol.length + price.length;
    const p = Number.parseFloat(price);
    const hits: Trigger[] = index.fire(symbol, p);
    if (hits.length > 0) {
      fired += hits.length;
      // Keep the index at its size: each fired trigger comes back 2–40 % away from this price.
      for (const t of hits) {
        const up = t.side === 'up';
        const distance = 0.02 + random() * 0.38;
        index.add({ ...t, level: (p * (up ? 1 + distance : 1 - distance)).toFixed(4) });
      }
    }
  };
  const none = onTick(new TriggerIndex());
  const engine = onTick(index);
  const run = (handler: (s: string, p: string) => void) => {
    const t0 = process.hrtime.bigint();
    for (const t of ticks) handler(t.symbol, t.price);
    return Number(process.hrtime.bigint() - t0) / ticks.length;
  };
  // Warm both up, then alternate rounds and keep each one's median: the machine is noisy.
  run(empty);
  run(none);
  run(engine);
  const emptyNs: number[] = [];
  const noneNs: number[] = [];
  const engineNs: number[] = [];
  for (let round = 0; round < 5; round++) {
    emptyNs.push(run(empty));
    noneNs.push(run(none));
    engineNs.push(run(engine));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const e = median(emptyNs);
  const n = median(noneNs);
  const g = median(engineNs);
  console.log(`resting triggers                ${index.size} over ${SYMBOLS} products`);
  console.log(`ticks a round                   ${TICKS}, fired in all rounds ${fired} (${sink > 0 ? 'ok' : ''})`);
  console.log(`bare loop (parses the tick)     ${e.toFixed(1)} ns/tick`);
  console.log(`engine, empty index             ${n.toFixed(1)} ns/tick`);
  console.log(`engine, ${index.size} triggers     ${g.toFixed(1)} ns/tick`);
  console.log(`ratio 200 000 / empty index     ${(g / n).toFixed(2)} (target ≤ 2.00)`);
}
