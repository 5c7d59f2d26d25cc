import type { PerpOrder, PerpPosition, PerpTrade, UserEvent, UserFrame } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  type Caller,
  ledgerWallet,
  otherEngineDeps,
  perpOrder,
  perpTrades,
  perpWallet,
  perpetualSuite,
  positions,
  rid,
  source,
  tick,
  trader,
} from '../../perpetual-testing.js';
import { InProcessBus, typedBus } from '../../platform/bus.js';
import { queryRows } from '../../platform/db.js';
import { type TestApp, until } from '../../testing.js';
import { TriggerEngine } from './engine.js';
import { perpetualRepository } from './repository.js';

const src = source();
let t: TestApp;
perpetualSuite(src, (app) => {
  t = app;
});

const order = perpOrder;
const trades = perpTrades;

/** Each test trades its own product, so no price of one test moves another's positions. */
describe('perpetual trigger engine', () => {
  it('fills a long limit when the price falls to it, not before; a short one when it rises to it', async () => {
    const s = 'AVAXUSDT';
    const u = await trader(t);
    await tick(t, src, s, '100.00');
    const long = await order(u.as, s, { type: 'limit', price: '95' });
    const short = await order(u.as, s, { side: 'short', type: 'limit', price: '105', quantity: '2' });
    expect([long.data.status, short.data.status]).toEqual(['pending', 'pending']);
    for (const p of ['97.00', '95.01', '104.99']) {
      await tick(t, src, s, p);
      expect((await u.as<{ list: PerpOrder[] }>('Sustainable/currentEntrust')).data.list).toHaveLength(2);
    }
    expect((await positions(u.as)).list).toEqual([]);
    // Through the limit: filled at the limit price, the fee taken, the margin hold now the position's.
    await tick(t, src, s, '94.50');
    const view = await positions(u.as);
    expect(view.list).toHaveLength(1);
    expect(view.list[0]).toMatchObject({ side: 'long', entryPrice: '95.00', margin: '95.00', markPrice: '94.50' });
    const pending = (await u.as<{ list: PerpOrder[] }>('Sustainable/currentEntrust')).data.list;
    expect(pending.map((o) => o.side)).toEqual(['short']);
    // 1000 − 95.48 (long) − 21.11 (short: 21.00 margin + 0.105 → 0.11 fee) held; the long's fee now spent.
    expect(await perpWallet(u.as)).toMatchObject({ available: '883.41', frozen: '116.11' });
    await tick(t, src, s, '105.00');
    expect((await positions(u.as)).list.map((p) => [p.side, p.entryPrice]).sort()).toEqual([
      ['long', '95.00'],
      ['short', '105.00'],
    ]);
    const filled = (await u.as<{ list: PerpOrder[] }>('Sustainable/historyEntrust')).data.list;
    expect(filled.map((o) => [o.status, o.fillPrice, o.filledQuantity])).toEqual([
      ['filled', '105.00', '2'],
      ['filled', '95.00', '10'],
    ]);
    expect((await trades(u.as)).map((x) => x.action)).toEqual(['open', 'open']);
  });

  it('take-profit and stop-loss close at the market price when crossed', async () => {
    const s = 'LINKUSDT';
    const u = await trader(t);
    await tick(t, src, s, '100.000');
    const tp = await order(u.as, s, { tpPrice: '110', slPrice: '95' });
    const sl = await order(u.as, s, { quantity: '2', tpPrice: '120', slPrice: '99' });
    const shortTp = await order(u.as, s, { side: 'short', quantity: '1', tpPrice: '90', slPrice: '108' });
    expect([tp.code, sl.code, shortTp.code]).toEqual([1, 1, 1]);
    await tick(t, src, s, '109.999');
    expect((await positions(u.as)).list).toHaveLength(2);
    expect((await trades(u.as)).find((x) => x.action === 'sl')).toMatchObject({ price: '109.999', quantity: '1' });
    await tick(t, src, s, '110.500');
    const left = (await positions(u.as)).list;
    expect(left).toHaveLength(1);
    const tpTrade = (await trades(u.as)).find((x) => x.action === 'tp')!;
    expect(tpTrade).toMatchObject({ price: '110.500', quantity: '10', realizedPnl: '105.00' });
    // The long with SL 99 and TP 120 is left.
    await tick(t, src, s, '98.000');
    expect((await positions(u.as)).list).toEqual([]);
    const slTrade = (await trades(u.as)).find((x) => x.action === 'sl' && x.quantity === '2')!;
    expect(slTrade).toMatchObject({ price: '98.000', realizedPnl: '-4.00' });
    expect(await perpWallet(u.as)).toMatchObject({ frozen: '0.00' });
    // Each fired trigger told the user once, linking to its position.
    const inbox = (
      await u.as<{ list: { kind: string; params: Record<string, string>; link: string }[] }>('message/list')
    ).data.list;
    expect(inbox.map((m) => m.kind).sort()).toEqual([
      'perpetual.stopLoss',
      'perpetual.stopLoss',
      'perpetual.takeProfit',
    ]);
    expect(inbox.find((m) => m.kind === 'perpetual.takeProfit')).toMatchObject({
      params: { symbol: s, side: 'long', price: '110.5', pnl: '105' },
    });
  });

  it('liquidates at a margin ratio of exactly 0 %, not a cent before', async () => {
    const s = 'ETCUSDT';
    const u = await trader(t);
    await tick(t, src, s, '100.00');
    expect((await order(u.as, s, {})).code).toBe(1);
    await tick(t, src, s, '90.01');
    const still = (await positions(u.as)).list[0]!;
    expect(still).toMatchObject({ marginRatio: '0.1', liquidationPrice: '90.00' });
    await tick(t, src, s, '90.00');
    expect((await positions(u.as)).list).toEqual([]);
    const liq = (await trades(u.as)).find((x) => x.action === 'liquidation')!;
    expect(liq).toMatchObject({ price: '90.00', quantity: '10', realizedPnl: '-100.00', fee: '0.00' });
    const [message] = (await u.as<{ list: { kind: string; link: string }[] }>('message/list')).data.list;
    expect(message).toMatchObject({ kind: 'perpetual.liquidated' });
    expect(message!.link).toMatch(/^\/pages\/tabbarPages\/perpetual\/detail\?type=position&id=\d+$/);
    // The margin is gone, nothing more: 1000 − 0.50 open fee − 100 margin.
    expect(await perpWallet(u.as)).toMatchObject({ available: '899.50', frozen: '0.00' });
    const history = (await u.as<{ list: PerpOrder[] }>('Sustainable/historyEntrust')).data.list;
    expect(history[0]).toMatchObject({ intent: 'close', fillPrice: '90.00', status: 'filled' });
  });

  it('a price jumping far past the liquidation price takes the margin and no more: the house absorbs the gap', async () => {
    const s = 'FILUSDT';
    const u = await trader(t, '150');
    await tick(t, src, s, '100.000');
    // Short 10 at 100, 10x: liquidation at 110. The price jumps to 150: a loss of 500 on a margin of 100.
    expect((await order(u.as, s, { side: 'short', slPrice: '105' })).code).toBe(1);
    const house = await houseTotal();
    await tick(t, src, s, '150.000');
    expect((await positions(u.as)).list).toEqual([]);
    const liq = (await trades(u.as)).find((x) => x.action === 'liquidation')!;
    // Liquidation wins over the stop-loss the same tick crossed.
    expect(liq).toMatchObject({ price: '150.000', realizedPnl: '-100.00' });
    expect((await trades(u.as)).some((x) => x.action === 'sl')).toBe(false);
    expect(await perpWallet(u.as)).toMatchObject({ available: '49.50', frozen: '0.00' });
    expect((await houseTotal()).minus(house).toFixed(2)).toBe('100.00');
  });

  it('a user close and a liquidation racing end in exactly one outcome', async () => {
    const s = 'NEARUSDT';
    const u = await trader(t, '5000');
    await tick(t, src, s, '100.000');
    const n = 8;
    for (let i = 0; i < n; i++) expect((await order(u.as, s, { quantity: '1' })).code).toBe(1);
    const ids = (await positions(u.as)).list.map((p) => p.id);
    expect(ids).toHaveLength(n);
    // The tick that liquidates them all and the user closing each one, at the same time.
    t.clock.advance(1_000);
    src.ticks([{ symbol: s, ts: t.clock.ms, price: '89.000', size: '1' }]);
    const closes = await Promise.all(
      ids.map((id) => u.as<PerpTrade>('Sustainable/closePosition', { positionId: id, requestId: rid() })),
    );
    await t.app.perpetualEngine.idle();
    for (const c of closes) {
      // Either the user got there first (the price already liquidates: recorded as such) or the engine did.
      if (c.code === 1) expect(['close', 'liquidation']).toContain(c.data.action);
      else expect(c).toMatchObject({ code: 0, msg: 'This position is already closed' });
    }
    const closing = (await trades(u.as)).filter((x) => x.action !== 'open');
    expect(closing).toHaveLength(n);
    expect(new Set(closing.map((x) => x.positionId)).size).toBe(n);
    const rows = await queryRows<{ status: string; n: number }>(
      t.database.db,
      sql`SELECT status, count(*)::int AS n FROM perp_positions WHERE user_id = ${String(u.userId)} GROUP BY status`,
    );
    expect(rows.map((r) => r.status)).not.toContain('open');
    expect(await ledgerWallet(t, u.userId, 'demo')).toMatchObject({ frozen: '0.00' });
  });

  it('pushes positions’ PnL and ratio to a user watching the user channel, at most once a second', async () => {
    const s = 'ICPUSDT';
    const watcher = await trader(t);
    const other = await trader(t);
    await tick(t, src, s, '100.000');
    await order(watcher.as, s, {});
    await order(other.as, s, {});
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${address.replace('http', 'ws')}/api/ws`);
    const items: UserEvent[] = [];
    const replies: string[] = [];
    ws.on('message', (raw) => {
      const parsed = JSON.parse(raw.toString());
      if (!Array.isArray(parsed) && 'op' in parsed) replies.push(parsed.op);
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
        if (m.channel === 'user') items.push(...(m.data as UserFrame[]).map((f) => f.event));
      }
    });
    const sentTo = new Set<string>();
    const hub = t.app.hub;
    const original = hub.publishToUser.bind(hub);
    hub.publishToUser = (userId, data) => {
      if (data.event.type === 'perpetual.positions') sentTo.add(userId);
      original(userId, data);
    };
    try {
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.send(JSON.stringify({ op: 'auth', token: watcher.token }));
      await until(() => replies.includes('authed'));
      ws.send(JSON.stringify({ op: 'subscribe', channels: ['user'] }));
      await until(() => replies.includes('subscribed'));
      // Every node announces its watchers every `watchersMs` (100 ms here); wait for this one to be heard.
      await new Promise((r) => setTimeout(r, 400));
      t.clock.advance(1_000);
      for (const p of ['101.000', '102.000', '103.000', '104.000']) {
        t.clock.advance(200);
        src.ticks([{ symbol: s, ts: t.clock.ms, price: p, size: '1' }]);
      }
      await tick(t, src, s, '105.000');
      const figures = () =>
        items
          .filter((m) => m.type === 'perpetual.positions')
          .flatMap((m) => m.positions as PerpPosition[])
          .filter((p) => p.symbol === s);
      await until(() => figures().length >= 2);
      await new Promise((r) => setTimeout(r, 100));
      // Ticks 200 ms apart: the first one's figures, then none until a second later.
      expect(figures().map((p) => p.markPrice)).toEqual(['101.000', '105.000']);
      expect(figures()[1]).toMatchObject({ unrealizedPnl: '50.00', marginRatio: '150', status: 'open' });
      // Nobody watches the other trader: no figures are computed or sent for them.
      expect(sentTo.has(String(other.userId))).toBe(false);
      expect(sentTo.has(String(watcher.userId))).toBe(true);
    } finally {
      hub.publishToUser = original;
      ws.terminate();
    }
  });

  it('news from a node that does not lead reaches the leader over the bus; older news never overwrites newer', async () => {
    const s = 'ATOMUSDT';
    const u = await trader(t);
    await tick(t, src, s, '100.000');
    await order(u.as, s, { tpPrice: '110' });
    const bus = typedBus(new InProcessBus());
    const deps = {
      book: t.app.perpetual.book,
      market: t.app.market,
      bus,
      userEvents: t.app.platform.userEvents,
      log: t.app.log,
      now: t.clock.now,
    };
    // Two more nodes beside the app's own engine: this one is told it leads, the other that it does not.
    const lead = { release: async () => {}, onLost: () => {} };
    const leader = new TriggerEngine({ ...deps, database: { ...t.database, tryLead: async () => lead } });
    const follower = new TriggerEngine({ ...deps, database: { ...t.database, tryLead: async () => null } });
    try {
      await leader.start();
      await follower.start();
      expect([leader.isLeader, follower.isLeader]).toEqual([true, false]);
      const id = (await positions(u.as)).list[0]!.id;
      expect(leader.trigger(`tp:${id}`)?.level).toBe('110');
      const current = (await perpetualRepository.positionById(t.database.db, id))!;
      // A newer state (the TP moved) told by the follower, then an older one arriving late.
      follower.track({ kind: 'position', row: { ...current, tpPrice: '120', version: current.version + 1 } });
      follower.track({ kind: 'position', row: { ...current, tpPrice: '105', version: current.version } });
      await new Promise((r) => setTimeout(r, 20));
      expect(leader.trigger(`tp:${id}`)?.level).toBe('120');
      expect(follower.trigger(`tp:${id}`)).toBeUndefined();
      // The position ends: its triggers go, and a late open state of it cannot bring them back.
      follower.track({ kind: 'position', row: { ...current, status: 'closed', version: current.version + 2 } });
      follower.track({ kind: 'position', row: { ...current, version: current.version + 1 } });
      await new Promise((r) => setTimeout(r, 20));
      expect(leader.trigger(`tp:${id}`)).toBeUndefined();
      expect(leader.trigger(`liq:${id}`)).toBeUndefined();
    } finally {
      await follower.stop();
      await leader.stop();
    }
  });

  it('rebuilds its index from the database when it starts, and acts on what was crossed meanwhile', async () => {
    const s = 'APTUSDT';
    const u = await trader(t);
    await tick(t, src, s, '100.000');
    await order(u.as, s, {});
    await order(u.as, s, { quantity: '1', leverage: 2, tpPrice: '120' });
    await order(u.as, s, { type: 'limit', price: '80', quantity: '1' });
    // The engine stops (its node died); the price goes through the first position's liquidation price.
    await t.app.perpetualEngine.stop();
    await tick(t, src, s, '89.000');
    expect((await positions(u.as)).list).toHaveLength(2);
    const successor = new TriggerEngine(engineDeps(t.database));
    try {
      await successor.start();
      await successor.idle();
      // Loaded: every open trigger of every user (this file's earlier tests left others open too).
      const live = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT (SELECT count(*) FROM perp_positions WHERE status = 'open')
                 + (SELECT count(*) FROM perp_positions WHERE status = 'open' AND tp_price IS NOT NULL)
                 + (SELECT count(*) FROM perp_positions WHERE status = 'open' AND sl_price IS NOT NULL)
                 + (SELECT count(*) FROM perp_orders WHERE status = 'pending') AS n`,
      );
      expect(successor.size).toBe(Number(live[0]!.n));
      // The 10-lot long (liquidation at 90) went on load; the 1-lot one with TP 120 lives on.
      const left = (await positions(u.as)).list;
      expect(left.map((p) => p.quantity)).toEqual(['1']);
      expect((await trades(u.as)).filter((x) => x.action === 'liquidation')).toHaveLength(1);
      // And it follows ticks from now on: the limit at 80 fills.
      t.clock.advance(1_000);
      src.ticks([{ symbol: s, ts: t.clock.ms, price: '79.000', size: '1' }]);
      await new Promise((r) => setTimeout(r, 50));
      await successor.idle();
      expect((await positions(u.as)).list.map((p) => p.entryPrice).sort()).toEqual(['100.000', '80.000']);
    } finally {
      await successor.stop();
    }
  });
});

/** Another engine on the app's book and market (a node of its own, with its own bus). */
const engineDeps = (database: TestApp['database']) => otherEngineDeps(t, database);

async function houseTotal() {
  const rows = await queryRows<{ total: string }>(
    t.database.db,
    sql`SELECT coalesce(sum(available + frozen), 0)::text AS total FROM ledger_accounts
        WHERE system_code = 'house' AND mode = 'demo'`,
  );
  const { money } = await import('@nexa/rules');
  return money(rows[0]!.total);
}
