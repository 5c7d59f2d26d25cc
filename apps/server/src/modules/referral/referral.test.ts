import type {
  AdminRebatesData,
  AdminTeamTreeData,
  DeliveryOrder,
  DepositRecord,
  MessageListData,
  PerpOrder,
  RebateRecordsData,
  RebateRulesData,
  ReferralTableVersion,
  SessionData,
  ShareInviteData,
  TeamListData,
} from '@nexa/contract';
import { DEFAULT_REFERRAL_TABLE } from '@nexa/rules';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger, money } from '../../ledger/index.js';
import { perpOrder } from '../../perpetual-testing.js';
import { queryRows } from '../../platform/db.js';
import {
  ManualSource,
  TINY_PNG,
  type TestApp,
  call,
  createOperator,
  createTestApp,
  loginOperator,
  until,
  uploadFile,
} from '../../testing.js';
import { DEFAULT_DELIVERY_LIMITS } from '../delivery/orders.js';
import { DeliverySettlement } from '../delivery/settlement.js';
import { OrderViews } from '../delivery/views.js';
import { RebateBatches } from './rebates.js';
import { REBATE_WINDOW_MS } from './worker.js';

let t: TestApp;
let operator: string;
const source = new ManualSource();
beforeAll(async () => {
  t = await createTestApp(
    { market: { source: 'sim', seed: 'referral', feed: true, historyHours: 0, tickRetentionMs: 86_400_000 } },
    // Settlement and rebate batches are driven by the tests.
    { priceSource: source, settlement: false },
  );
  operator = await createOperator(t.database.db, 'referral-op');
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await new Ledger().violations(t.database.db)).toEqual([]);
  // Each rebate transfer (one per earner per batch) is re-derivable: its amount is the sum of the records naming it,
  // all of them the credited earner's.
  const underived = await queryRows<{ id: string }>(
    t.database.db,
    sql`SELECT t.id::text AS id FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
        WHERE t.type = 'rebate'
          AND (t.amount <> (SELECT coalesce(sum(r.rebate), 0) FROM rebate_records r WHERE r.transfer_id = t.id)
               OR EXISTS (SELECT 1 FROM rebate_records r WHERE r.transfer_id = t.id AND r.earner_id <> a.user_id))`,
  );
  expect(underived).toEqual([]);
  // And each record's claim, table version, transfer, earner and source user exist, the earner being the source
  // user's upline at the record's depth (the batch's transaction makes or reads them; no foreign key checks them,
  // migration 0025).
  const orphans = await queryRows<{ id: string }>(
    t.database.db,
    sql`SELECT r.id::text AS id FROM rebate_records r
        WHERE NOT EXISTS (SELECT 1 FROM rebate_events e WHERE e.source = r.source AND e.source_id = r.source_id)
           OR NOT EXISTS (SELECT 1 FROM referral_tables v WHERE v.version = r.table_version)
           OR NOT EXISTS (SELECT 1 FROM ledger_transfers x WHERE x.id = r.transfer_id AND x.type = 'rebate')
           OR r.earner_id IS DISTINCT FROM (
                SELECT CASE r.depth WHEN 1 THEN u1.inviter_id WHEN 2 THEN u2.inviter_id ELSE u3.inviter_id END
                FROM users u1 LEFT JOIN users u2 ON u2.id = u1.inviter_id LEFT JOIN users u3 ON u3.id = u2.inviter_id
                WHERE u1.id = r.source_user_id)`,
  );
  expect(orphans).toEqual([]);
});

let seq = 0;
const rid = () => `ref-${Date.now().toString(36)}-${++seq}`;
type Caller = <T = unknown>(
  path: string,
  body?: object,
  lang?: string,
) => Promise<{ code: number; msg: string; data: T }>;

/** A new user, invited by `inviter` (by the code in their link) when given. */
async function join(inviter?: { code: string }) {
  const email = `ref${++seq}.${Date.now().toString(36)}@example.com`;
  await call(t.app, 'ems/send', { email, scene: 'register' });
  const res = await call<SessionData>(t.app, 'user/register', {
    type: 'email',
    email,
    code: t.messenger.lastCode(email),
    password: 'password-123',
    password2: 'password-123',
    inviteCode: inviter?.code,
  });
  expect(res.code, res.msg).toBe(1);
  const token = res.data.token;
  const as: Caller = (path, body = {}, lang = 'en') => call(t.app, path, body, { TOKEN: token, lang });
  const id = BigInt(
    (await queryRows<{ id: string }>(t.database.db, sql`SELECT id::text AS id FROM users WHERE email = ${email}`))[0]!
      .id,
  );
  const code = (await as<ShareInviteData>('user/getShareInviteLink')).data.inviteCode;
  return { email, token, as, id, code, uid: res.data.user.uid };
}
type Member = Awaited<ReturnType<typeof join>>;

async function deposit(u: Member, amount: string) {
  const screenshot = (await uploadFile(t.app, u.token, TINY_PNG)).data.name;
  const dep = await u.as<DepositRecord>('index/czSubmit', {
    currency: 'USDT',
    chain: 'ERC20',
    amount,
    screenshot,
    requestId: rid(),
  });
  expect(dep.code, dep.msg).toBe(1);
  await t.app.fundingOperations.approveDeposit(dep.data.id, { operatorId: operator, reason: null });
}

async function verify(u: Member, idNumber: string) {
  const res = await u.as('user_verification/submitIdentityVerification', {
    level: 'basic',
    country: 'DE',
    name: 'Erika Mustermann',
    idNumber,
  });
  expect(res.code, res.msg).toBe(1);
  const { list } = await t.app.kycOperations.listVerifications({ status: 'review', page: 1, pageSize: 100 });
  const mine = list.find((v) => v.owner.userId === String(u.id))!;
  await t.app.kycOperations.approveVerification(mine.id, { operatorId: operator, reason: null });
}

/** Deposits `deposited` USDT (approved) and moves `moved` of it to the delivery wallet. */
async function fundDelivery(u: Member, deposited: string, moved: string) {
  await deposit(u, deposited);
  const res = await u.as('index/zySubmit', {
    from: 'spot',
    to: 'delivery',
    currency: 'USDT',
    amount: moved,
    requestId: rid(),
  });
  expect(res.code, res.msg).toBe(1);
}

async function price(symbol: string, p: string) {
  t.clock.advance(1_000);
  const at = t.clock.ms;
  source.ticks([{ symbol, ts: at, price: p, size: '1' }]);
  await until(() => (t.app.market.latestTick(symbol)?.ts ?? 0) >= at);
  await t.app.market.flush();
}

/** A 30 s SOLUSDT order of `u`, opened at the price set last (100 in these tests). */
async function openDelivery(u: Member, direction: 'call' | 'put', amount: string) {
  const created = await u.as<DeliveryOrder>('order/createDeliveryOrder', {
    symbol: 'SOLUSDT',
    direction,
    seconds: 30,
    amount,
    requestId: rid(),
  });
  expect(created.code, created.msg).toBe(1);
  return created.data;
}

/** To the expiry of the orders just opened at 100, the market at 99 by then: calls lose, puts win. */
async function passExpiry() {
  t.clock.advance(29_000);
  await price('SOLUSDT', '99.00');
  t.clock.advance(1_000);
}

/** A 30 s call on SOLUSDT at 100 that loses (exit 99), settled. */
async function losingDelivery(u: Member, stake: string) {
  await price('SOLUSDT', '100.00');
  const order = await openDelivery(u, 'call', stake);
  await passExpiry();
  await t.app.delivery.settlement.settleDue();
  return order;
}

/** Another node's delivery settlement on the test's database (without the rebate hook unless given one). */
function settlementNode(limits = DEFAULT_DELIVERY_LIMITS) {
  const { platform } = t.app;
  return new DeliverySettlement({
    db: t.database.db,
    ledger: new Ledger(),
    market: t.app.market,
    bus: platform.bus,
    userEvents: platform.userEvents,
    guard: t.app.safeguards,
    now: t.clock.now,
    limits,
    log: t.app.log,
    views: new OrderViews(t.app.market),
  });
}

/** Opens a 10-lot SOLUSDT long for `u` (whose perpetual wallet holds enough): one real perpetual fee. */
async function perpFee(u: Member) {
  const opened = await perpOrder(u.as, 'SOLUSDT', {});
  expect(opened.code, opened.msg).toBe(1);
}

const records = async (u: Member, body: object = {}) => {
  const res = await u.as<RebateRecordsData>('user/rebateRecords', { pageSize: 50, ...body });
  expect(res.code, res.msg).toBe(1);
  return res.data;
};
const spot = async (id: bigint, mode: 'real' | 'demo' = 'real') =>
  money(
    (await new Ledger().balances(t.database.db, id, mode)).find((b) => b.wallet === 'spot')?.available ?? 0,
  ).toFixed(2);
const drain = () => t.app.referral.batches.drain();
/** For each rebate record of a settled order: whether the transaction that settled the order wrote it. */
const paidWithSettlement = async (orderId: string) =>
  (
    await queryRows<{ same: boolean }>(
      t.database.db,
      sql`SELECT r.xmin::text = o.xmin::text AS same FROM rebate_records r
          JOIN delivery_orders o ON o.id = r.source_id WHERE r.source = 'stake' AND o.id = ${orderId}::bigint
          ORDER BY r.depth`,
    )
  ).map((r) => r.same);

/** The `rebates` system account (all shards) and the sum of the records it paid. */
async function rebatesAccount() {
  const rows = await queryRows<{ account: string; records: string }>(
    t.database.db,
    sql`SELECT (SELECT coalesce(sum(available), 0) FROM ledger_accounts
                WHERE system_code = 'rebates' AND mode = 'real' AND currency = 'USDT')::text AS account,
               (SELECT coalesce(sum(rebate), 0) FROM rebate_records)::text AS records`,
  );
  return { account: money(rows[0]!.account), records: money(rows[0]!.records) };
}

describe('referral: rebates over three levels', () => {
  let a: Member;
  let b: Member;
  let c: Member;
  let d: Member;
  let e: Member;
  beforeAll(async () => {
    a = await join();
    b = await join(a);
    c = await join(b);
    d = await join(c);
    e = await join(d);
  });

  it('pays D, C and B from E’s real delivery stake and perpetual fee, never A, to the cent', async () => {
    await fundDelivery(e, '5000', '2000');
    const order = await losingDelivery(e, '1234.56');
    // Paid in the settlement's transaction: no batch finds anything left to pay.
    expect(await paidWithSettlement(order.id)).toEqual([true, true, true]);
    expect(await drain()).toBe(0);
    // LV1 turnover rates 1 ‰, 0.5 ‰, 0.2 ‰ of 1234.56, rounded down.
    const byEarner = async (u: Member) => (await records(u)).list.map((r) => [r.depth, r.product, r.rebate, r.rate]);
    expect(await byEarner(d)).toEqual([[1, 'delivery', '1.23', '0.001']]);
    expect(await byEarner(c)).toEqual([[2, 'delivery', '0.61', '0.0005']]);
    expect(await byEarner(b)).toEqual([[3, 'delivery', '0.24', '0.0002']]);
    expect((await records(a)).total).toBe(0);
    expect(await spot(d.id)).toBe('1.23');
    expect(await spot(a.id)).toBe('0.00');

    // A perpetual fee: 10 %, 5 %, 2 % of it.
    await e.as('index/zySubmit', { from: 'spot', to: 'perpetual', currency: 'USDT', amount: '2000', requestId: rid() });
    await perpFee(e);
    const fee = await queryRows<{ amount: string }>(
      t.database.db,
      sql`SELECT trim_scale(sum(amount))::text AS amount FROM ledger_transfers
          WHERE type = 'perp_fee' AND mode = 'real' AND kind IN ('single', 'post')`,
    );
    const feeAmount = money(fee[0]!.amount);
    expect(feeAmount.gt(0)).toBe(true);
    await drain();
    const perp = (u: Member) => records(u).then((r) => r.list.find((x) => x.product === 'perpetual'));
    const cut = (rate: string) => feeAmount.mul(rate).toDecimalPlaces(2, 1).toFixed(2);
    expect((await perp(d))?.rebate).toBe(cut('0.1'));
    expect((await perp(c))?.rebate).toBe(cut('0.05'));
    expect((await perp(b))?.rebate).toBe(cut('0.02'));
    expect((await records(a)).total).toBe(0);
    // The source user is masked; the base is the fee.
    expect((await perp(d))?.sourceUser).toMatch(/^re\*\*\*@example\.com$/);
    // Which invitee it came from: the UID, as the team list shows it (masked logins can look alike).
    expect((await perp(d))?.sourceUid).toBe(e.uid);
    expect((await perp(d))?.baseAmount).toBe(feeAmount.toFixed());

    // Income on the invite centre; a second drain pays nothing more.
    const share = (await d.as<ShareInviteData>('user/getShareInviteLink')).data;
    expect(share.totalIncome).toBe(money('1.23').add(cut('0.1')).toFixed(2));
    expect(share.todayIncome).toBe(share.totalIncome);
    expect(await drain()).toBe(0);
    const acc = await rebatesAccount();
    expect(acc.account.neg().eq(acc.records)).toBe(true);

    // The message centre: one message per earner per batch with its sum, none after the empty drain; none for A.
    const told = (u: Member) =>
      queryRows<{ amount: string; link: string }>(
        t.database.db,
        sql`SELECT params->>'amount' AS amount, link FROM messages
            WHERE user_id = ${String(u.id)} AND kind = 'referral.rebate' ORDER BY id`,
      );
    expect((await told(d)).map((m) => m.amount)).toEqual(['1.23', cut('0.1')]);
    expect((await told(c)).map((m) => m.amount)).toEqual(['0.61', cut('0.05')]);
    expect((await told(b)).map((m) => m.amount)).toEqual(['0.24', cut('0.02')]);
    expect(await told(a)).toEqual([]);
    expect((await told(d))[0]!.link).toBe('/pages/tabbarPages/mine/share');
    const list = await d.as<MessageListData>('message/list', { page: 1, pageSize: 20 });
    expect(list.data.list.filter((m) => m.kind === 'referral.rebate')).toHaveLength(2);
  });

  it('shows operators every rebate with its totals, and a user’s place in the tree with uplines', async () => {
    const op = await loginOperator(t);
    const admin = <T>(path: string, body: object = {}) => call<T>(t.app, path, body, { 'ADMIN-TOKEN': op.token });
    // D's two rebates (E's delivery stake and perpetual fee), unmasked, with their sum.
    const mine = (await admin<AdminRebatesData>('admin/rebates', { earnerUid: d.uid })).data;
    expect(mine.list.map((r) => [r.product, r.depth, r.sourceUser.login, r.earner.login])).toEqual([
      ['perpetual', 1, e.email, d.email],
      ['delivery', 1, e.email, d.email],
    ]);
    expect(mine.totals).toEqual({
      count: 2,
      amount: (await records(d)).list.reduce((s, r) => s.add(r.rebate), money(0)).toFixed(2),
    });
    const delivery = (await admin<AdminRebatesData>('admin/rebates', { earnerUid: d.uid, product: 'delivery' })).data;
    expect(delivery.list.map((r) => r.rebate)).toEqual(['1.23']);
    expect(delivery.list[0]!.transferId).toMatch(/^\d+$/);
    // Every record: the totals are those of the whole table, whatever the page.
    const all = (await admin<AdminRebatesData>('admin/rebates', { pageSize: 1 })).data;
    const acc = await rebatesAccount();
    expect(all.list).toHaveLength(1);
    expect(money(all.totals.amount).eq(acc.records)).toBe(true);
    // C's place: uplines B then A, E at depth 2, counts and income.
    const tree = (await admin<AdminTeamTreeData>('admin/teamTree', { uid: c.uid, depth: 2 })).data;
    expect(tree.user).toMatchObject({ uid: c.uid, login: c.email, level: 1 });
    expect(tree.uplines.map((u) => [u.depth, u.uid])).toEqual([
      [1, b.uid],
      [2, a.uid],
    ]);
    expect(tree.list.map((m) => [m.uid, m.depth, m.login])).toEqual([[e.uid, 2, e.email]]);
    expect(tree.counts).toMatchObject({ l1: 1, l2: 1, l3: 0 });
    expect(tree.totalIncome).toBe((await c.as<ShareInviteData>('user/getShareInviteLink')).data.totalIncome);
    // Bad input refused by field: an unknown uid, a depth of 4, a range that ends before it starts.
    const bad = async (path: string, body: object) =>
      (await admin<{ fields: { field: string }[] }>(path, body)).data.fields.map((f) => f.field);
    expect(await bad('admin/teamTree', { uid: 999_999_999 })).toEqual(['uid']);
    expect(await bad('admin/teamTree', { uid: c.uid, depth: 4 })).toEqual(['depth']);
    expect(await bad('admin/rebates', { start: 2_000, end: 1_000 })).toEqual(['end']);
    expect(await bad('admin/rebates', { earnerUid: 999_999_999 })).toEqual(['earnerUid']);
    // A user's token is not an operator's.
    expect((await call(t.app, 'admin/rebates', {}, { TOKEN: d.token })).code).toBe(401);
  });

  it('pays nothing for demo trading', async () => {
    const before = (await records(d)).total;
    await e.as('user/changeUser', { mode: 'demo' });
    await e.as('user/getDemoMoney', { requestId: rid() });
    await e.as('index/zySubmit', { from: 'spot', to: 'delivery', currency: 'USDT', amount: '1000', requestId: rid() });
    await losingDelivery(e, '500');
    await e.as('index/zySubmit', { from: 'spot', to: 'perpetual', currency: 'USDT', amount: '1000', requestId: rid() });
    await perpFee(e);
    expect(await drain()).toBe(0);
    expect((await records(d)).total).toBe(before);
    await e.as('user/changeUser', { mode: 'real' });
  });

  it('shows each user their own team only, per depth, and refuses bad paging with the field named', async () => {
    const team = async (u: Member, depth: number) =>
      (await u.as<TeamListData>('user/userlist', { depth })).data.list.map((m) => m.uid);
    expect(await team(a, 1)).toEqual([b.uid]);
    expect(await team(a, 2)).toEqual([c.uid]);
    expect(await team(a, 3)).toEqual([d.uid]);
    expect(await team(b, 3)).toEqual([e.uid]);
    expect(await team(e, 1)).toEqual([]);
    const share = (await a.as<ShareInviteData>('user/getShareInviteLink')).data;
    expect(share.counts).toEqual({ l1: 1, l2: 1, l3: 1, qualifiedL1: 0, qualifiedL2: 0 });
    expect(share.link).toBe(`/h5/#/pages/userPages/register?code=${a.code}`);
    expect(share).toMatchObject({ level: 1, nextLevel: { level: 2, needDirect: 3, haveDirect: 0 } });
    const member = (await a.as<TeamListData>('user/userlist', { depth: 1 })).data.list[0]!;
    expect(member).toMatchObject({ depth: 1, level: 1, qualified: false });
    expect(member.nickname).toMatch(/\*\*\*@example\.com$/);

    for (const [body, field] of [
      [{ depth: 4 }, 'depth'],
      [{ depth: 0 }, 'depth'],
      [{ depth: 'x' }, 'depth'],
      [{ page: 0 }, 'page'],
      [{ pageSize: 51 }, 'pageSize'],
    ] as const) {
      const res = await a.as<{ fields: { field: string }[] }>('user/userlist', body);
      expect(res.code).toBe(400);
      expect(res.data.fields.map((f) => f.field)).toEqual([field]);
    }
    const zh = await a.as<{ fields: { field: string }[] }>('user/userlist', { depth: 9 }, 'zh');
    expect(zh.code).toBe(400);
    expect(zh.msg).toContain('层级');
    const range = await a.as<{ fields: { field: string }[] }>('user/rebateRecords', { start: 2000, end: 1000 });
    expect(range.code).toBe(400);
    expect(range.data.fields.map((f) => f.field)).toEqual(['end']);
    expect((await call(t.app, 'user/userlist', { depth: 1 })).code).toBe(401);
    // Records filtered by time.
    expect((await records(d, { end: 1 })).total).toBe(0);
    expect((await records(d, { start: 0 })).total).toBe(2);
  });
});

describe('referral: qualification and levels', () => {
  it('qualifies by deposit and verification in either order, one account per document, and levels up at the threshold', async () => {
    const p = await join();
    const x = await join(p);
    const y = await join(p);
    const z = await join(p);
    const w = await join(p);
    // x: deposit first, then verification.
    await deposit(x, '100');
    expect((await p.as<ShareInviteData>('user/getShareInviteLink')).data.counts.qualifiedL1).toBe(0);
    await verify(x, 'QX-100-200');
    // y: verification first, then deposit.
    await verify(y, 'QY100300');
    await deposit(y, '150');
    // z: a deposit under the minimum does not qualify.
    await deposit(z, '99.99');
    await verify(z, 'QZ100400');
    // w: x's document, written differently: never a second qualification.
    await verify(w, 'qx100200');
    await deposit(w, '500');
    let share = (await p.as<ShareInviteData>('user/getShareInviteLink')).data;
    expect(share.counts).toMatchObject({ l1: 4, qualifiedL1: 2 });
    expect(share.level).toBe(1);
    const team = (await p.as<TeamListData>('user/userlist', { depth: 1, pageSize: 2 })).data;
    expect(team.total).toBe(4);
    expect(team.list).toHaveLength(2);
    // z tops up past the minimum: the third qualified direct takes p to LV2 at once.
    await deposit(z, '100');
    share = (await p.as<ShareInviteData>('user/getShareInviteLink')).data;
    expect(share).toMatchObject({ level: 2, counts: { qualifiedL1: 3 } });
    expect(share.nextLevel).toMatchObject({ level: 3, needDirect: 10, needSecond: 20, haveDirect: 3 });
    const q = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM referral_qualifications WHERE user_id IN (${String(x.id)}::bigint,
        ${String(y.id)}::bigint, ${String(z.id)}::bigint, ${String(w.id)}::bigint)`,
    );
    expect(q[0]!.n).toBe(3);
    // p's upline sees p's qualified directs as second level.
    const g = await join();
    const child = await join(g);
    expect((await g.as<ShareInviteData>('user/getShareInviteLink')).data.counts.qualifiedL2).toBe(0);
    const grandchild = await join(child);
    await deposit(grandchild, '100');
    await verify(grandchild, 'GC1234567');
    expect((await g.as<ShareInviteData>('user/getShareInviteLink')).data.counts).toMatchObject({
      l2: 1,
      qualifiedL2: 1,
      qualifiedL1: 0,
    });
  });
});

describe('referral: the operator table', () => {
  it('changes rates from then on, audited; events before the change keep the old rate; bad tables refused', async () => {
    const op = await loginOperator(t);
    const admin = <T>(path: string, body: object = {}) => call<T>(t.app, path, body, { 'ADMIN-TOKEN': op.token });
    const current = (await admin<ReferralTableVersion>('admin/referralTable')).data;
    expect(current.levels).toEqual(DEFAULT_REFERRAL_TABLE.levels);

    const up = await join();
    const trader = await join(up);
    await fundDelivery(trader, '5000', '3000');
    await losingDelivery(trader, '1000'); // settled (and paid) before the change: 1 ‰.

    const levels = structuredClone(DEFAULT_REFERRAL_TABLE.levels);
    levels[0]!.turnoverRates = ['0.002', '0.001', '0.0005'];
    levels[1]!.turnoverRates = ['0.002', '0.001', '0.0005'];
    const bad = await admin<{ fields: { field: string }[] }>('admin/setReferralTable', {
      minDeposit: '100',
      levels: [{ ...levels[0]!, needDirect: 5 }, ...levels.slice(1)],
    });
    expect(bad.code).toBe(400);
    expect(bad.data.fields.map((f) => f.field)).toContain('levels.0.needDirect');
    const badRate = await admin('admin/setReferralTable', {
      minDeposit: '100',
      levels: [{ ...levels[0]!, feeRates: ['2', '0', '0'] }, ...levels.slice(1)],
    });
    expect(badRate.code).toBe(400);
    expect((await call(t.app, 'admin/setReferralTable', { minDeposit: '100', levels })).code).toBe(401);

    t.clock.advance(1_000);
    const set = await admin<ReferralTableVersion>('admin/setReferralTable', {
      minDeposit: '100',
      levels,
      reason: 'launch promotion',
    });
    expect(set.code, set.msg).toBe(1);
    expect(set.data.version).toBeGreaterThan(current.version);
    const audit = await admin<{ list: { action: string; entity: string; reason: string }[] }>('admin/auditLog', {
      entity: 'referral_table',
    });
    expect(audit.data.list[0]).toMatchObject({
      action: 'referral.table',
      entity: 'referral_table',
      reason: 'launch promotion',
    });

    t.clock.advance(1_000);
    await losingDelivery(trader, '1000'); // after the change: 2 ‰.
    const list = (await records(up)).list.map((r) => [r.rate, r.rebate]).sort();
    expect(list).toEqual([
      ['0.001', '1.00'],
      ['0.002', '2.00'],
    ]);
    const rules = (await up.as<RebateRulesData>('index/rebateRules', {}, 'zh')).data;
    expect(rules.levels[0]!.turnoverRates).toEqual(['0.002', '0.001', '0.0005']);
    expect(rules.products.find((p) => p.product === 'perpetual')).toEqual({
      product: 'perpetual',
      name: '永续合约',
      base: 'fee',
    });
    // Restore the defaults for the other tests.
    t.clock.advance(1_000);
    await admin('admin/setReferralTable', DEFAULT_REFERRAL_TABLE);
  });
});

/** The perpetual fees `u` has paid, newest first. */
const feesOf = async (u: Member) =>
  (
    await queryRows<{ amount: string }>(
      t.database.db,
      sql`SELECT trim_scale(t.amount)::text AS amount FROM ledger_transfers t
          JOIN ledger_accounts a ON a.id = t.debit_account_id
          WHERE t.type = 'perp_fee' AND t.kind IN ('single', 'post') AND a.user_id = ${String(u.id)}::bigint
          ORDER BY t.id DESC`,
    )
  ).map((r) => money(r.amount));

/** A user invited by a new upline, with USDT on their perpetual wallet. */
async function feePayer(perpetual: string) {
  const up = await join();
  const trader = await join(up);
  await deposit(trader, '5000');
  const moved = await trader.as('index/zySubmit', {
    from: 'spot',
    to: 'perpetual',
    currency: 'USDT',
    amount: perpetual,
    requestId: rid(),
  });
  expect(moved.code, moved.msg).toBe(1);
  await price('SOLUSDT', '100.00');
  return { up, trader };
}

// The batches pay what settlement does not: perpetual fees, and settled stakes no settlement paid (settled before
// stakes were paid with their settlement). These tests use fees, the events that always go through them.
describe('referral: batches on several nodes', () => {
  it('pays each rebate once when batches run side by side, and after a batch that died', async () => {
    const { up, trader } = await feePayer('3000');
    for (let i = 0; i < 3; i++) await perpFee(trader);

    // A batch that dies after claiming: its transaction rolls back, nothing is claimed or paid.
    const dying = new RebateBatches({
      db: t.database.db,
      ledger: Object.assign(new Ledger(), {
        postBatch: async () => {
          throw new Error('node killed');
        },
      }),
      now: t.clock.now,
    });
    await expect(dying.drain()).rejects.toThrow('node killed');
    expect((await records(up)).total).toBe(0);

    for (let i = 0; i < 3; i++) await perpFee(trader);
    const node = () => new RebateBatches({ db: t.database.db, ledger: new Ledger(), now: t.clock.now, batchSize: 2 });
    const paid = await Promise.all([node().drain(), node().drain(), node().drain(), drain()]);
    expect(paid.reduce((s, n) => s + n, 0)).toBe(6);
    // 10 % of each fee to the inviter (LV1), rounded down to the cent.
    const fees = await feesOf(trader);
    expect(fees).toHaveLength(6);
    const cuts = fees.map((f) => f.mul('0.1').toDecimalPlaces(2, 1));
    const mine = await records(up);
    expect(mine.total).toBe(6);
    expect(mine.list.map((r) => r.rebate).sort()).toEqual(cuts.map((c) => c.toFixed(2)).sort());
    expect(await spot(up.id)).toBe(cuts.reduce((s, c) => s.add(c), money(0)).toFixed(2));
    const dupes = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM (SELECT source, source_id, earner_id FROM rebate_records
          GROUP BY 1, 2, 3 HAVING count(*) > 1) d`,
    );
    expect(dupes[0]!.n).toBe(0);
    const acc = await rebatesAccount();
    expect(acc.account.neg().eq(acc.records)).toBe(true);
  });

  it('pays each earner with one transfer per settlement batch, the sum of their records, with one change in their log', async () => {
    const top = await join();
    const up = await join(top);
    const trader = await join(up);
    await fundDelivery(trader, '5000', '1000');
    // Three stakes expiring together: one settlement batch settles them and pays their rebates.
    await price('SOLUSDT', '100.00');
    for (const amount of ['100', '200', '300']) await openDelivery(trader, 'call', amount);
    await passExpiry();
    await t.app.delivery.settlement.settleDue();
    const paid = async (u: Member) =>
      queryRows<{ transfer: string; amount: string; records: number; ref: string }>(
        t.database.db,
        sql`SELECT t.id::text AS transfer, trim_scale(t.amount)::text AS amount, t.ref,
                   (SELECT count(*)::int FROM rebate_records r WHERE r.transfer_id = t.id) AS records
            FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
            WHERE t.type = 'rebate' AND a.user_id = ${String(u.id)}::bigint`,
      );
    // LV1: 1 ‰ of 100, 200, 300 to the inviter, 0.5 ‰ to the next one up; three records each, one transfer.
    const [mine] = await paid(up);
    expect(await paid(up)).toHaveLength(1);
    expect(mine).toMatchObject({ amount: '0.6', records: 3 });
    expect(mine!.ref).toMatch(new RegExp(`^rebate:stake:\\d+:\\d+:3:${up.id}$`));
    expect((await records(up)).list.map((r) => r.rebate).sort()).toEqual(['0.10', '0.20', '0.30']);
    expect(await paid(top)).toEqual([expect.objectContaining({ amount: '0.3', records: 3 })]);
    expect((await records(top)).list.map((r) => r.rebate).sort()).toEqual(['0.05', '0.10', '0.15']);
    const changes = await queryRows<{ amount: string; before: string; after: string }>(
      t.database.db,
      sql`SELECT trim_scale(amount)::text AS amount, trim_scale(balance_before)::text AS before,
                 trim_scale(balance_after)::text AS after
          FROM account_changes WHERE user_id = ${String(up.id)}::bigint AND type = 'rebate'`,
    );
    expect(changes).toEqual([{ amount: '0.6', before: '0', after: '0.6' }]);
    expect(await spot(up.id)).toBe('0.60');
    // The settlement's claims: no batch pays them again.
    expect(await drain()).toBe(0);
  });

  it('pays each stake’s rebates once when two nodes’ settlements race for the same due orders', async () => {
    const up = await join();
    const trader = await join(up);
    await fundDelivery(trader, '5000', '3000');
    await price('SOLUSDT', '100.00');
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await openDelivery(trader, i % 2 ? 'call' : 'put', String(100 * (i + 1)))).id);
    await passExpiry();
    // A second node's settlement with its own rebate hook, batches of two, both passes at once.
    const other = settlementNode({ ...DEFAULT_DELIVERY_LIMITS, batchSize: 2 });
    other.onSettled((tx, rows) => t.app.referral.batches.paySettled(tx, rows).then(() => {}), { last: true });
    await Promise.all([t.app.delivery.settlement.settleDue(), other.settleDue(), other.settleDue()]);
    // Puts win at 99, calls lose: every stake earns its 1 ‰, once, in the transaction that settled it.
    const mine = await records(up);
    expect(mine.list.map((r) => r.baseAmount).sort((a, b) => Number(a) - Number(b))).toEqual([
      '100',
      '200',
      '300',
      '400',
      '500',
      '600',
    ]);
    for (const id of ids) expect(await paidWithSettlement(id)).toEqual([true]);
    expect(await spot(up.id)).toBe('2.10');
    expect(await drain()).toBe(0);
  });

  it('pays a settled stake no settlement paid once, whatever runs (a batch, a settlement pass)', async () => {
    const up = await join();
    const trader = await join(up);
    await fundDelivery(trader, '1000', '500');
    // Settled by a node without the rebate hook: the settlement of an older version during a rolling update.
    const bare = settlementNode();
    await price('SOLUSDT', '100.00');
    const created = await openDelivery(trader, 'call', '100');
    await passExpiry();
    await bare.settleDue();
    expect((await records(up)).total).toBe(0);
    expect(await paidWithSettlement(created.id)).toEqual([]);
    await t.app.delivery.settlement.settleDue();
    expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);
    expect((await records(up)).list.map((r) => [r.baseAmount, r.rebate])).toEqual([['100', '0.10']]);
  });

  it('settles a batch whose rebates cannot be priced, claims nothing, and leaves them to the batches', async () => {
    const up = await join();
    const trader = await join(up);
    await fundDelivery(trader, '1000', '500');
    // A table the rules cannot price with (no turnover rates), written past the operators' checks, in force now.
    const broken = DEFAULT_REFERRAL_TABLE.levels.map((l) => ({ ...l, turnoverRates: [] }));
    const [row] = await queryRows<{ version: number }>(
      t.database.db,
      sql`INSERT INTO referral_tables (min_deposit, levels, effective_at)
          VALUES ('100', ${JSON.stringify(broken)}::jsonb, ${new Date(t.clock.ms).toISOString()}::timestamptz)
          RETURNING version`,
    );
    let order: DeliveryOrder;
    try {
      order = await losingDelivery(trader, '200');
      // Settled all the same, the stake held by the house; nothing claimed, nothing paid.
      const settled = await queryRows<{ status: string; claims: number }>(
        t.database.db,
        sql`SELECT o.status, (SELECT count(*)::int FROM rebate_events e
                              WHERE e.source = 'stake' AND e.source_id = o.id) AS claims
            FROM delivery_orders o WHERE o.id = ${order.id}::bigint`,
      );
      expect(settled).toEqual([{ status: 'lost', claims: 0 }]);
      expect((await records(up)).total).toBe(0);
      // The batches meet the same table, and fail as loudly as before.
      await expect(drain()).rejects.toThrow('no rebate at depth 1');
    } finally {
      await t.database.db.execute(sql`DELETE FROM referral_tables WHERE version = ${row!.version}`);
    }
    // With a table the rules can read, the batches pay it, once.
    expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);
    expect((await records(up)).list.map((r) => [r.baseAmount, r.rebate])).toEqual([['200', '0.20']]);
    expect(await paidWithSettlement(order.id)).toEqual([false]);
  });

  it('pays, in a starting node’s first settlement pass, the rebates of stakes that expired while no node ran', async () => {
    const up = await join();
    const trader = await join(up);
    await fundDelivery(trader, '1000', '500');
    await price('SOLUSDT', '100.00');
    const created = await openDelivery(trader, 'put', '300');
    await passExpiry();
    // A node starts on the database with the order due: its first pass runs once every module (the rebates' hook
    // too) is registered.
    const node = await createTestApp(
      { market: { source: 'sim', seed: 'referral', feed: false, historyHours: 0, tickRetentionMs: 86_400_000 } },
      { priceSource: new ManualSource(), now: t.clock.now },
      t.database,
    );
    try {
      const status = await queryRows<{ status: string }>(
        t.database.db,
        sql`SELECT status FROM delivery_orders WHERE id = ${created.id}::bigint`,
      );
      expect(status).toEqual([{ status: 'won' }]);
      expect(await paidWithSettlement(created.id)).toEqual([true]);
      expect((await records(up)).list.map((r) => [r.baseAmount, r.rebate])).toEqual([['300', '0.30']]);
    } finally {
      await node.app.close();
    }
  });

  it('looks at recent events only in its frequent passes, and a full pass pays one that committed late', async () => {
    const { up, trader } = await feePayer('2000');
    await perpFee(trader);
    // The fee was charged more than a window ago and no pass saw it (as if its transaction committed late).
    t.clock.advance(REBATE_WINDOW_MS + 60_000);
    const windowed = () => t.app.referral.batches.drain({ since: new Date(t.clock.ms - REBATE_WINDOW_MS) });
    expect(await windowed()).toBe(0);
    expect((await records(up)).total).toBe(0);
    // A recent one is paid by the windowed pass; the late one by the full pass, once.
    await price('SOLUSDT', '100.00');
    await perpFee(trader);
    const [recent, late] = await feesOf(trader);
    expect(await windowed()).toBe(1);
    expect((await records(up)).list.map((r) => r.baseAmount)).toEqual([recent!.toFixed()]);
    expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);
    expect((await records(up)).list.map((r) => r.baseAmount)).toEqual([recent!.toFixed(), late!.toFixed()]);
  });
});
