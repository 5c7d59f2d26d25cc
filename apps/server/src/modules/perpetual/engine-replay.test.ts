import type { PerpOrder } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import {
  otherEngineDeps,
  perpOrder,
  perpTrades,
  perpetualSuite,
  source,
  tick,
  trader,
} from '../../perpetual-testing.js';
import { type TestApp, until } from '../../testing.js';
import { TriggerEngine } from './engine.js';

/**
 * The engine's replay of stored ticks it did not process (issue 12 item 5), in a file of its own: it stops the
 * app's engine and runs one of its own, so no other test's engine or positions share its app.
 */
const src = source();
let t: TestApp;
perpetualSuite(src, (app) => {
  t = app;
});

const order = perpOrder;
const trades = perpTrades;

/** Another engine on the app's book and market (a node of its own, with its own bus). */
const engineDeps = (database: TestApp['database']) => otherEngineDeps(t, database);

/** Waits for an asynchronous condition (a database read) to hold. */
async function eventually(cond: () => Promise<boolean>, timeoutMs = 30_000) {
  const t0 = Date.now();
  while (!(await cond())) {
    if (Date.now() - t0 > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('perpetual trigger engine: replay after a gap', () => {
  it('replays the stored ticks it missed (stopped, leadership lost, a gap): every crossed order fills once', async () => {
    const s = 'INJUSDT';
    const u = await trader(t);
    const db = t.database.db;
    // The app's engine is down (its node died): nobody acts on ticks while the market still stores them.
    await t.app.perpetualEngine.stop();
    await tick(t, src, s, '100.000');
    const limit = async (side: string, price: string) =>
      (await order(u.as, s, { side, type: 'limit', price, quantity: '1' })).data.id;
    const longAt95 = await limit('long', '95');
    const shortAt105 = await limit('short', '105');
    const longAt80 = await limit('long', '80');
    expect((await order(u.as, s, { quantity: '1', tpPrice: '108', slPrice: '92' })).code).toBe(1);
    expect((await order(u.as, s, { side: 'short', quantity: '2', slPrice: '106' })).code).toBe(1);
    // Crossed and back: 94 fills the long at 95, 106 the short at 105 and the short's stop, 108.5 the take-profit.
    for (const p of ['94.000', '101.000']) await tick(t, src, s, p);
    // Placed after the dip: the 94 tick is older than it and must not fill it.
    const longAt96 = await limit('long', '96');
    for (const p of ['106.000', '108.500', '100.000']) await tick(t, src, s, p);
    await eventually(async () => (await t.app.market.lastStoredTicks([s])).get(s) === t.clock.ms);
    let lost = () => {};
    let free = true;
    const lead = {
      release: async () => {},
      onLost: (fn: () => void) => {
        lost = fn;
      },
    };
    const engine = new TriggerEngine({
      ...engineDeps({ ...t.database, tryLead: async () => (free ? lead : null) }),
      options: { leadRetryMs: 20, reloadMs: 3_600_000 },
    });
    const pending = async () => (await u.as<{ list: PerpOrder[] }>('Sustainable/currentEntrust')).data.list;
    const fills = async () =>
      (await trades(u.as)).filter((x) => x.symbol === s).map((x) => [x.orderId, x.action, x.price, x.quantity]);
    try {
      await engine.start();
      await engine.idle();
      expect((await pending()).map((o) => o.id).sort()).toEqual([longAt80, longAt96].sort());
      const closes = (await fills()).filter(([, action]) => action !== 'open');
      expect(closes.map(([, action, price, qty]) => [action, price, qty]).sort()).toEqual([
        ['sl', '106.000', '2'],
        ['tp', '108.500', '1'],
      ]);
      const opens = (await fills()).filter(([id]) => id === longAt95 || id === shortAt105);
      expect(opens.map(([id, , price]) => [id, price]).sort()).toEqual(
        [
          [longAt95, '95.000'],
          [shortAt105, '105.000'],
        ].sort(),
      );
      // Its leadership lost (the lock's connection cut): the price dips through 96 and comes back unheeded.
      free = false;
      lost();
      expect(engine.isLeader).toBe(false);
      for (const p of ['95.500', '100.000']) await tick(t, src, s, p);
      expect((await pending()).map((o) => o.id)).toContain(longAt96);
      // Free again: it leads once more at once, before the feed has stored the dip, and replays from where it
      // stopped as soon as the dip is in the ticks table (no later tick needed).
      free = true;
      await until(() => engine.isLeader);
      await engine.idle();
      await eventually(async () => !(await pending()).some((o) => o.id === longAt96));
      expect((await fills()).filter(([id]) => id === longAt96).map(([, , price]) => price)).toEqual(['96.000']);
      // A gap while it leads: ticks stored by a feed leader it did not hear (the bus was down), then a live one.
      const gapAt = t.clock.ms + 1_000;
      await t.app.market.storeTick({ symbol: s, ts: gapAt, price: '79.500', size: '1', source: 'sim' }, db);
      t.clock.advance(5_000);
      await tick(t, src, s, '100.000');
      await eventually(async () => (await pending()).length === 0);
      await engine.idle();
      const all = await fills();
      const perOrder = new Map<string, number>();
      for (const [id] of all) perOrder.set(String(id), (perOrder.get(String(id)) ?? 0) + 1);
      expect([...perOrder.values()].every((n) => n === 1)).toBe(true);
      expect(all.filter(([id]) => id === longAt96 || id === longAt80).map(([id, , price]) => [id, price])).toEqual(
        expect.arrayContaining([
          [longAt96, '96.000'],
          [longAt80, '80.000'],
        ]),
      );
    } finally {
      await engine.stop();
    }
  });
});
