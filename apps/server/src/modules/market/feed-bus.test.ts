import type { FeedMessage } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bus, InProcessBus, typedBus } from '../../platform/bus.js';
import { ManualSource, type TestApp, createTestApp, until } from '../../testing.js';

/**
 * The leader sends what a source says in one go as one `publishMany` (one NOTIFY statement, one Redis pipeline), in
 * the order it was said, instead of one publish a message: the simulator's second is ~80 messages.
 */
describe('the feed on the bus', () => {
  const source = new ManualSource();
  /** Each call the market made to the bus, as the list of messages it carried. */
  const sends: { via: 'publish' | 'publishMany'; messages: FeedMessage[] }[] = [];
  /** What a subscriber (another node) hears, in order. */
  const heard: FeedMessage[] = [];
  let t: TestApp;

  beforeAll(async () => {
    const inner = typedBus(new InProcessBus());
    const bus: Bus = {
      ...inner,
      publish(topic, message) {
        if (topic === 'market') sends.push({ via: 'publish', messages: [message as FeedMessage] });
        return inner.publish(topic, message);
      },
      publishMany(topic, messages) {
        if (topic === 'market') sends.push({ via: 'publishMany', messages: messages as FeedMessage[] });
        return inner.publishMany(topic, messages);
      },
    };
    await bus.subscribe('market', (m) => heard.push(m as FeedMessage));
    t = await createTestApp(
      { market: { source: 'sim', seed: 't', feed: true, historyHours: 0, tickRetentionMs: 86_400_000 } },
      { priceSource: source, bus },
    );
    await until(() => source.products.length > 0);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends a source's burst in one call, in order, and the node applies it at once", async () => {
    const ts = Date.UTC(2031, 0, 1);
    const symbols = source.products.slice(0, 35);
    expect(symbols.length).toBeGreaterThan(30);
    sends.length = 0;
    heard.length = 0;
    // One second of a source, said synchronously: every product's book and trade, then the ticks.
    for (const symbol of symbols) {
      source.depth({ symbol, ts, bids: [{ price: '1.0000', size: '1' }], asks: [{ price: '1.0002', size: '1' }] });
      source.trades([{ symbol, id: `t-${symbol}`, ts, price: '1.0001', size: '1', side: 'buy' }]);
    }
    source.ticks(symbols.map((symbol) => ({ symbol, ts, price: '1.0001' })));
    // The leader applied it before anything went out (it never waits on the bus for its own feed).
    expect(t.app.market.trades(symbols[0]!)[0]).toMatchObject({ id: `t-${symbols[0]}` });
    expect(sends).toHaveLength(0);

    const expected = symbols.length * 2 + Math.ceil(symbols.length / 30);
    await until(() => heard.length === expected);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.via).toBe('publishMany');
    const kinds = sends[0]!.messages.map((m) => m.kind);
    expect(kinds.slice(0, 2)).toEqual(['depth', 'trades']);
    expect(kinds.slice(-2)).toEqual(['ticks', 'ticks']);
    expect(heard.map((m) => m.kind)).toEqual(kinds);
    expect(heard.flatMap((m) => (m.kind === 'ticks' ? m.ticks.map((x) => x.symbol) : []))).toEqual(symbols);

    // The next burst is a call of its own.
    source.ticks([{ symbol: symbols[0]!, ts: ts + 1000, price: '1.0003' }]);
    await until(() => heard.length === expected + 1);
    expect(sends).toHaveLength(2);
    expect(sends[1]!.messages).toHaveLength(1);
  });
});
