import type {
  AdminCopyLeader,
  AdminCopyPlan,
  AdminCopyPlanData,
  CopyRecord,
  CopyRecordsData,
  CopySettingsData,
  DeliveryOrder,
  DeliveryOrdersData,
  FollowPlan,
  FollowPlansData,
  HistoryOrdersData,
  LeaderProfileData,
  PropertyData,
  PublicUser,
  User,
  WinRateData,
} from '@nexa/contract';
import { UserEvent } from '@nexa/contract';
import { profitShare } from '@nexa/rules';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger, money } from '../../ledger/index.js';
import { queryRows } from '../../platform/db.js';
import { ManualSource, type TestApp, call, createTestApp, loginOperator, registerUser, until } from '../../testing.js';
import { profitOf } from '../delivery/index.js';

let t: TestApp;
const source = new ManualSource();
beforeAll(async () => {
  t = await createTestApp(
    { market: { source: 'sim', seed: 't', feed: true, historyHours: 0, tickRetentionMs: 86_400_000 } },
    {
      priceSource: source,
      // Placement and settlement are driven by the test: no timers race the assertions.
      settlement: false,
      deliveryLimits: {
        maxActiveOrders: 20,
        staleTickMs: 5_000,
        settleGraceMs: 0,
        feedStallMs: 30_000,
        batchSize: 1_000,
        sweepMs: 60_000,
      },
    },
  );
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await new Ledger().violations(t.database.db)).toEqual([]);
});

let seq = 0;
const rid = () => `cp-${Date.now().toString(36)}-${++seq}`;
type As = <T = unknown>(p: string, b?: object) => Promise<{ code: number; msg: string; data: T }>;

async function price(symbol: string, p: string, atMs = t.clock.ms) {
  source.ticks([{ symbol, ts: atMs, price: p, size: '1' }]);
  await until(() => (t.app.market.latestTick(symbol)?.ts ?? 0) >= atMs);
  await t.app.market.flush();
}

/** A demo user with `delivery` and `copy` USDT moved from the demo spot money. */
async function trader(delivery = '1000', copy = '1000') {
  const { as, token } = (await registerUser(t)) as unknown as { as: As; token: string };
  await as('user/changeUser', { mode: 'demo' });
  await as('user/getDemoMoney', { requestId: rid() });
  for (const [to, amount] of [
    ['delivery', delivery],
    ['copy', copy],
  ] as const) {
    if (amount !== '0') await as('index/zySubmit', { from: 'spot', to, currency: 'USDT', amount, requestId: rid() });
  }
  const me = (await as<User>('user/getUserinfo')).data;
  return { as, me, token };
}

async function wallet(as: As, w: 'copy' | 'delivery') {
  const p = (await as<PropertyData>('index/property')).data;
  const c = p.wallets.find((x) => x.wallet === w)!.currencies.find((x) => x.currency === 'USDT')!;
  return { available: c.available, frozen: c.frozen };
}

const period = () => t.app.market.periodsOf('SOLUSDT')[0]!;

function planBody(invitees: number[], extra: Record<string, unknown> = {}) {
  return {
    title: 'Morning call',
    symbol: 'SOLUSDT',
    direction: 'call',
    seconds: period().seconds,
    orderTime: t.clock.ms + 120_000,
    condition: { type: 'fixed', value: '100' },
    amount: '50',
    invitees,
    profitSharePct: '10',
    requestId: rid(),
    ...extra,
  };
}

/** Moves to the order time with a fresh price and runs one placement pass. */
async function reachOrderTime(plan: FollowPlan, p = '100.00') {
  t.clock.ms = plan.orderTime + 10;
  await price('SOLUSDT', p);
  await t.app.copyTrading.placement.placeDue();
}

async function settle(plan: FollowPlan, exit: string) {
  t.clock.ms = plan.orderTime + 10 + plan.seconds * 1000 - 500;
  await price('SOLUSDT', exit);
  t.clock.advance(1_000);
  await price('SOLUSDT', exit);
  await t.app.delivery.settlement.settleDue();
}

async function holdsOf(planId: string) {
  return queryRows<{ kind: string; n: number }>(
    t.database.db,
    sql`SELECT r.kind, count(*)::int AS n FROM ledger_transfers p JOIN ledger_transfers r ON r.pending_id = p.id
        WHERE p.ref IN (SELECT 'copy_follow:' || id FROM copy_follows WHERE plan_id = ${planId}::bigint)
        GROUP BY r.kind`,
  );
}

/** The copy events journaled for a user, each parsed by the contract's schema. */
async function copyEvents(uid: number) {
  const rows = await queryRows<{ event: unknown }>(
    t.database.db,
    sql`SELECT e.event FROM user_events e JOIN users u ON u.id = e.user_id
        WHERE u.uid = ${uid} AND e.event->>'type' LIKE 'copy.%' ORDER BY e.seq`,
  );
  return rows.map((r) => UserEvent.parse(typeof r.event === 'string' ? JSON.parse(r.event) : r.event).type);
}

/** The copy-trading messages of a user (kind, then the parameters that matter), oldest first. */
async function copyMessages(uid: number) {
  return queryRows<{ kind: string; params: Record<string, string>; link: string }>(
    t.database.db,
    sql`SELECT m.kind, m.params, m.link FROM messages m JOIN users u ON u.id = m.user_id
        WHERE u.uid = ${uid} AND m.kind LIKE 'copy.%' ORDER BY m.id`,
  );
}
const kindsOf = async (uid: number) => (await copyMessages(uid)).map((m) => m.kind);

/** The last `delivery.order` event journaled for a user about one order, parsed by the contract's schema. */
async function lastOrderEvent(uid: number, orderId: string): Promise<DeliveryOrder> {
  const rows = await queryRows<{ event: unknown }>(
    t.database.db,
    sql`SELECT e.event FROM user_events e JOIN users u ON u.id = e.user_id
        WHERE u.uid = ${uid} AND e.event->>'type' = 'delivery.order' AND e.event->'order'->>'id' = ${orderId}
        ORDER BY e.seq DESC LIMIT 1`,
  );
  const event = UserEvent.parse(typeof rows[0]!.event === 'string' ? JSON.parse(rows[0]!.event) : rows[0]!.event);
  if (event.type !== 'delivery.order') throw new Error(event.type);
  return event.order;
}

/** A leader's totals as users see them (win rate call and profile) and as operators do. */
async function totalsOf(viewer: As, leader: { uid: number }) {
  const rate = (await viewer<WinRateData>('order/getWinRate', { uid: leader.uid })).data;
  const profile = (await viewer<LeaderProfileData>('order/leaderProfile', { uid: leader.uid })).data;
  expect(profile.totalFollowers).toBe(rate.totalFollowers);
  expect(profile.publications).toBe(rate.publications);
  return { publications: rate.publications, followers: rate.totalFollowers, amount: rate.totalOrderAmount };
}

describe('a plan from publication to settlement', () => {
  it('places leader and follower at one entry, pays the follower to the copy wallet and the share to the leader', async () => {
    const a = await trader('1000', '0');
    const b = await trader('0', '1000');
    const created = await a.as<FollowPlan>('order/createOrder', planBody([b.me.uid]));
    expect(created.code).toBe(1);
    const plan = created.data;
    expect(plan).toMatchObject({ status: 'open', amount: '50.00', invitees: 1, followers: 0, profitSharePct: '10.00' });
    expect(await wallet(a.as, 'delivery')).toEqual({ available: '950.00', frozen: '50.00' });

    const invited = (await b.as<CopyRecordsData>('order/myInvitedFollows', {})).data;
    expect(invited.list).toHaveLength(1);
    expect(invited.list[0]).toMatchObject({ state: 'invited', quote: '100.00', stake: null, wallet: 'copy' });
    expect(invited.list[0]!.plan.leader.uid).toBe(a.me.uid);

    const confirmed = await b.as<CopyRecord>('order/checkFollowOrder', { planId: plan.id, requestId: rid() });
    expect(confirmed.data).toMatchObject({ state: 'confirmed', stake: '100.00' });
    expect(await wallet(b.as, 'copy')).toEqual({ available: '900.00', frozen: '100.00' });

    await reachOrderTime(plan, '100.00');
    const placed = (await a.as<FollowPlansData>('order/followOrders', {})).data.list[0]!;
    expect(placed).toMatchObject({ status: 'placed', followers: 1, totalOrderAmount: '150.00' });
    const mine = (await b.as<CopyRecordsData>('order/invitedHistory', {})).data.list[0]!;
    expect(mine.state).toBe('placed');
    // The copy among B's open orders: marked with its plan and leader, its expected profit net of the 10 % share.
    const y = period().yield;
    const followerProfit = profitOf(money('100'), y);
    const share = profitShare(followerProfit, '10');
    const running = (await b.as<DeliveryOrdersData>('order/deliveryOrders')).data.list;
    expect(running.map((o) => o.id)).toEqual([mine.orderId]);
    expect(running[0]!.copy).toEqual({
      role: 'follower',
      planId: plan.id,
      title: 'Morning call',
      leader: plan.leader,
      profitSharePct: '10.00',
      profitShare: null,
    });
    expect(running[0]!.expectedProfit).toBe(followerProfit.minus(share).toFixed(2));
    const leaderRunning = (await a.as<DeliveryOrdersData>('order/deliveryOrders')).data.list;
    expect(leaderRunning[0]).toMatchObject({ id: placed.orderId, copy: { role: 'leader', planId: plan.id } });
    expect(leaderRunning[0]!.expectedProfit).toBe(profitOf(money('50'), y).toFixed(2));
    const orders = await queryRows<{ entry_price: string; entry_ts: string; wallet: string }>(
      t.database.db,
      sql`SELECT entry_price::text, entry_ts::text, wallet FROM delivery_orders
          WHERE id IN (${placed.orderId}::bigint, ${mine.orderId}::bigint) ORDER BY wallet`,
    );
    expect(orders).toHaveLength(2);
    expect(orders[0]!.entry_ts).toBe(orders[1]!.entry_ts);
    expect(orders[0]!.entry_price).toBe(orders[1]!.entry_price);

    await settle(plan, '101.00');
    const history = (await b.as<CopyRecordsData>('order/invitedHistory', {})).data.list[0]!;
    expect(history).toMatchObject({
      state: 'won',
      payout: money('100').plus(followerProfit).toFixed(2),
      profitShare: share.toFixed(2),
      profit: followerProfit.minus(share).toFixed(2),
    });
    expect(await wallet(b.as, 'copy')).toEqual({
      available: money('1000').plus(followerProfit).minus(share).toFixed(2),
      frozen: '0.00',
    });
    const leaderProfit = profitOf(money('50'), y);
    expect(await wallet(a.as, 'delivery')).toEqual({
      available: money('1000').plus(leaderProfit).plus(share).toFixed(2),
      frozen: '0.00',
    });
    // Today's earnings: the follower's net of the share paid, the leader's with the share received.
    const earnings = async (as: As) => (await as<PropertyData>('index/property')).data.todayEarningsUsdt;
    expect(await earnings(b.as)).toBe(followerProfit.minus(share).toFixed(2));
    expect(await earnings(a.as)).toBe(leaderProfit.plus(share).toFixed(2));
    // One truth: B's History orders show the copy with the profit the copy history shows and the copy wallet
    // booked (payout − stake − the share stored at settlement), the share on its own; so does the settlement's event.
    const copied = (await b.as<HistoryOrdersData>('order/historyOrders', {})).data.list.find(
      (o) => o.id === mine.orderId,
    )!;
    expect(copied).toMatchObject({ status: 'won', payout: history.payout, profit: history.profit });
    expect(copied.copy).toMatchObject({ role: 'follower', planId: plan.id, profitShare: history.profitShare });
    expect(money(copied.profit!).eq(money((await wallet(b.as, 'copy')).available).minus(1000))).toBe(true);
    expect(await lastOrderEvent(b.me.uid, mine.orderId!)).toEqual(copied);
    // A's own order of the plan: its result unchanged (payout − stake), the shares B paid on their own line.
    const own = (await a.as<HistoryOrdersData>('order/historyOrders', {})).data.list.find(
      (o) => o.id === placed.orderId,
    )!;
    expect(own).toMatchObject({
      profit: leaderProfit.toFixed(2),
      copy: { role: 'leader', profitShare: share.toFixed(2) },
    });
    // An order of A's own is no copy.
    await price('SOLUSDT', '101.00');
    const plain = await a.as<DeliveryOrder>('order/createDeliveryOrder', {
      symbol: 'SOLUSDT',
      direction: 'call',
      seconds: period().seconds,
      amount: '10',
      requestId: rid(),
    });
    expect(plain.code, plain.msg).toBe(1);
    expect(plain.data.copy).toBeNull();
    const settledPlan = (await a.as<FollowPlansData>('order/followOrders', {})).data.list[0]!;
    expect(settledPlan).toMatchObject({ status: 'settled', result: 'won' });
    const rate = (await b.as<WinRateData>('order/getWinRate', { uid: a.me.uid })).data;
    expect(rate).toMatchObject({ uid: a.me.uid, publications: 1, settled: 1, won: 1, winRate: '100.00' });
    expect(rate.totalFollowers).toBe(1);
    expect(rate.totalOrderAmount).toBe('150.00');
    const profile = (await b.as<LeaderProfileData>('order/leaderProfile', { uid: a.me.uid })).data;
    expect(profile.windows.map((w) => w.winRate)).toEqual(['100.00', '100.00', '100.00']);
    expect(profile.windows[0]!.roi).toBe(leaderProfit.times(100).div(50).toFixed(2));
    expect(profile).toMatchObject({ publications: 1, worstLosingStreak: 0, autoFollowedByMe: false });
    expect(await copyEvents(a.me.uid)).toEqual(['copy.follower', 'copy.placed', 'copy.settled']);
    // A follower's copy.placed goes out live after the placement commits (not journaled: see docs/decisions.md).
    expect(await copyEvents(b.me.uid)).toEqual(['copy.invited', 'copy.settled']);
    // The message centre: each once, also after the placement and settlement passes run again.
    await t.app.copyTrading.placement.placeDue();
    await t.app.delivery.settlement.settleDue();
    expect(await kindsOf(a.me.uid)).toEqual(['copy.followerConfirmed', 'copy.placed']);
    expect(await kindsOf(b.me.uid)).toEqual(['copy.invited', 'copy.placed', 'copy.settled']);
    // One message for one result: the follower's copy is told by copy trading (with the share paid), not a second
    // time as a delivery order; the leader's own order of the plan is.
    const settledKinds = async (uid: number) =>
      (
        await queryRows<{ kind: string }>(
          t.database.db,
          sql`SELECT m.kind FROM messages m JOIN users u ON u.id = m.user_id
              WHERE u.uid = ${uid} AND m.kind LIKE '%.settled' ORDER BY m.id`,
        )
      ).map((m) => m.kind);
    expect(await settledKinds(b.me.uid)).toEqual(['copy.settled']);
    expect(await settledKinds(a.me.uid)).toEqual(['delivery.settled']);
    const [invitedMsg, placedMsg, settledMsg] = await copyMessages(b.me.uid);
    expect(invitedMsg!.params).toMatchObject({ leader: String(a.me.uid), symbol: 'SOLUSDT' });
    // Each message opens the plan where its reader finds it: the invitation on Invited me (its sheet open), the
    // placement in the follower's Copy history, and the leader's in their Publish history.
    const futures = '/pages/tabbarPages/futures/index';
    expect(invitedMsg!.link).toBe(`${futures}?tab=invited&plan=${plan.id}`);
    expect(placedMsg!.link).toBe(`${futures}?tab=follow&view=copies&plan=${plan.id}`);
    expect((await copyMessages(a.me.uid)).map((m) => m.link)).toEqual([
      `${futures}?tab=follow&view=published&plan=${plan.id}`,
      `${futures}?tab=follow&view=published&plan=${plan.id}`,
    ]);
    expect(settledMsg!.params).toMatchObject({ result: 'won', currency: 'USDT' });
    expect(money(settledMsg!.params.payout!).eq(money('100').plus(followerProfit))).toBe(true);
    expect(money(settledMsg!.params.share!).eq(share)).toBe(true);

    // The operator's view (issue 17): the plan with its follower unmasked, and the leader's figures.
    const op = (await loginOperator(t)).token;
    const admin = <T>(path: string, body: object = {}) => call<T>(t.app, path, body, { 'ADMIN-TOKEN': op });
    const plans = (await admin<{ list: AdminCopyPlan[]; total: number }>('admin/copyPlans', { leaderUid: a.me.uid }))
      .data;
    expect(plans.total).toBe(1);
    expect(plans.list[0]).toMatchObject({
      id: plan.id,
      status: 'settled',
      result: 'won',
      leaderUser: { uid: a.me.uid, login: a.me.email },
    });
    expect(
      (await admin<{ total: number }>('admin/copyPlans', { leaderUid: a.me.uid, status: 'open' })).data.total,
    ).toBe(0);
    const detail = (await admin<AdminCopyPlanData>('admin/copyPlan', { planId: plan.id })).data;
    expect(detail.followers).toEqual([
      expect.objectContaining({
        state: 'won',
        stake: '100.00',
        profitShare: share.toFixed(2),
        user: { userId: expect.any(String), uid: b.me.uid, login: b.me.email },
      }),
    ]);
    const leaders = (await admin<{ list: AdminCopyLeader[] }>('admin/copyLeaders', { mode: 'demo', pageSize: 100 }))
      .data;
    expect(leaders.list.find((l) => l.user.uid === a.me.uid)).toMatchObject({
      publications: 1,
      settled: 1,
      won: 1,
      winRate: '100.00',
      totalFollowers: 1,
      totalOrderAmount: '150.00',
      profitShares: share.toFixed(2),
    });
    // Bad filters are refused by field; an unknown plan is not found; users' tokens are not operators'.
    const bad = await admin<{ fields: { field: string }[] }>('admin/copyPlans', { status: 'nope', pageSize: 500 });
    expect(bad.code).toBe(400);
    expect(bad.data.fields.map((f) => f.field).sort()).toEqual(['pageSize', 'status']);
    expect((await admin('admin/copyPlan', { planId: '999999999' })).code).toBe(404);
    expect((await b.as('admin/copyPlans', {})).code).toBe(401);
    expect(settledMsg!.link).toBe(`/pages/tabbarPages/futures/detail?id=${mine.orderId}`);
    const joined = (await copyMessages(a.me.uid))[0]!.params;
    expect(joined.follower).toBe(String(b.me.uid));
    expect(money(joined.stake!).eq(100)).toBe(true);
    const seen = (await b.as<FollowPlan>('order/followPlan', { planId: plan.id })).data;
    expect(seen).toMatchObject({ id: plan.id, status: 'settled' });
    const stranger = await trader('0', '0');
    expect((await stranger.as('order/followPlan', { planId: plan.id })).code).not.toBe(1);
  });

  it('a lost plan: the follower loses the stake, no share is paid, the streak counts it', async () => {
    const a = await trader('1000', '0');
    const b = await trader('0', '500');
    const plan = (await a.as<FollowPlan>('order/createOrder', planBody([b.me.uid], { direction: 'put' }))).data;
    await b.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() });
    await reachOrderTime(plan, '100.00');
    await settle(plan, '101.00');
    const h = (await b.as<CopyRecordsData>('order/invitedHistory', {})).data.list[0]!;
    expect(h).toMatchObject({ state: 'lost', payout: '0.00', profitShare: '0.00', profit: '-100.00' });
    expect(await wallet(b.as, 'copy')).toEqual({ available: '400.00', frozen: '0.00' });
    const profile = (await b.as<LeaderProfileData>('order/leaderProfile', { uid: a.me.uid })).data;
    expect(profile.worstLosingStreak).toBe(1);
    expect(profile.windows[0]).toMatchObject({ settled: 1, won: 0, winRate: '0.00', roi: '-100.00' });
    // A daily stop at a net copy loss of 100: reached, so the next confirmation is refused and nothing held.
    const limits = { maxStakePerCopy: null, maxDailyStake: null, stopLossDaily: '100', stopLossWeekly: null };
    const s = (await b.as<CopySettingsData>('order/setCopySettings', limits)).data;
    expect(s).toMatchObject({ lossToday: '100.00', stopped: true });
    const next = (await a.as<FollowPlan>('order/createOrder', planBody([b.me.uid]))).data;
    expect((await b.as('order/checkFollowOrder', { planId: next.id, requestId: rid() })).code).toBe(0);
    expect(await wallet(b.as, 'copy')).toEqual({ available: '400.00', frozen: '0.00' });
    await a.as('order/cancelPlan', { planId: next.id, requestId: rid() });
  });
});

describe("a leader's totals", () => {
  it('count the copies held on open plans as the plans themselves do, and drop withdrawn, cancelled and refunded ones', async () => {
    const a = await trader('1000', '0');
    const b = await trader('0', '1000');
    const c = await trader('0', '1000');
    expect(await totalsOf(b.as, a.me)).toEqual({ publications: 0, followers: 0, amount: '0.00' });
    const plan = (await a.as<FollowPlan>('order/createOrder', planBody([b.me.uid, c.me.uid]))).data;
    // Published, nobody confirmed yet: the leader's own stake is the plan's total order amount.
    expect(await totalsOf(b.as, a.me)).toEqual({ publications: 1, followers: 0, amount: '50.00' });
    await b.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() });
    const open = (await b.as<FollowPlan>('order/followPlan', { planId: plan.id })).data;
    expect(open).toMatchObject({ followers: 1, totalOrderAmount: '150.00' });
    // The same figures beside the open plan: what the invitation sheet shows under it.
    expect(await totalsOf(b.as, a.me)).toEqual({ publications: 1, followers: 1, amount: '150.00' });
    // A second plan followed by the same follower counts them once, its amounts added.
    const second = (await a.as<FollowPlan>('order/createOrder', planBody([b.me.uid, c.me.uid]))).data;
    await b.as('order/checkFollowOrder', { planId: second.id, requestId: rid() });
    await c.as('order/checkFollowOrder', { planId: second.id, requestId: rid() });
    expect(await totalsOf(c.as, a.me)).toEqual({ publications: 2, followers: 2, amount: '400.00' });
    // B stops copying the first plan: neither B's stake there nor B (still following the second) counted twice.
    await b.as('order/cancelFollow', { planId: plan.id, requestId: rid() });
    expect(await totalsOf(c.as, a.me)).toEqual({ publications: 2, followers: 2, amount: '300.00' });
    // The second plan cancelled: it counts in no total; the first still stands with the leader's stake.
    await a.as('order/cancelPlan', { planId: second.id, requestId: rid() });
    expect(await totalsOf(c.as, a.me)).toEqual({ publications: 1, followers: 0, amount: '50.00' });
    // Refunded for want of a price at its order time: published, but no order was ever placed.
    await c.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() });
    t.clock.ms = plan.orderTime + 60_000;
    await t.app.copyTrading.placement.placeDue();
    expect((await c.as<FollowPlan>('order/followPlan', { planId: plan.id })).data.status).toBe('refunded');
    expect(await totalsOf(c.as, a.me)).toEqual({ publications: 1, followers: 0, amount: '0.00' });
    // Operators read the same figures.
    const op = (await loginOperator(t)).token;
    const leaders = (
      await call<{ list: AdminCopyLeader[] }>(
        t.app,
        'admin/copyLeaders',
        { mode: 'demo', pageSize: 100 },
        {
          'ADMIN-TOKEN': op,
        },
      )
    ).data;
    expect(leaders.list.find((l) => l.user.uid === a.me.uid)).toMatchObject({
      publications: 1,
      totalFollowers: 0,
      totalOrderAmount: '0.00',
    });
  });
});

describe('bad input and refusals', () => {
  it('names each missing or malformed field of order/createOrder', async () => {
    const a = await trader('1000', '0');
    const b = await trader('0', '0');
    const good = planBody([b.me.uid]);
    const cases: [string, Record<string, unknown>][] = [
      ['title', { title: '' }],
      ['symbol', { symbol: undefined }],
      ['direction', { direction: 'up' }],
      ['seconds', { seconds: 'x' }],
      ['orderTime', { orderTime: undefined }],
      ['condition', { condition: undefined }],
      ['condition.value', { condition: { type: 'percent', value: '0' } }],
      ['condition.value', { condition: { type: 'percent', value: '100.5' } }],
      ['condition.max', { condition: { type: 'fixed', value: '100', min: '50', max: '20' } }],
      ['condition.max', { condition: { type: 'percent', value: '5', min: '50', max: '20' } }],
      // A fixed amount outside its own min..max: the amount is what is wrong.
      ['condition.value', { condition: { type: 'fixed', value: '50', min: '100' } }],
      ['condition.value', { condition: { type: 'fixed', value: '50', min: '10', max: '40' } }],
      ['amount', { amount: '-1' }],
      ['invitees.0', { invitees: ['abc'] }],
      ['profitSharePct', { profitSharePct: '101' }],
      ['requestId', { requestId: undefined }],
      // Checked against the clock and the catalogue: in the past, too far, a period not offered, above the cap.
      ['orderTime', { orderTime: t.clock.ms - 1_000 }],
      ['orderTime', { orderTime: t.clock.ms + 30_000 }],
      ['orderTime', { orderTime: t.clock.ms + 8 * 24 * 3_600_000 }],
      ['seconds', { seconds: 7 }],
      ['symbol', { symbol: 'NOPEUSDT' }],
      ['profitSharePct', { profitSharePct: '10.5' }],
      ['invitees', { invitees: [a.me.uid] }],
      ['invitees', { invitees: [999_999_999] }],
    ];
    for (const [field, patch] of cases) {
      const res = await a.as<{ fields: { field: string }[] }>('order/createOrder', {
        ...good,
        requestId: rid(),
        ...patch,
      });
      expect(res.code, `${field} ${JSON.stringify(patch)}`).toBe(400);
      expect(res.data.fields.map((f) => f.field)).toContain(field);
    }
    // Nothing was held or stored by any of them.
    expect(await wallet(a.as, 'delivery')).toEqual({ available: '1000.00', frozen: '0.00' });
    expect((await a.as<FollowPlansData>('order/followOrders', {})).data.total).toBe(0);
  });

  it("refuses a fixed amount outside min..max naming only that field, in the caller's language; within them it publishes", async () => {
    const a = await trader('1000', '0');
    const b = await trader('0', '0');
    const body = (condition: object) => ({ ...planBody([b.me.uid]), condition, requestId: rid() });
    const below = await call<{ fields: { field: string; reason: string }[] }>(
      t.app,
      'order/createOrder',
      body({ type: 'fixed', value: '50', min: '100', max: '200' }),
      { TOKEN: a.token, lang: 'de' },
    );
    expect(below.code).toBe(400);
    expect(below.data.fields).toEqual([{ field: 'condition.value', reason: 'invalid' }]);
    const english = await a.as('order/createOrder', body({ type: 'fixed', value: '50', min: '100' }));
    expect(below.msg).not.toBe(english.msg);
    expect(await wallet(a.as, 'delivery')).toEqual({ available: '1000.00', frozen: '0.00' });
    expect((await a.as<FollowPlansData>('order/followOrders', {})).data.total).toBe(0);
    const ok = await a.as<FollowPlan>(
      'order/createOrder',
      body({ type: 'fixed', value: '100', min: '100', max: '200' }),
    );
    expect(ok.code, ok.msg).toBe(1);
    expect(ok.data.condition).toEqual({ type: 'fixed', value: '100.00', min: '100.00', max: '200.00' });
    await a.as('order/cancelPlan', { planId: ok.data.id, requestId: rid() });
  });

  it('checks the profit share against the cap operators set now, shown to users in their copy settings', async () => {
    const admin = (await loginOperator(t)).token;
    const setCap = (profitShareCapPct: string) =>
      call(t.app, 'admin/updateSetting', { key: 'copy', value: { profitShareCapPct } }, { 'ADMIN-TOKEN': admin });
    const a = await trader('1000', '0');
    const b = await trader('0', '0');
    try {
      // Above the platform's most (10 %) or malformed: refused, the cap unchanged.
      for (const bad of ['10.01', '11', '-1', 'x']) {
        const res = (await setCap(bad)) as { code: number; data: { fields: { field: string }[] } };
        expect(res.code, bad).toBe(400);
        expect(res.data.fields.map((f) => f.field)).toContain('value.profitShareCapPct');
      }
      expect((await setCap('5')).code).toBe(1);
      expect((await a.as<CopySettingsData>('order/getCopySettings')).data.profitShareCapPct).toBe('5');
      const over = await a.as<{ fields: { field: string }[] }>('order/createOrder', {
        ...planBody([b.me.uid]),
        profitSharePct: '6',
        requestId: rid(),
      });
      expect(over.code).toBe(400);
      expect(over.data.fields.map((f) => f.field)).toEqual(['profitSharePct']);
      expect(await wallet(a.as, 'delivery')).toEqual({ available: '1000.00', frozen: '0.00' });
      const at = await a.as<FollowPlan>('order/createOrder', {
        ...planBody([b.me.uid]),
        profitSharePct: '5',
        requestId: rid(),
      });
      expect(at.code).toBe(1);
      expect(at.data.profitSharePct).toBe('5.00');
    } finally {
      expect((await setCap('10')).code).toBe(1);
    }
  });

  it('refuses confirming when not invited, twice, after the order time or without the money, holding nothing', async () => {
    const a = await trader('1000', '0');
    const b = await trader('0', '1000');
    const poor = await trader('0', '50');
    const stranger = await trader('0', '1000');
    const plan = (await a.as<FollowPlan>('order/createOrder', planBody([b.me.uid, poor.me.uid]))).data;
    const notInvited = await stranger.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() });
    expect(notInvited.code).toBe(0);
    const noMoney = await poor.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() });
    expect(noMoney.code).toBe(0);
    expect(await wallet(poor.as, 'copy')).toEqual({ available: '50.00', frozen: '0.00' });
    expect((await b.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() })).code).toBe(1);
    expect((await b.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() })).code).toBe(0);
    expect(await wallet(b.as, 'copy')).toEqual({ available: '900.00', frozen: '100.00' });
    const bad = await b.as<{ fields: { field: string }[] }>('order/checkFollowOrder', {
      planId: 'x',
      requestId: rid(),
    });
    expect(bad.code).toBe(400);
    expect(bad.data.fields[0]!.field).toBe('planId');
    t.clock.ms = plan.orderTime;
    const late = await poor.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() });
    expect(late.code).toBe(0);
    const lateWithdraw = await b.as('order/cancelFollow', { planId: plan.id, requestId: rid() });
    expect(lateWithdraw.code).toBe(0);
    await t.app.copyTrading.placement.placeDue();
  });

  it('inviteFollow refuses unknown uids and oneself by field; only the leader may invite', async () => {
    const a = await trader('1000', '0');
    const b = await trader('0', '0');
    const c = await trader('0', '0');
    const plan = (await a.as<FollowPlan>('order/createOrder', planBody([]))).data;
    for (const uids of [[999_999_998], [a.me.uid], []]) {
      const res = await a.as<{ fields: { field: string }[] }>('order/inviteFollow', { planId: plan.id, uids });
      expect(res.code).toBe(400);
      expect(res.data.fields[0]!.field).toMatch(/^uids/);
    }
    expect((await b.as('order/inviteFollow', { planId: plan.id, uids: [c.me.uid] })).code).not.toBe(1);
    const ok = await a.as<FollowPlan>('order/inviteFollow', { planId: plan.id, uids: [b.me.uid, c.me.uid, b.me.uid] });
    expect(ok.data.invitees).toBe(2);
    const who = await a.as<PublicUser>('user/lookupUid', { uid: b.me.uid });
    expect(who.data.uid).toBe(b.me.uid);
    expect(who.data.nickname).toMatch(/\*\*\*@example\.com$/);
    // A well-formed UID nobody has is said so, not "user ID is not valid".
    expect(await a.as('user/lookupUid', { uid: 999_999_997 })).toMatchObject({
      code: 400,
      msg: 'No user has this UID',
    });
    expect((await a.as('order/cancelPlan', { planId: plan.id, requestId: rid() })).code).toBe(1);
  });

  it('caps looking accounts up by UID per address (walking the UIDs would list every account)', async () => {
    const probe = await createTestApp({ auth: { ...t.config.auth, lookupPerIpPerMinute: 3 } }, {}, t.database);
    try {
      const u = await registerUser(probe);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await u.as('user/lookupUid', { uid: 99_999_990 + i })).code);
      expect(codes).toEqual([400, 400, 400, 429]);
      // A leader's profile and win rate name an account too, each capped alike.
      for (let i = 0; i < 3; i++) await u.as('order/leaderProfile', { uid: 99_999_990 + i });
      expect((await u.as('order/leaderProfile', { uid: 99_999_999 })).code).toBe(429);
    } finally {
      await probe.close();
    }
  });
});

describe('races', () => {
  it('50 concurrent confirmations hold once; 50 concurrent withdrawals release once', async () => {
    const a = await trader('1000', '0');
    const b = await trader('0', '1000');
    const plan = (await a.as<FollowPlan>('order/createOrder', planBody([b.me.uid]))).data;
    const confirms = await Promise.all(
      Array.from({ length: 50 }, () => b.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() })),
    );
    expect(confirms.filter((r) => r.code === 1)).toHaveLength(1);
    expect(await wallet(b.as, 'copy')).toEqual({ available: '900.00', frozen: '100.00' });
    const same = rid();
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => b.as('order/cancelFollow', { planId: plan.id, requestId: same })),
    );
    expect(replays.every((r) => r.code === 1)).toBe(true);
    const withdrawals = await Promise.all(
      Array.from({ length: 50 }, () => b.as('order/cancelFollow', { planId: plan.id, requestId: rid() })),
    );
    expect(withdrawals.filter((r) => r.code === 1)).toHaveLength(0);
    expect(await wallet(b.as, 'copy')).toEqual({ available: '1000.00', frozen: '0.00' });
    expect(await holdsOf(plan.id)).toEqual([{ kind: 'void', n: 1 }]);
    expect((await a.as('order/cancelPlan', { planId: plan.id, requestId: rid() })).code).toBe(1);
    // One message per confirmation and withdrawal that happened, none for the refused or replayed calls.
    expect(await kindsOf(a.me.uid)).toEqual(['copy.followerConfirmed', 'copy.followerWithdrew']);
    // Withdrawn before the cancellation: nothing held, so no cancellation message.
    expect(await kindsOf(b.me.uid)).toEqual(['copy.invited']);
  });

  it('a plan cancelled while followers confirm releases every hold exactly once', async () => {
    const a = await trader('1000', '0');
    const followers = await Promise.all(Array.from({ length: 6 }, () => trader('0', '300')));
    const plan = (await a.as<FollowPlan>('order/createOrder', planBody(followers.map((f) => f.me.uid)))).data;
    const results = await Promise.all([
      ...followers.map((f) => f.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() })),
      a.as('order/cancelPlan', { planId: plan.id, requestId: rid() }),
      a.as('order/cancelPlan', { planId: plan.id, requestId: rid() }),
    ]);
    expect(results.slice(-2).filter((r) => r.code === 1)).toHaveLength(1);
    for (const f of followers) expect(await wallet(f.as, 'copy')).toEqual({ available: '300.00', frozen: '0.00' });
    expect(await wallet(a.as, 'delivery')).toEqual({ available: '1000.00', frozen: '0.00' });
    const confirmed = results.slice(0, -2).filter((r) => r.code === 1).length;
    const voids = (await holdsOf(plan.id)).find((h) => h.kind === 'void')?.n ?? 0;
    expect(voids).toBe(confirmed);
    const rows = await queryRows<{ state: string }>(
      t.database.db,
      sql`SELECT state FROM copy_follows WHERE plan_id = ${plan.id}::bigint`,
    );
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['cancelled']));
    // Every invitee told of the invitation; those whose stake was held told of the cancellation, once.
    const told = await Promise.all(followers.map((f) => kindsOf(f.me.uid)));
    expect(told.filter((k) => k.includes('copy.cancelled'))).toHaveLength(confirmed);
    for (const k of told) expect(k.filter((x) => x === 'copy.invited')).toHaveLength(1);
    for (const k of told) expect(k.filter((x) => x === 'copy.cancelled').length).toBeLessThanOrEqual(1);
  });
});

describe('follower controls and auto-follow', () => {
  it('refuses a copy over the per-copy maximum and auto-confirms for an auto-follower within the limits', async () => {
    const a = await trader('1000', '0');
    const b = await trader('0', '1000');
    const s = await b.as<CopySettingsData>('order/setCopySettings', {
      maxStakePerCopy: '80',
      maxDailyStake: null,
      stopLossDaily: null,
      stopLossWeekly: null,
    });
    expect(s.data).toMatchObject({ maxStakePerCopy: '80.00', stopped: false, stakedToday: '0.00' });
    const bad = await b.as<{ fields: { field: string }[] }>('order/setCopySettings', {
      maxStakePerCopy: '0',
      maxDailyStake: null,
      stopLossDaily: null,
      stopLossWeekly: null,
    });
    expect(bad.code).toBe(400);
    const plan = (await a.as<FollowPlan>('order/createOrder', planBody([b.me.uid]))).data;
    expect((await b.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() })).code).toBe(0);
    expect(await wallet(b.as, 'copy')).toEqual({ available: '1000.00', frozen: '0.00' });

    await b.as('order/autoFollow', { uid: a.me.uid, enabled: true });
    const auto = (
      await a.as<FollowPlan>(
        'order/createOrder',
        planBody([b.me.uid], { condition: { type: 'percent', value: '5', max: '80' } }),
      )
    ).data;
    expect(auto.followers).toBe(1);
    const rec = (await b.as<CopyRecordsData>('order/myInvitedFollows', {})).data.list.find(
      (r) => r.plan.id === auto.id,
    )!;
    expect(rec).toMatchObject({ state: 'confirmed', stake: '50.00', auto: true });
    const follows = (await b.as<{ list: { leader: PublicUser }[] }>('order/autoFollows', {})).data.list;
    expect(follows.map((f) => f.leader.uid)).toEqual([a.me.uid]);
    for (const p of [plan, auto]) await a.as('order/cancelPlan', { planId: p.id, requestId: rid() });
    expect(await wallet(b.as, 'copy')).toEqual({ available: '1000.00', frozen: '0.00' });
  });
});

describe('placement across nodes', () => {
  it('a second node places every confirmed copy exactly once when the first stops at the order time', async () => {
    const a = await trader('1000', '0');
    const followers = await Promise.all(Array.from({ length: 4 }, () => trader('0', '500')));
    const plan = (await a.as<FollowPlan>('order/createOrder', planBody(followers.map((f) => f.me.uid)))).data;
    for (const f of followers) await f.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() });
    const other = await createTestApp({}, { settlement: false }, t.database);
    try {
      t.clock.ms = plan.orderTime + 10;
      other.clock.ms = plan.orderTime + 20;
      await price('SOLUSDT', '100.00');
      // Both nodes' passes at once, several times over: one placement.
      await Promise.all([
        other.app.copyTrading.placement.placeDue(),
        t.app.copyTrading.placement.placeDue(),
        other.app.copyTrading.placement.placeDue(),
      ]);
      const orders = await queryRows<{ n: number; ticks: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n, count(DISTINCT entry_ts)::int AS ticks FROM delivery_orders
            WHERE hold_id IN (SELECT hold_id FROM copy_follows WHERE plan_id = ${plan.id}::bigint
                              UNION SELECT hold_id FROM copy_plans WHERE id = ${plan.id}::bigint)`,
      );
      expect(orders[0]).toEqual({ n: 5, ticks: 1 });
    } finally {
      await other.close();
    }
  });

  it('a node stopped before the order time leaves the plan to the survivor, which places it once', async () => {
    const a = await trader('1000', '0');
    const b = await trader('0', '500');
    const plan = (await a.as<FollowPlan>('order/createOrder', planBody([b.me.uid]))).data;
    await b.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() });
    const survivor = await createTestApp({}, { settlement: false }, t.database);
    try {
      t.clock.ms = plan.orderTime + 10;
      await price('SOLUSDT', '100.00');
      // The first node never runs its pass (stopped); the survivor reads the stored tick and places.
      survivor.clock.ms = plan.orderTime + 1_000;
      await survivor.app.copyTrading.placement.placeDue();
      await survivor.app.copyTrading.placement.placeDue();
      const rec = (await b.as<CopyRecordsData>('order/invitedHistory', {})).data.list.find(
        (r) => r.plan.id === plan.id,
      )!;
      expect(rec.state).toBe('placed');
      expect(rec.plan.entry?.price).toBe('100.00');
      const n = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM copy_follows WHERE plan_id = ${plan.id}::bigint AND order_id IS NOT NULL`,
      );
      expect(n[0]!.n).toBe(1);
    } finally {
      await survivor.close();
    }
  });

  it('refunds a plan with no fresh price long after its order time, the reason on every copy', async () => {
    const a = await trader('1000', '0');
    const b = await trader('0', '500');
    const plan = (await a.as<FollowPlan>('order/createOrder', planBody([b.me.uid]))).data;
    await b.as('order/checkFollowOrder', { planId: plan.id, requestId: rid() });
    t.clock.ms = plan.orderTime + 60_000;
    await t.app.copyTrading.placement.placeDue();
    const rec = (await b.as<CopyRecordsData>('order/invitedHistory', {})).data.list.find((r) => r.plan.id === plan.id)!;
    expect(rec).toMatchObject({ state: 'refunded', refundReason: 'marketUnavailable' });
    expect(rec.plan).toMatchObject({ status: 'refunded', refundReason: 'marketUnavailable' });
    expect(await wallet(b.as, 'copy')).toEqual({ available: '500.00', frozen: '0.00' });
    expect(await wallet(a.as, 'delivery')).toEqual({ available: '1000.00', frozen: '0.00' });
    await t.app.copyTrading.placement.placeDue();
    for (const u of [a, b]) {
      const refunded = (await copyMessages(u.me.uid)).filter((m) => m.kind === 'copy.refunded');
      expect(refunded.map((m) => m.params.why)).toEqual(['marketUnavailable']);
    }
  });
});
