import type { DepositRecord, FollowPlan, PerpOrder, SdQuoteData, User } from '@nexa/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../ledger/index.js';
import { type Caller, perpetualApp, rid, tick } from '../perpetual-testing.js';
import { ManualSource, TINY_PNG, type TestApp, createOperator, registerUser, uploadFile } from '../testing.js';
import { countStatements } from './statement-count.js';

/**
 * The SQL statements each money call sends (issue 18 §1), counted on the executor and held to a ceiling, so a
 * change cannot quietly add round trips back to a call. Transaction control is not counted (see
 * statement-count.ts): on PostgreSQL each call adds its COMMIT (BEGIN travels with the first statement). Lower a ceiling when a call gets
 * cheaper; raise one only with the reason in the commit.
 */
const CEILING: Record<string, number> = {
  'user/getDemoMoney': 10,
  'index/zySubmit': 8,
  // The same call once both wallets' accounts are open: one statement moves both, records the transfer and its changes.
  'index/zySubmit, accounts open': 4,
  'index/sdSubmit': 10,
  'order/createDeliveryOrder': 7,
  'order/createOrder': 16,
  'order/checkFollowOrder': 18,
  'Sustainable/createOrder': 9,
  'Sustainable/addMargin': 7,
  'Sustainable/closePosition': 14,
  'index/tbSubmit': 14,
};

const src = new ManualSource();
let t: TestApp;
beforeAll(async () => {
  t = await perpetualApp(src);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await new Ledger().violations(t.database.db)).toEqual([]);
});

/**
 * A real-money user who can withdraw: verified, withdrawal password 123456, a bound TRC20 address, and 500 USDT
 * deposited and approved by an operator.
 */
async function withdrawer() {
  const { as, token, user } = await registerUser(t);
  const caller = as as Caller;
  const operatorId = await createOperator(t.database.db, `count-op-${rid()}`);
  const ok = async (path: string, body: object) => {
    const res = await caller(path, body);
    expect(res.code, `${path}: ${res.msg}`).toBe(1);
    return res.data;
  };
  await ok('user_verification/submitIdentityVerification', {
    level: 'basic',
    country: 'DE',
    name: 'Erika Mustermann',
    idNumber: `C${Date.now().toString(36).toUpperCase()}`,
  });
  const { list } = await t.app.kycOperations.listVerifications({ status: 'review', page: 1, pageSize: 100 });
  const mine = list.find((v) => v.owner.uid === user.uid)!;
  await t.app.kycOperations.approveVerification(mine.id, { operatorId, reason: null });
  await ok('index/withdrawalPassword', { password: '123456', password2: '123456' });
  await ok('user/saveUserAddress', { chain: 'TRC20', address: 'TXYZopqrstuvwxyzABCDEFGHJKLMNPQRST', label: 'Mine' });
  const screenshot = (await uploadFile(t.app, token, TINY_PNG)).data.name;
  const dep = (await ok('index/czSubmit', {
    currency: 'USDT',
    chain: 'ERC20',
    amount: '500',
    screenshot,
    requestId: rid(),
  })) as DepositRecord;
  await t.app.fundingOperations.approveDeposit(dep.id, { operatorId, reason: null });
  return caller;
}

async function demoUser() {
  const { as } = await registerUser(t);
  await as('user/changeUser', { mode: 'demo' });
  const me = (await as<User>('user/getUserinfo')).data;
  return { as: as as Caller, me };
}

describe('statements a money call sends', () => {
  it('stays within each call’s ceiling, the answer unchanged by the counting', async () => {
    const counts: Record<string, number> = {};
    const texts: Record<string, string[]> = {};
    /** Runs one call, counted; the call must succeed (a refused call would count a shorter path). */
    const counted = async <T>(as: Caller, path: string, body: object, label = path) => {
      const { result, statements } = await countStatements(() => as<T>(path, body));
      expect(result.code, `${path}: ${result.msg}`).toBe(1);
      counts[label] = statements.length;
      texts[label] = statements;
      return result.data;
    };

    for (const [symbol, price] of [
      ['SOLUSDT', '100.00'],
      ['BTCUSDT', '30000.00'],
    ] as const) {
      await tick(t, src, symbol, price);
    }

    const a = await demoUser();
    await counted(a.as, 'user/getDemoMoney', { requestId: rid() });
    await counted(a.as, 'index/zySubmit', {
      from: 'spot',
      to: 'delivery',
      currency: 'USDT',
      amount: '1000',
      requestId: rid(),
    });
    await counted(
      a.as,
      'index/zySubmit',
      { from: 'delivery', to: 'spot', currency: 'USDT', amount: '1', requestId: rid() },
      'index/zySubmit, accounts open',
    );
    for (const to of ['perpetual', 'copy'])
      await a.as('index/zySubmit', { from: 'spot', to, currency: 'USDT', amount: '1000', requestId: rid() });

    const quote = (await a.as<SdQuoteData>('index/sdQuote', { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '10' }))
      .data;
    await counted(a.as, 'index/sdSubmit', {
      fromCurrency: 'USDT',
      toCurrency: 'BTC',
      amount: '10',
      slippage: '5',
      rate: quote.rate,
      requestId: rid(),
    });

    await counted(a.as, 'order/createDeliveryOrder', {
      symbol: 'SOLUSDT',
      direction: 'call',
      seconds: t.app.market.periodsOf('SOLUSDT')[0]!.seconds,
      amount: '100',
      requestId: rid(),
    });

    const b = await demoUser();
    await b.as('user/getDemoMoney', { requestId: rid() });
    await b.as('index/zySubmit', { from: 'spot', to: 'copy', currency: 'USDT', amount: '1000', requestId: rid() });
    const plan = await counted<FollowPlan>(a.as, 'order/createOrder', {
      title: 'Morning call',
      symbol: 'SOLUSDT',
      direction: 'call',
      seconds: t.app.market.periodsOf('SOLUSDT')[0]!.seconds,
      orderTime: t.clock.ms + 120_000,
      condition: { type: 'fixed', value: '100' },
      amount: '50',
      invitees: [b.me.uid],
      requestId: rid(),
    });
    await counted(b.as, 'order/checkFollowOrder', { planId: plan.id, requestId: rid() });

    const opened = await counted<PerpOrder>(a.as, 'Sustainable/createOrder', {
      symbol: 'SOLUSDT',
      side: 'long',
      type: 'market',
      quantity: '10',
      requestId: rid(),
    });
    const positionId = opened.positionId!;
    await counted(a.as, 'Sustainable/addMargin', { positionId, amount: '10', requestId: rid() });
    await counted(a.as, 'Sustainable/closePosition', { positionId, requestId: rid() });

    await counted(await withdrawer(), 'index/tbSubmit', {
      method: 'crypto',
      currency: 'USDT',
      chain: 'TRC20',
      amount: '100',
      withdrawalPassword: '123456',
      requestId: rid(),
    });

    const over = Object.keys(CEILING).filter((path) => !(counts[path]! <= CEILING[path]!));
    expect(
      over.map((path) => `${path}: ${counts[path]} > ${CEILING[path]}\n  ${texts[path]!.join('\n  ')}`),
      JSON.stringify(counts),
    ).toEqual([]);
    expect(Object.keys(counts).sort()).toEqual(Object.keys(CEILING).sort());
  });

  it('counts a call’s own statements, not those of work running beside it', async () => {
    const u = await demoUser();
    const [alone, beside] = await Promise.all([
      countStatements(() => u.as('user/getDemoMoney', { requestId: rid() })),
      // Other work at the same time, outside the count.
      Promise.all(Array.from({ length: 5 }, () => demoUser())),
    ]);
    expect(alone.result.code).toBe(1);
    expect(beside).toHaveLength(5);
    const again = await demoUser();
    const quiet = await countStatements(() => again.as('user/getDemoMoney', { requestId: rid() }));
    expect(alone.statements.length).toBe(quiet.statements.length);
    expect(alone.statements.length).toBeGreaterThan(0);
  });
});
