import type {
  DemoMoneyData,
  MoneyLogsData,
  PropertyData,
  SessionData,
  TransferRecord,
  User,
  ZyRecData,
} from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../ledger/index.js';
import { queryRows } from '../../platform/db.js';
import { type TestApp, call, createTestApp, registerUser } from '../../testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Whatever a test did, the ledger must still balance.
afterEach(async () => {
  expect(await new Ledger().violations(t.database.db)).toEqual([]);
});

let reqSeq = 0;
const rid = () => `req-${Date.now().toString(36)}-${++reqSeq}`;

async function newUser(): Promise<{
  token: string;
  user: User;
  as: (path: string, body?: object) => ReturnType<typeof call>;
}> {
  const { token, user } = await registerUser(t);
  return { token, user: user as User, as: (path, body = {}) => call(t.app, path, body, { TOKEN: token }) };
}

/** A user in demo mode holding the monthly demo assets (10 000 USDT) in spot. */
async function demoUser() {
  const u = await newUser();
  expect((await u.as('user/changeUser', { mode: 'demo' })).code).toBe(1);
  const claim = await u.as('user/getDemoMoney', { requestId: rid() });
  expect(claim.code, claim.msg).toBe(1);
  return u;
}

const countRows = async (table: 'wallet_transfers' | 'ledger_transfers' | 'account_changes') =>
  Number((await queryRows(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n);

const spot = (p: PropertyData) => p.wallets.find((w) => w.wallet === 'spot')!;
const delivery = (p: PropertyData) => p.wallets.find((w) => w.wallet === 'delivery')!;

describe('assets', () => {
  it('shows four empty wallets to a new user, in USD by default and in another denomination', async () => {
    const u = await newUser();
    const res = await u.as('index/property');
    expect(res.code, res.msg).toBe(1);
    const p = res.data as PropertyData;
    expect(p).toMatchObject({ mode: 'real', denomination: 'USD', rate: '1', totalUsdt: '0.00', todayEarnings: '0.00' });
    expect(p.wallets.map((w) => w.wallet)).toEqual(['spot', 'delivery', 'perpetual', 'copy']);
    expect(spot(p).currencies.map((c) => c.currency)).toEqual(['USDT', 'USDC', 'BTC', 'ETH']);
    expect(delivery(p).currencies).toEqual([
      { currency: 'USDT', available: '0.00', frozen: '0.00', valueUsdt: '0.00' },
    ]);
    const bad = await u.as('index/property', { denomination: 'XXX' });
    expect(bad).toMatchObject({ code: 400, data: { fields: [{ field: 'denomination' }] } });
  });

  it('lists denominations with rates, USD first', async () => {
    const res = await call<{ list: { code: string; rate: string }[] }>(t.app, 'index/denominations');
    expect(res.data.list[0]).toEqual({ code: 'USD', symbol: '$', rate: '1' });
    expect(res.data.list.length).toBeGreaterThan(5);
  });

  it('answers 401 without a session on every wallet call', async () => {
    for (const path of [
      'index/property',
      'index/money',
      'index/zySubmit',
      'index/zyRec',
      'user/getDemoMoney',
      'order/moneyLogs',
    ]) {
      expect((await call(t.app, path, {})).code, path).toBe(401);
    }
  });
});

describe('demo assets and modes', () => {
  it('grants demo assets once a calendar month, only in demo mode', async () => {
    const u = await newUser();
    const inReal = await u.as('user/getDemoMoney', { requestId: rid() });
    expect(inReal).toMatchObject({ code: 0, msg: 'Demo assets can only be claimed in demo mode' });

    const switched = await u.as('user/changeUser', { mode: 'demo' });
    expect(switched).toMatchObject({ code: 1, data: { mode: 'demo' } });
    expect(((await u.as('user/getUserinfo')).data as User).mode).toBe('demo');

    const claimId = rid();
    const claim = await u.as('user/getDemoMoney', { requestId: claimId });
    expect(claim).toMatchObject({ code: 1, data: { currency: 'USDT', amount: '10000.00' } });
    // A retry of the successful claim (same requestId) answers with its first result and moves nothing.
    expect(await u.as('user/getDemoMoney', { requestId: claimId })).toEqual(claim);
    const again = await u.as('user/getDemoMoney', { requestId: rid() });
    expect(again.code).toBe(0);
    const nextAt = (claim.data as DemoMoneyData).nextClaimAt;
    expect(again.msg).toContain(new Date(nextAt).toISOString().slice(0, 10));
    expect(again.data).toEqual({ nextClaimAt: nextAt });

    const p = (await u.as('index/property')).data as PropertyData;
    expect(p).toMatchObject({ mode: 'demo', totalUsdt: '10000.00' });
    expect(spot(p).currencies[0]).toMatchObject({ currency: 'USDT', available: '10000.00' });

    t.clock.ms = nextAt + 1000;
    expect((await u.as('user/getDemoMoney', { requestId: rid() })).code).toBe(1);
    expect(((await u.as('index/property')).data as PropertyData).totalUsdt).toBe('20000.00');
  });

  it('keeps real and demo money apart', async () => {
    const u = await demoUser();
    expect(
      (
        await u.as('index/zySubmit', {
          from: 'spot',
          to: 'delivery',
          currency: 'USDT',
          amount: '100',
          requestId: rid(),
        })
      ).code,
    ).toBe(1);
    await u.as('user/changeUser', { mode: 'real' });
    const real = (await u.as('index/property')).data as PropertyData;
    expect(real).toMatchObject({ mode: 'real', totalUsdt: '0.00' });
    const move = await u.as('index/zySubmit', {
      from: 'spot',
      to: 'delivery',
      currency: 'USDT',
      amount: '1',
      requestId: rid(),
    });
    expect(move).toMatchObject({ code: 0, msg: 'Insufficient balance' });
    expect(((await u.as('index/zyRec')).data as ZyRecData).total).toBe(0);
    expect(((await u.as('order/moneyLogs')).data as MoneyLogsData).total).toBe(0);
    await u.as('user/changeUser', { mode: 'demo' });
    expect(((await u.as('index/zyRec')).data as ZyRecData).total).toBe(1);
  });

  it('races two demo claims into exactly one', async () => {
    const u = await newUser();
    await u.as('user/changeUser', { mode: 'demo' });
    const results = await Promise.all([1, 2, 3, 4].map(() => u.as('user/getDemoMoney', { requestId: rid() })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(((await u.as('index/property')).data as PropertyData).totalUsdt).toBe('10000.00');
  });
});

describe('transfers between wallets', () => {
  it('lists account changes newest first when ids cross a power of ten (not sorted as text)', async () => {
    // Ids 9999998, 9999999 and 10000000 sort wrongly as text ("9999999" > "9999998" > "10000000"); the clock is
    // frozen, so only the id orders these three changes.
    const [top] = await queryRows<{ next: string }>(
      t.database.db,
      sql`SELECT greatest(max(id) + 1, 9999998)::text AS next FROM account_changes`,
    );
    expect(BigInt(top!.next)).toBeLessThanOrEqual(9999998n);
    await t.database.db.execute(sql`SELECT setval('account_changes_id_seq', 9999997)`);
    const u = await demoUser();
    const res = await u.as('index/zySubmit', {
      from: 'spot',
      to: 'delivery',
      currency: 'USDT',
      amount: '1',
      requestId: rid(),
    });
    expect(res.code, res.msg).toBe(1);
    const logs = (await u.as('order/moneyLogs')).data as MoneyLogsData;
    expect(logs.list.map((l) => [l.id, l.type])).toEqual([
      ['10000000', 'transfer_in'],
      ['9999999', 'transfer_out'],
      ['9999998', 'demo_claim'],
    ]);
  });

  it('moves money and records both sides, the transfer and the account changes', async () => {
    const u = await demoUser();
    const res = await u.as('index/zySubmit', {
      from: 'spot',
      to: 'delivery',
      currency: 'USDT',
      amount: '2500.5',
      requestId: rid(),
    });
    expect(res.code, res.msg).toBe(1);
    expect(res.data).toMatchObject({
      mode: 'demo',
      amount: '2500.50',
      currencyOut: 'USDT',
      walletOut: 'spot',
      beforeOut: '10000.00',
      afterOut: '7499.50',
      currencyIn: 'USDT',
      walletIn: 'delivery',
      beforeIn: '0.00',
      afterIn: '2500.50',
    });
    const p = (await u.as('index/property')).data as PropertyData;
    expect(spot(p).availableUsdt).toBe('7499.50');
    expect(delivery(p).availableUsdt).toBe('2500.50');
    expect(p.totalUsdt).toBe('10000.00');
    const one = await u.as('index/money', { wallet: 'delivery' });
    expect(one).toMatchObject({ code: 1, data: { wallet: 'delivery', valueUsdt: '2500.50', mode: 'demo' } });

    const rec = (await u.as('index/zyRec')).data as ZyRecData;
    expect(rec.total).toBe(1);
    expect(rec.list[0]).toEqual(res.data);

    const logs = (await u.as('order/moneyLogs')).data as MoneyLogsData;
    expect(logs.list.map((l) => [l.type, l.wallet, l.amount, l.balanceBefore, l.balanceAfter])).toEqual([
      ['transfer_in', 'delivery', '2500.50', '0.00', '2500.50'],
      ['transfer_out', 'spot', '-2500.50', '10000.00', '7499.50'],
      ['demo_claim', 'spot', '10000.00', '0.00', '10000.00'],
    ]);
    expect(logs.total).toBe(3);
    const outs = (await u.as('order/moneyLogs', { type: 'transfer_out' })).data as MoneyLogsData;
    expect(outs.list.map((l) => l.amount)).toEqual(['-2500.50']);
    const inDelivery = (await u.as('user/getUserMoneyLog', { wallet: 'delivery' })).data as MoneyLogsData;
    expect(inDelivery.list.map((l) => [l.type, l.balanceAfter])).toEqual([['transfer_in', '2500.50']]);
    const viaGet = await t.app.inject({
      method: 'GET',
      url: '/api/order/moneyLogs?wallet=spot&page=1&pageSize=1',
      headers: { token: u.token },
    });
    expect(viaGet.json().data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
  });

  it('filters the account change log by date range', async () => {
    const u = await demoUser();
    const t0 = t.clock.ms;
    t.clock.advance(3_600_000);
    await u.as('index/zySubmit', { from: 'spot', to: 'perpetual', currency: 'USDT', amount: '10', requestId: rid() });
    const before = (await u.as('order/moneyLogs', { start: t0 - 1000, end: t0 + 1000 })).data as MoneyLogsData;
    expect(before.list.map((l) => l.type)).toEqual(['demo_claim']);
    const after = (await u.as('order/moneyLogs', { start: t0 + 1000 })).data as MoneyLogsData;
    expect(after.list.map((l) => l.type).sort()).toEqual(['transfer_in', 'transfer_out']);
    const backwards = await u.as('order/moneyLogs', { start: t0 + 1000, end: t0 });
    expect(backwards).toMatchObject({ code: 400, data: { fields: [{ field: 'end' }] } });
    const tooBig = await u.as('order/moneyLogs', { pageSize: 101 });
    expect(tooBig).toMatchObject({ code: 400, data: { fields: [{ field: 'pageSize' }] } });
  });

  it('refuses bad amounts and impossible transfers, storing nothing', async () => {
    const u = await demoUser();
    const before = await Promise.all([
      countRows('wallet_transfers'),
      countRows('ledger_transfers'),
      countRows('account_changes'),
    ]);
    const base = { from: 'spot', to: 'delivery', currency: 'USDT' };
    for (const amount of ['-5', '0', '0.00', '1.001', 'abc', '1e3', '', ' ', '99999999999999999', '1,5', 12]) {
      const res = await u.as('index/zySubmit', { ...base, amount, requestId: rid() });
      expect([0, 400], `amount ${JSON.stringify(amount)}`).toContain(res.code);
    }
    expect(await u.as('index/zySubmit', { ...base, amount: '1.001', requestId: rid() })).toMatchObject({
      code: 0,
      msg: 'The amount can have at most 2 decimals',
    });
    expect(await u.as('index/zySubmit', { ...base, amount: '10001', requestId: rid() })).toMatchObject({
      code: 0,
      msg: 'Insufficient balance',
    });
    expect(await u.as('index/zySubmit', { ...base, to: 'spot', amount: '1', requestId: rid() })).toMatchObject({
      code: 0,
      msg: 'Choose two different wallets',
    });
    expect(await u.as('index/zySubmit', { ...base, currency: 'BTC', amount: '1', requestId: rid() })).toMatchObject({
      code: 0,
      msg: 'BTC cannot be held in the delivery contract wallet',
    });
    expect(await u.as('index/zySubmit', { ...base, amount: '1' })).toMatchObject({
      code: 400,
      data: { fields: [{ field: 'requestId', reason: 'required' }] },
    });
    expect(await u.as('index/zySubmit', { ...base, from: 'bank', amount: '1', requestId: rid() })).toMatchObject({
      code: 400,
      data: { fields: [{ field: 'from' }] },
    });
    const zh = await u.as('index/zySubmit', { ...base, amount: '10001', requestId: rid() });
    expect(zh.code).toBe(0);
    const after = await Promise.all([
      countRows('wallet_transfers'),
      countRows('ledger_transfers'),
      countRows('account_changes'),
    ]);
    expect(after).toEqual(before);
  });

  it('lets exactly those of 50 concurrent transfers through that fit the balance', async () => {
    const u = await demoUser();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        u.as('index/zySubmit', { from: 'spot', to: 'delivery', currency: 'USDT', amount: '250', requestId: rid() }),
      ),
    );
    const ok = results.filter((r) => r.code === 1);
    expect(ok).toHaveLength(40);
    expect(
      results
        .filter((r) => r.code !== 1)
        .map((r) => r.msg)
        .filter((m) => m !== 'Insufficient balance'),
    ).toEqual([]);
    const p = (await u.as('index/property')).data as PropertyData;
    expect(spot(p).availableUsdt).toBe('0.00');
    expect(delivery(p).availableUsdt).toBe('10000.00');
    // Each success saw a distinct balance: the before/after chain is unbroken.
    const afters = ok.map((r) => (r.data as TransferRecord).afterOut).sort((a, b) => Number(a) - Number(b));
    expect(afters).toEqual(Array.from({ length: 40 }, (_, i) => (i * 250).toFixed(2)));
  });

  it('applies 20 concurrent repeats of one requestId once and returns the first result to all', async () => {
    const u = await demoUser();
    const body = { from: 'spot', to: 'copy', currency: 'USDT', amount: '123.45', requestId: rid() };
    const results = await Promise.all(Array.from({ length: 20 }, () => u.as('index/zySubmit', body)));
    expect(results.every((r) => r.code === 1)).toBe(true);
    const ids = new Set(results.map((r) => (r.data as TransferRecord).id));
    expect(ids.size).toBe(1);
    const p = (await u.as('index/property')).data as PropertyData;
    expect(spot(p).availableUsdt).toBe('9876.55');
    expect(((await u.as('index/zyRec')).data as ZyRecData).total).toBe(1);

    const changed = await u.as('index/zySubmit', { ...body, amount: '1' });
    expect(changed).toMatchObject({ code: 0, msg: 'This request number was already used for a different request' });
    const otherCall = await u.as('user/getDemoMoney', { requestId: body.requestId });
    expect(otherCall.code).toBe(0);
  });

  it('never shows or moves one user money for another', async () => {
    const a = await demoUser();
    const b = await demoUser();
    const body = { from: 'spot', to: 'delivery', currency: 'USDT', amount: '5', requestId: rid() };
    const first = await a.as('index/zySubmit', body);
    // The same requestId is B's own key: it moves B's money, not A's result.
    const second = await b.as('index/zySubmit', body);
    expect(second.code).toBe(1);
    expect((second.data as TransferRecord).id).not.toBe((first.data as TransferRecord).id);
    const bRec = (await b.as('index/zyRec')).data as ZyRecData;
    expect(bRec.list.map((r) => r.id)).toEqual([(second.data as TransferRecord).id]);
    const bLogs = (await b.as('order/moneyLogs')).data as MoneyLogsData;
    expect(bLogs.total).toBe(3);
  });
});
